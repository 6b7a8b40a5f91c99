import { Alert, Anchor, Button, Card, Group, List, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCash, IconFileInvoice, IconX } from "@tabler/icons-react";
import { orderAllows, type Order } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { parseApiError } from "@/lib/errors";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useOrder } from "../api/orders";
import { OrderDocumentButton, OrderLayout, OrderSummaryCard } from "../components";
import { CancelOrderDialog, MarkPaidDialog, OfferDialog } from "../components/admin-order-dialogs";

type Dialog = "offer" | "markPaid" | "cancel" | null;

/** After `mark-paid`: the invoice number and the licences the payment issued, each opened in Purchased licences. */
function IssuedLicenses({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-licenses-title" data-testid="order-licenses">
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Title order={2} fz="h4" id="order-licenses-title">
          {t("ordersAdmin.order.licenses")}
        </Title>
        {order.invoiceNumber && (
          <Group gap={6} wrap="nowrap">
            <IconFileInvoice size={18} aria-hidden />
            <Text size="sm">
              {t("ordersAdmin.order.invoiceNumber")}:{" "}
              <Text span fw={700} ff="monospace" dir="ltr" data-testid="order-invoice-number">
                {order.invoiceNumber}
              </Text>
            </Text>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t("ordersAdmin.order.licensesHint")}
      </Text>
      <List spacing={4} size="sm">
        {order.licenseIds.map((id, index) => (
          <List.Item key={id}>
            <Anchor component={Link} to={`${paths.admin.purchasedLicenses}?license=${encodeURIComponent(id)}`} size="sm" data-testid="order-license-link">
              {t("ordersAdmin.order.licenseLink", { index: index + 1 })}
            </Anchor>{" "}
            <Text span size="xs" c="dimmed" ff="monospace" dir="ltr">
              {id.slice(0, 8)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/** admin/orders/{id}: one customer's order with what its status allows: make (or change) the offer, mark it paid, cancel it. */
export function AdminOrderPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const query = useOrder(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const order = query.data;
  useDocumentTitle(order ? t("ordersAdmin.order.titleWithNumber", { number: order.number }) : t("ordersAdmin.order.title"));

  if (query.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label={t("app.loading")}>
        <Skeleton height={40} width="40%" />
        <Skeleton height={220} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (!order) {
    return (
      <>
        <PageHeader title={t("ordersAdmin.order.title")} />
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="order-error">
          <Text size="sm">{parseApiError(query.error, t).message}</Text>
          <Group gap="sm" mt="sm">
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t("ordersAdmin.order.retry")}
            </Button>
            <Button size="xs" variant="subtle" component={Link} to={paths.admin.orders}>
              {t("ordersAdmin.order.back")}
            </Button>
          </Group>
        </Alert>
      </>
    );
  }

  const close = () => setDialog(null);
  return (
    <>
      <PageHeader
        title={t("ordersAdmin.order.titleWithNumber", { number: order.number })}
        description={`${order.user.name} · ${order.user.email}`}
        actions={
          <Group gap="sm" role="group" aria-label={t("ordersAdmin.actions.label")}>
            <OrderDocumentButton order={order} />
            {orderAllows("offer", order.status) && (
              <Button leftSection={<IconFileInvoice size={16} aria-hidden />} onClick={() => setDialog("offer")} data-testid="order-make-offer">
                {t(order.status === "offered" ? "ordersAdmin.actions.changeOffer" : "ordersAdmin.actions.makeOffer")}
              </Button>
            )}
            {orderAllows("markPaid", order.status) && (
              <Button color="teal" leftSection={<IconCash size={16} aria-hidden />} onClick={() => setDialog("markPaid")} data-testid="order-mark-paid">
                {t("ordersAdmin.actions.markPaid")}
              </Button>
            )}
            {orderAllows("cancel", order.status) && (
              <Button variant="light" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => setDialog("cancel")} data-testid="order-cancel">
                {t("ordersAdmin.actions.cancel")}
              </Button>
            )}
          </Group>
        }
      />
      <OrderLayout
        order={order}
        summary={
          <>
            <OrderSummaryCard order={order} title={t("ordersAdmin.order.details")} team />
            {order.status === "paid" && <IssuedLicenses order={order} />}
          </>
        }
        linesTitle={t("ordersAdmin.order.lines")}
        timelineTitle={t("ordersAdmin.order.timeline")}
      />
      <OfferDialog order={order} opened={dialog === "offer"} onClose={close} />
      <MarkPaidDialog order={order} opened={dialog === "markPaid"} onClose={close} />
      <CancelOrderDialog order={order} opened={dialog === "cancel"} onClose={close} />
    </>
  );
}

export { AdminOrderPage as Component };
