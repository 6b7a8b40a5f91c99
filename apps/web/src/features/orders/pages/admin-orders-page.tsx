import { Anchor, Stack, Text } from "@mantine/core";
import { orderSortFields, orderStatuses, type Order } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { ListScreen, type ListColumns } from "@/components/list-screen";
import { formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useOrders } from "../api/orders";
import { formatAmount } from "../lib/money";
import { OrderStatusBadge } from "../components";

const table: ServerTableOptions<(typeof orderSortFields)[number], "q" | "status"> = {
  sortFields: orderSortFields,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["q", "status"],
};

const nowrap = { whiteSpace: "nowrap" } as const;

const column = createDataTableColumnHelper<Order>();
const columns: ListColumns<Order> = (t, language) => [
  column.accessor("number", {
    id: "number",
    header: () => t("ordersAdmin.list.columns.number"),
    enableSorting: true,
    // The number is the row's link (the row click is only the mouse's shortcut).
    cell: ({ row }) => (
      <Anchor
        component={Link}
        to={paths.admin.order(row.original.id)}
        size="sm"
        fw={600}
        ff="monospace"
        dir="ltr"
        underline="hover"
        style={nowrap}
        data-testid="order-link"
      >
        {row.original.number}
      </Anchor>
    ),
  }),
  column.accessor((order) => order.user.name, {
    id: "customer",
    header: () => t("ordersAdmin.list.columns.customer"),
    cell: ({ row }) => (
      <Stack gap={0} maw={260}>
        <Text size="sm" fw={500} truncate="end" title={row.original.user.name} dir="auto">
          {row.original.user.name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end" title={row.original.user.email} dir="ltr" ta="start">
          {row.original.user.email}
        </Text>
      </Stack>
    ),
  }),
  column.accessor("createdAt", {
    id: "createdAt",
    header: () => t("ordersAdmin.list.columns.created"),
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" style={nowrap}>
        {formatDate(getValue(), language)}
      </Text>
    ),
  }),
  column.accessor("total", {
    id: "total",
    header: () => t("ordersAdmin.list.columns.total"),
    enableSorting: true,
    cell: ({ row }) => (
      <Text size="sm" fw={500} style={{ ...nowrap, fontVariantNumeric: "tabular-nums" }} data-testid="order-total">
        {formatAmount(row.original.total, row.original.currency, language)}
      </Text>
    ),
  }),
  column.accessor("status", {
    id: "status",
    header: () => t("ordersAdmin.list.columns.status"),
    enableSorting: true,
    cell: ({ row }) => <OrderStatusBadge order={row.original} team />,
  }),
];

/** admin/orders: every customer's orders, filtered by status and searched, paged and sorted on the server. */
export function AdminOrdersPage() {
  const { t } = useTranslation();
  return (
    <ListScreen
      title={t("ordersAdmin.list.title")}
      description={t("ordersAdmin.list.subtitle")}
      table={table}
      useList={useOrders}
      columns={columns}
      texts={{ tableLabel: t("ordersAdmin.list.tableLabel"), emptyTitle: t("ordersAdmin.list.emptyTitle"), emptyDescription: t("ordersAdmin.list.emptyDescription") }}
      search={{ label: t("ordersAdmin.list.search"), placeholder: t("ordersAdmin.list.searchPlaceholder"), testId: "orders-search" }}
      filters={[
        {
          param: "status",
          label: t("ordersAdmin.list.statusFilter"),
          allLabel: t("ordersAdmin.list.allStatuses"),
          options: orderStatuses.map((status) => ({ value: status, label: t(`ordersAdmin.status.${status}`) })),
          testId: "orders-status-filter",
        },
      ]}
      rowName={(order) => order.number}
      rowLink={(order) => paths.admin.order(order.id)}
      minWidth={760}
      testId="admin-orders-table"
    />
  );
}

export { AdminOrdersPage as Component };
