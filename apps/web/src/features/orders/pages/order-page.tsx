import { Alert, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { zodResolver } from "@hookform/resolvers/zod";
import { orderCancelBodySchema, type Order, type OrderCancelBody } from "@portal/contract";
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCheck,
  IconCircleCheck,
  IconClockHour4,
  IconFileText,
  IconHourglassEmpty,
  IconMapPin,
  IconX,
  type Icon,
} from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyPanel } from "@/components/empty-panel";
import { TextareaField } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { isApiError } from "@/lib/api-client";
import { parseApiError } from "@/lib/errors";
import { countParams, formatDate } from "@/lib/format";
import { useServerErrors } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAcceptOffer, useCancelOrder, useOrder } from "../api/orders";
import { useBillingAddressLookup } from "../api/lookups";
import { OrderDocumentButton, OrderLayout, OrderSummaryCard } from "../components";
import { formatAmount } from "../lib/money";
import { canAccept, canCancel, displayStatus } from "../lib/order-state";

/** The back link to the list, its arrow turned in right-to-left languages. */
function BackToOrders() {
  const { t, i18n } = useTranslation();
  return (
    <Button
      component={Link}
      to={paths.billing}
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden style={{ transform: i18n.dir() === "rtl" ? "scaleX(-1)" : undefined }} />}
    >
      {t("orders.order.back")}
    </Button>
  );
}

/** What the order's state means for the customer, and what to do next. */
function StateNotice({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notice = (color: string, icon: Icon, title: string, text: ReactNode, action?: ReactNode) => {
    const NoticeIcon = icon;
    return (
      <Alert color={color} variant="light" icon={<NoticeIcon size={20} aria-hidden />} title={title} data-testid="order-notice" data-state={displayStatus(order)}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{text}</Text>
          {action}
        </Stack>
      </Alert>
    );
  };
  switch (displayStatus(order)) {
    case "pending_offer":
      return notice("yellow", IconHourglassEmpty, t("orders.order.pendingTitle"), t("orders.order.pendingText"));
    case "offered":
      return notice("blue", IconFileText, t("orders.order.offeredTitle"), t("orders.order.offeredText", { date: formatDate(order.validUntil, language) }));
    case "expired":
      return notice(
        "orange",
        IconClockHour4,
        t("orders.order.expiredTitle"),
        t("orders.order.expiredText", { date: formatDate(order.validUntil, language) }),
        <Button component={Link} to={paths.createTicket} size="xs" variant="light" color="orange" data-testid="order-ask-new-offer">
          {t("orders.order.askNewOffer")}
        </Button>,
      );
    case "accepted":
      return notice("indigo", IconCheck, t("orders.order.acceptedTitle"), t("orders.order.acceptedText", { number: order.number }));
    case "paid":
      return notice(
        "teal",
        IconCircleCheck,
        t("orders.order.paidTitle"),
        t("orders.order.paidText", countParams(order.licenseIds.length, language)),
        <Button component={Link} to={paths.myPurchasedLicenses} size="xs" variant="light" color="teal">
          {t("orders.order.viewLicenses")}
        </Button>,
      );
    case "cancelled":
      return notice("gray", IconX, t("orders.order.cancelledTitle"), t("orders.order.cancelledText"));
  }
}

/** Without a billing address the team cannot make an offer (409 order/billing_address_required): ask for one. */
function MissingAddressNotice({ order }: { order: Order }) {
  const { t } = useTranslation();
  const address = useBillingAddressLookup();
  const waitsForOffer = order.status === "pending_offer" || displayStatus(order) === "expired";
  if (!waitsForOffer || address.data !== null) return null;
  return (
    <Alert color="red" variant="light" icon={<IconMapPin size={20} aria-hidden />} title={t("orders.order.noAddressTitle")} data-testid="order-no-address">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t("orders.order.noAddressText")}</Text>
        <Button component={Link} to={`${paths.payments}?tab=address`} size="xs" variant="light" color="red">
          {t("orders.order.addAddress")}
        </Button>
      </Stack>
    </Alert>
  );
}

