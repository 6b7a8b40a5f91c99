import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Order } from "@portal/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DetailField } from "@/components/detail-field";
import { formatDate, formatDateTime } from "@/lib/format";
import { countryName } from "../lib/money";
import { OrderStatusBadge } from "./order-status-badge";

/**
 * Text a person typed (a note, a message, an address line): isolated in its own direction, so an
 * English note reads right inside a Persian page, while the block keeps the page's alignment.
 */
const typed = (text: string) => (
  <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
    <bdi>{text}</bdi>
  </Text>
);
/** Codes and e-mail addresses: left to right in any language, aligned with the page. */
const ltr = (text: string) => (
  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
    <span dir="ltr">{text}</span>
  </Text>
);

/**
 * What an order is: its number and status, the customer, the billing address as it was copied
 * when the offer was made (with the tax location beside it), the project, the customer's note, the
 * team's offer message and its validity, and once paid the invoice number and payment reference.
 * Fields without a value are left out. `title` replaces the heading (the order number by default).
 */
export function OrderSummaryCard({ order, title, actions, team = false }: { order: Order; title?: ReactNode; actions?: ReactNode; team?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const address = order.billingAddress;
  const fields: { key: string; label: string; value: ReactNode }[] = [
    { key: "number", label: t("orders.summary.number"), value: ltr(order.number) },
    { key: "createdAt", label: t("orders.summary.createdAt"), value: <Text size="sm">{formatDateTime(order.createdAt, language)}</Text> },
    {
      key: "customer",
      label: t("orders.summary.customer"),
      value: (
        <Stack gap={0}>
          {typed(order.user.name)}
          {ltr(order.user.email)}
        </Stack>
      ),
    },
  ];
  if (address) {
    fields.push({
      key: "billingAddress",
      label: t("orders.summary.billingAddress"),
      value: (
        <Stack gap={0} data-testid="order-billing-address">
          {typed(address.line1)}
          {address.line2 && typed(address.line2)}
          {typed([address.postalCode, address.city].filter(Boolean).join(" "))}
          <Text size="sm">{countryName(address.country, language)}</Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t("orders.summary.taxLocation", { location: `\u2068${address.taxLocation}\u2069` })}
          </Text>
        </Stack>
      ),
    });
  }
  if (order.projectName) fields.push({ key: "project", label: t("orders.summary.project"), value: typed(order.projectName) });
  if (order.validUntil)
    fields.push({
      key: "validUntil",
      label: t("orders.summary.validUntil"),
      value: (
        <Text size="sm" c={order.offerExpired ? "orange" : undefined} fw={order.offerExpired ? 600 : undefined}>
          {formatDate(order.validUntil, language)}
        </Text>
      ),
    });
  if (order.invoiceNumber) fields.push({ key: "invoiceNumber", label: t("orders.summary.invoiceNumber"), value: ltr(order.invoiceNumber) });
  if (order.paymentReference) fields.push({ key: "paymentReference", label: t("orders.summary.paymentReference"), value: ltr(order.paymentReference) });

  const texts: { key: string; label: string; value: string }[] = [];
  if (order.note) texts.push({ key: "note", label: t("orders.summary.note"), value: order.note });
  if (order.offerMessage) texts.push({ key: "offerMessage", label: t("orders.summary.offerMessage"), value: order.offerMessage });
  if (order.cancelReason) texts.push({ key: "cancelReason", label: t("orders.summary.cancelReason"), value: order.cancelReason });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`order-summary-${order.id}`} data-testid="order-summary">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Title order={2} fz="h4" id={`order-summary-${order.id}`}>
              {title ?? t("orders.summary.title", { number: order.number })}
            </Title>
            <OrderStatusBadge order={order} team={team} />
          </Group>
          {actions}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
          {fields.map((field) => (
            <div key={field.key} data-testid={`order-field-${field.key}`}>
              <DetailField label={field.label}>{field.value}</DetailField>
            </div>
          ))}
        </SimpleGrid>
        {texts.map((text) => (
          <div key={text.key} data-testid={`order-field-${text.key}`}>
            <DetailField label={text.label}>{typed(text.value)}</DetailField>
          </div>
        ))}
      </Stack>
    </Card>
  );
}
