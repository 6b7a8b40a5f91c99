import { Anchor, Badge, Stack, Text } from "@mantine/core";
import { IconEye, IconPencil } from "@tabler/icons-react";
import type { Plan } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { deleteAction, ListScreen, type ListColumns } from "@/components/list-screen";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { paths } from "@/lib/paths";
import { PolicyBadges } from "@/components/license-policy-badges";
import { usePlans } from "../api/plans";
import { deletePlanConfirm } from "../components/delete-plan-dialog";

const table: ServerTableOptions<"name" | "price" | "createdAt", "q" | "active"> = {
  sortFields: ["name", "price", "createdAt"],
  defaultSort: "price",
  defaultOrder: "asc",
  filters: ["q", "active"],
};

const column = createDataTableColumnHelper<Plan>();
const columns: ListColumns<Plan> = (t, language) => [
  column.accessor("name", {
    id: "name",
    header: () => t("commerce.common.name"),
    enableSorting: true,
    cell: ({ row }) => (
      <Stack gap={2}>
        <Anchor component={Link} to={paths.admin.plan(row.original.id)} fw={600} dir="auto">
          {row.original.name}
        </Anchor>
        {row.original.description && (
          <Text size="xs" c="dimmed" lineClamp={1} maw={320} dir="auto">
            {row.original.description}
          </Text>
        )}
      </Stack>
    ),
  }),
  column.accessor("price", {
    id: "price",
    header: () => t("commerce.common.price"),
    enableSorting: true,
    cell: ({ row }) => (
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {formatMoney(row.original.price, row.original.currency, language)}
      </Text>
    ),
  }),
  column.accessor("billingPeriod", { id: "billingPeriod", header: () => t("commerce.plans.billingPeriod"), cell: ({ row }) => t(`commerce.plans.period.${row.original.billingPeriod}`) }),
  column.display({ id: "policy", header: () => t("commerce.plans.policy.column"), cell: ({ row }) => <PolicyBadges policy={row.original} size="xs" /> }),
  column.display({ id: "features", header: () => t("commerce.plans.featuresCount"), cell: ({ row }) => formatNumber(row.original.features.length, language) }),
  column.accessor("active", {
    id: "active",
    header: () => t("commerce.plans.activeFilter"),
    cell: ({ row }) => (
      <Badge color={row.original.active ? "teal" : "gray"} variant="light">
        {row.original.active ? t("commerce.plans.active") : t("commerce.plans.inactive")}
      </Badge>
    ),
  }),
  column.accessor("createdAt", { id: "createdAt", header: () => t("commerce.common.created"), enableSorting: true, cell: ({ row }) => formatDate(row.original.createdAt, language) }),
];

/**
 * admin/plans: every template plan, paged, sorted and searched on the server, with an active
 * filter. Plans are made and edited on their own pages (admin/plans/create, admin/plans/:id/edit).
 */
export function AdminPlansPage() {
  const { t } = useTranslation();
  return (
    <ListScreen
      title={t("pages.admin.plans.title")}
      description={t("commerce.plans.subtitle")}
      table={table}
      useList={usePlans}
      columns={columns}
      texts={{ tableLabel: t("commerce.plans.tableLabel"), emptyTitle: t("commerce.plans.emptyTitle"), emptyDescription: t("commerce.plans.emptyDescription") }}
      search={{ label: t("commerce.common.search") }}
      filters={[
        {
          param: "active",
          kind: "segmented",
          label: t("commerce.plans.activeFilter"),
          allLabel: t("commerce.plans.all"),
          options: [
            { value: "true", label: t("commerce.plans.activeOnly") },
            { value: "false", label: t("commerce.plans.inactiveOnly") },
          ],
        },
      ]}
      create={{ label: t("commerce.plans.add"), to: paths.admin.planCreate }}
      rowActions={{
        header: t("commerce.common.actions"),
        label: (plan) => t("commerce.common.actionsFor", { name: plan.name }),
        items: [
          { id: "view", label: t("commerce.common.view"), icon: IconEye, to: (plan) => paths.admin.plan(plan.id) },
          { id: "edit", label: t("commerce.common.edit"), icon: IconPencil, to: (plan) => paths.admin.planEdit(plan.id) },
          deleteAction<Plan>(t("commerce.common.delete"), deletePlanConfirm(t)),
        ],
      }}
      minWidth={980}
      testId="plans-table"
    />
  );
}

export { AdminPlansPage as Component };
