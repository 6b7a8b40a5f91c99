import { Group, ScrollArea, Stack, Table, Text } from "@mantine/core";
import type { Order } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { formatNumber } from "@/lib/format";
import { countryName, formatAmount, formatPercent } from "../lib/money";

const nowrap = { whiteSpace: "nowrap" } as const;

/** The order's lines: what, how many, the price of one and the line's amount, in the order's currency. */
export function OrderLines({ order }: { order: Pick<Order, "items" | "currency"> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (amount: string) => formatAmount(amount, order.currency, language);
  return (
    <ScrollArea type="auto" offsetScrollbars="x">
      <Table verticalSpacing="sm" aria-label={t("orders.lines.tableLabel")} data-testid="order-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("orders.lines.description")}</Table.Th>
            <Table.Th ta="end">{t("orders.lines.quantity")}</Table.Th>
            <Table.Th ta="end" visibleFrom="sm">
              {t("orders.lines.unitPrice")}
            </Table.Th>
            <Table.Th ta="end">{t("orders.lines.lineTotal")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item, index) => (
            <Table.Tr key={index} data-testid="order-line">
              <Table.Td>
                <Text size="sm">
                  <bdi>{item.description}</bdi>
                </Text>
                {/* On a phone the unit price goes under the item instead of a column of its own. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {t("orders.lines.unitPrice")}: {money(item.unitPrice)}
                </Text>
              </Table.Td>
              <Table.Td ta="end" style={nowrap}>
                {formatNumber(item.quantity, language)}
              </Table.Td>
              <Table.Td ta="end" style={nowrap} visibleFrom="sm">
                {money(item.unitPrice)}
              </Table.Td>
              <Table.Td ta="end" style={nowrap} fw={500}>
                {money(item.lineTotal)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function TotalRow({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" data-testid={testId}>
      <Text size={strong ? "md" : "sm"} fw={strong ? 700 : 400} c={strong ? undefined : "dimmed"}>
        {label}
      </Text>
      <Text size={strong ? "lg" : "sm"} fw={strong ? 700 : 500} style={nowrap}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * Subtotal, the discount (when there is one), the tax with its rate and the country it follows (the
 * billing address's, as the server computed it — never the interface language's) and the total.
 */
export function OrderTotals({ order }: { order: Pick<Order, "currency" | "subtotal" | "discountPercent" | "discountAmount" | "taxCountry" | "taxRate" | "taxAmount" | "total"> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (amount: string) => formatAmount(amount, order.currency, language);
  const taxLabel = order.taxCountry
    ? t("orders.totals.tax", { rate: formatPercent(order.taxRate, language), country: countryName(order.taxCountry, language) })
    : t("orders.totals.taxPending");
  return (
    <Stack gap={6} maw={420} ms="auto" w="100%" data-testid="order-totals">
      <TotalRow label={t("orders.totals.subtotal")} value={money(order.subtotal)} testId="order-subtotal" />
      {order.discountPercent > 0 && (
        <TotalRow
          label={t("orders.totals.discount", { percent: formatPercent(order.discountPercent, language) })}
          value={money(order.discountAmount.startsWith("-") ? order.discountAmount : `-${order.discountAmount}`)}
          testId="order-discount"
        />
      )}
      <TotalRow label={taxLabel} value={money(order.taxAmount)} testId="order-tax" />
      <TotalRow label={t("orders.totals.total")} value={money(order.total)} strong testId="order-total" />
    </Stack>
  );
}
