import { Card, Divider, Group, Stack, Table, Text, Timeline, Title } from "@mantine/core";
import type { Order } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { DetailField } from "@/components/detail-field";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "@/lib/format";

const numeric = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

/** The order's lines and its totals (subtotal, discount, tax, total) in the order's currency. */
export function AdminOrderLines({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (amount: string) => formatMoney(Number(amount), order.currency, language);
  const percent = (value: number) => formatNumber(value / 100, language, { style: "percent", maximumFractionDigits: 2 });
  const total = (label: string, value: string, strong = false, testId?: string) => (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : "dimmed"}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={numeric} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-lines-title" data-testid="order-lines">
      <Title order={2} fz="h4" id="order-lines-title" mb="sm">
        {t("ordersAdmin.order.lines")}
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("ordersAdmin.order.description")}</Table.Th>
              <Table.Th ta="end">{t("ordersAdmin.order.quantity")}</Table.Th>
              <Table.Th ta="end">{t("ordersAdmin.order.unitPrice")}</Table.Th>
              <Table.Th ta="end">{t("ordersAdmin.order.lineTotal")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((item, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <Text size="sm" dir="auto">
                    {item.description}
                  </Text>
                </Table.Td>
                <Table.Td ta="end" style={numeric}>
                  {formatNumber(item.quantity, language)}
                </Table.Td>
                <Table.Td ta="end" style={numeric}>
                  {money(item.unitPrice)}
                </Table.Td>
                <Table.Td ta="end" style={numeric}>
                  {money(item.lineTotal)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={6} mt="md" maw={360} ms="auto">
        {total(t("ordersAdmin.order.subtotal"), money(order.subtotal))}
        {order.discountPercent > 0 && total(t("ordersAdmin.order.discount", { percent: percent(order.discountPercent) }), `−${money(order.discountAmount)}`)}
        {order.taxCountry !== null &&
          total(t("ordersAdmin.order.taxCountry", { percent: percent(order.taxRate), country: order.taxCountry }), money(order.taxAmount))}
        <Divider />
        {total(t("ordersAdmin.order.total"), money(order.total), true, "order-total")}
      </Stack>
    </Card>
  );
}

/** Who ordered, their billing address as copied with the offer, the note and the offer's terms. */
export function AdminOrderFacts({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const address = order.billingAddress;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-customer-title" data-testid="order-facts">
      <Title order={2} fz="h4" id="order-customer-title" mb="sm">
        {t("ordersAdmin.order.customer")}
      </Title>
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={600} dir="auto">
            {order.user.name}
          </Text>
          <Text size="sm" c="dimmed" dir="ltr" ta="start">
            {order.user.email}
          </Text>
        </div>
        {address && (
          <DetailField label={t("ordersAdmin.order.billingAddress")}>
            <Text size="sm" dir="auto" style={{ whiteSpace: "pre-line" }}>
              {[address.line1, address.line2, `${address.postalCode} ${address.city}`, address.country].filter(Boolean).join("\n")}
            </Text>
          </DetailField>
        )}
        {order.projectName && (
          <DetailField label={t("ordersAdmin.order.project")}>
            <Text size="sm">{order.projectName}</Text>
          </DetailField>
        )}
        {order.note && (
          <DetailField label={t("ordersAdmin.order.note")}>
            <Text size="sm" dir="auto" style={{ whiteSpace: "pre-line" }}>
              {order.note}
            </Text>
          </DetailField>
        )}
        {order.validUntil && (
          <DetailField label={t("ordersAdmin.order.validUntil")}>
            <Text size="sm" c={order.offerExpired ? "red" : undefined}>
              {formatDate(order.validUntil, i18n.language)}
              {order.offerExpired ? ` · ${t("ordersAdmin.order.expired")}` : ""}
            </Text>
          </DetailField>
        )}
        {order.offerMessage && (
          <DetailField label={t("ordersAdmin.order.offerMessage")}>
            <Text size="sm" dir="auto" style={{ whiteSpace: "pre-line" }}>
              {order.offerMessage}
            </Text>
          </DetailField>
        )}
        {order.paymentReference && (
          <DetailField label={t("ordersAdmin.order.paymentReference")}>
            <Text size="sm" dir="auto">
              {order.paymentReference}
            </Text>
          </DetailField>
        )}
        {order.cancelReason && (
          <DetailField label={t("ordersAdmin.order.cancelReason")}>
            <Text size="sm" dir="auto">
              {order.cancelReason}
            </Text>
          </DetailField>
        )}
      </Stack>
    </Card>
  );
}

/** When each step happened. */
export function AdminOrderTimeline({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const steps = (
    [
      ["created", order.createdAt],
      ["offered", order.offeredAt],
      ["accepted", order.acceptedAt],
      ["paid", order.paidAt],
      ["cancelled", order.cancelledAt],
    ] as const
  ).filter((step): step is readonly [(typeof step)[0], string] => step[1] !== null);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-timeline-title" data-testid="order-timeline">
      <Title order={2} fz="h4" id="order-timeline-title" mb="md">
        {t("ordersAdmin.order.timeline")}
      </Title>
      <Timeline active={steps.length - 1} bulletSize={14} lineWidth={2}>
        {steps.map(([event, at]) => (
          <Timeline.Item key={event} title={t(`ordersAdmin.order.events.${event}`)}>
            <Text size="xs" c="dimmed">
              {formatDateTime(at, i18n.language)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}