/** "Accept offer" with its confirmation; a refusal (an offer that expired meanwhile) is a toast and the order reloads. */
function AcceptButton({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const accept = useAcceptOffer();
  if (!canAccept(order)) return null;
  const confirm = () =>
    accept.mutate(order.id, {
      onSuccess: () => {
        setOpen(false);
        notifySuccess(t("orders.order.acceptDone"));
      },
      onError: (error) => {
        setOpen(false);
        notifyError(error);
      },
    });
  return (
    <>
      <Button color="teal" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setOpen(true)} data-testid="order-accept">
        {t("orders.order.accept")}
      </Button>
      <ConfirmDialog
        opened={open}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        title={t("orders.order.acceptTitle")}
        confirmLabel={t("orders.order.accept")}
        cancelLabel={t("commerce.common.cancel")}
        color="teal"
        loading={accept.isPending}
        testId="order-accept-dialog"
        confirmTestId="order-accept-confirm"
      >
        {t("orders.order.acceptText", { number: order.number, total: formatAmount(order.total, order.currency, i18n.language) })}
      </ConfirmDialog>
    </>
  );
}

/** "Cancel order" with a confirmation that asks for an optional reason (checked by the contract's body schema). */
function CancelButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder();
  const form = useForm<OrderCancelBody>({ resolver: zodResolver(orderCancelBodySchema), defaultValues: { reason: "" } });
  const onServerError = useServerErrors(form.setError, { fields: ["reason"] });
  if (!canCancel(order)) return null;
  const close = () => {
    setOpen(false);
    form.reset();
  };
  const submit = form.handleSubmit((body) => {
    const reason = body.reason?.trim();
    cancel.mutate(
      { id: order.id, body: reason ? { reason } : {} },
      {
        onSuccess: () => {
          close();
          notifySuccess(t("orders.order.cancelDone", { number: order.number }));
        },
        onError: (error) => {
          onServerError(error);
          if (!isApiError(error) || error.status !== 422) close();
        },
      },
    );
  });
  return (
    <>
      <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => setOpen(true)} data-testid="order-cancel">
        {t("orders.order.cancel")}
      </Button>
      <ConfirmDialog
        opened={open}
        onClose={close}
        onConfirm={() => void submit()}
        title={t("orders.order.cancelTitle")}
        confirmLabel={t("orders.order.cancel")}
        cancelLabel={t("orders.order.keep")}
        danger
        loading={cancel.isPending}
        testId="order-cancel-dialog"
        confirmTestId="order-cancel-confirm"
      >
        <Stack gap="sm">
          <Text size="sm">{t("orders.order.cancelText", { number: order.number })}</Text>
          <TextareaField
            control={form.control}
            name="reason"
            label={t("orders.order.cancelReason")}
            description={t("orders.order.cancelReasonHint")}
            autosize
            minRows={2}
            maxRows={6}
            data-testid="order-cancel-reason"
          />
        </Stack>
      </ConfirmDialog>
    </>
  );
}

function OrderLoading() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t("app.loading")}>
      <Skeleton height={72} radius="md" />
      <Skeleton height={220} radius="md" />
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}

/** billing/orders/{id}: one of the customer's orders — what it is, what it costs, where it stands, and the customer's next step. */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const query = useOrder(id);
  const order = query.data;
  useDocumentTitle(order ? t("orders.summary.title", { number: order.number }) : t("orders.order.title"));

  if (!order) {
    const notFound = query.isError && isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <PageHeader title={t("orders.order.title")} actions={<BackToOrders />} />
        {query.isPending ? (
          <OrderLoading />
        ) : notFound ? (
          <EmptyPanel icon={<IconAlertTriangle size={28} aria-hidden />} title={t("orders.order.notFoundTitle")} description={t("orders.order.notFoundText")} action={<BackToOrders />} />
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t("orders.order.loadFailed")} data-testid="order-error">
            <Text size="sm">{parseApiError(query.error, t).message}</Text>
            <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void query.refetch()}>
              {t("orders.order.retry")}
            </Button>
          </Alert>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title={t("orders.summary.title", { number: order.number })} actions={<BackToOrders />} />
      <OrderLayout
        order={order}
        summary={
          <>
            <StateNotice order={order} />
            <MissingAddressNotice order={order} />
            <OrderSummaryCard
              order={order}
              title={t("orders.order.details")}
              actions={
                <Group gap="sm" wrap="wrap">
                  <OrderDocumentButton order={order} />
                  <AcceptButton order={order} />
                  <CancelButton order={order} />
                </Group>
              }
            />
          </>
        }
        linesTitle={t("orders.order.lines")}
        timelineTitle={t("orders.timeline.title")}
      />
    </>
  );
}

export { OrderPage as Component };
