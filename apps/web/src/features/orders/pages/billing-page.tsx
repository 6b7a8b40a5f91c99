import { Anchor, Grid, Stack, Text, Title } from "@mantine/core";
import { orderSortFields, orderStatuses, type Order } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EnterprisePayment } from "@/components/enterprise-payment";
import { TaxInfo } from "@/components/tax-info";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { ListScreen, type ListColumns } from "@/components/list-screen";
import { countParams, formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useOrders } from "../api/orders";
import { OrderStatusBadge } from "../components/order-status-badge";
import { formatAmount } from "../lib/money";

const table: ServerTableOptions<(typeof orderSortFields)[number], "status"> = {
  sortFields: orderSortFields,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["status"],
};

const nowrap = { whiteSpace: "nowrap" } as const;

/** "Pro plan", or "Pro plan and 2 more items". */
function ItemsSummary({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const [first, ...rest] = order.items;
  if (!first) return <Text size="sm">—</Text>;
  const quantity = first.quantity > 1 ? ` × ${countParams(first.quantity, i18n.language).n}` : "";
  // The description is isolated (FSI … PDI): an English plan name keeps its place in a Persian sentence.
  const item = `\u2068${first.description}\u2069${quantity}`;
  const text = rest.length ? t("orders.billing.moreItems", { first: item, ...countParams(rest.length, i18n.language) }) : item;
  return (
    <Text size="sm" truncate="end" maw={320} title={text}>
      {text}
    </Text>
  );
}

const column = createDataTableColumnHelper<Order>();
const columns: ListColumns<Order> = (t, language) => [
  column.accessor("number", {
    id: "number",
    header: () => t("orders.billing.columns.number"),
    enableSorting: true,
    cell: ({ row }) => (
      <Anchor component={Link} to={paths.billingOrder(row.original.id)} size="sm" fw={600} dir="ltr" style={nowrap} data-testid="order-link">
        {row.original.number}
      </Anchor>
    ),
  }),
  column.accessor("createdAt", {
    id: "createdAt",
    header: () => t("orders.billing.columns.createdAt"),
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" style={nowrap}>
        {formatDate(getValue(), language)}
      </Text>
    ),
  }),
  column.display({ id: "items", header: () => t("orders.billing.columns.items"), cell: ({ row }) => <ItemsSummary order={row.original} /> }),
  column.accessor("total", {
    id: "total",
    header: () => t("orders.billing.columns.total"),
    enableSorting: true,
    cell: ({ row }) => (
      <Text size="sm" fw={500} style={nowrap} data-testid="order-row-total">
        {formatAmount(row.original.total, row.original.currency, language)}
      </Text>
    ),
  }),
  column.accessor("status", {
    id: "status",
    header: () => t("orders.billing.columns.status"),
    enableSorting: true,
    cell: ({ row }) => <OrderStatusBadge order={row.original} />,
  }),
];

const orderLink = (order: Order) => paths.billingOrder(order.id);
const orderName = (order: Order) => order.number;

/**
 * billing: the customer's orders and invoices (spec section 2's "coming soon" page, now real): a
 * server-side list of their orders, each opening its order page, and below it how paying works —
 * the enterprise team's manual payment and the tax information (spec section 9).
 */
export function BillingPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <div>
        <ListScreen
          title={t("pages.billing.title")}
          description={t("orders.billing.subtitle")}
          table={table}
          useList={useOrders}
          columns={columns}
          texts={{ tableLabel: t("orders.billing.tableLabel"), emptyTitle: t("orders.billing.emptyTitle"), emptyDescription: t("orders.billing.emptyDescription") }}
          filters={[
            {
              param: "status",
              label: t("orders.billing.statusFilter"),
              allLabel: t("orders.billing.allStatuses"),
              options: orderStatuses.map((status) => ({ value: status, label: t(`orders.status.${status}`) })),
              testId: "orders-status-filter",
            },
          ]}
          create={{ label: t("orders.billing.toPricing"), to: paths.pricingPlans }}
          rowLink={orderLink}
          rowName={orderName}
          minWidth={720}
          testId="orders-table"
        />
      </div>
      <Stack gap="md" component="section" aria-labelledby="how-paying-title">
        <Title order={2} fz="h3" id="how-paying-title">
          {t("orders.billing.howPayingTitle")}
        </Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <EnterprisePayment />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <TaxInfo />
          </Grid.Col>
        </Grid>
      </Stack>
    </Stack>
  );
}

export { BillingPage as Component };
