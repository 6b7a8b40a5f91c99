import { ActionIcon, Anchor, Badge, Button, Group, SegmentedControl, Stack, Text, Tooltip } from "@mantine/core";
import { IconEye, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import type { Plan } from "@portal/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { createDataTableColumnHelper, DataTable, DataTableSearch, useServerTable, type ServerTableOptions } from "@/components/data-table";
import { PageHeader } from "@/components/page-header";
import { formatDate, formatMoney } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { usePlans } from "../api/list-plans";
import { DeletePlanDialog } from "../components/delete-plan-dialog";

const tableOptions: ServerTableOptions<"name" | "price" | "createdAt", "q" | "active"> = {
  sortFields: ["name", "price", "createdAt"],
  defaultSort: "price",
  defaultOrder: "asc",
  filters: ["q", "active"],
};

const column = createDataTableColumnHelper<Plan>();

/** admin/plans: every template plan, paged, sorted and searched on the server, with an active filter. */
export function AdminPlansPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("pages.admin.plans.title"));
  const table = useServerTable(tableOptions);
  const list = usePlans(table.query);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const language = i18n.language;

  const columns = useMemo(
    () => [
      column.accessor("name", {
        id: "name",
        header: () => t("commerce.common.name"),
        enableSorting: true,
        cell: ({ row }) => (
          <Stack gap={2}>
            <Anchor component={Link} to={paths.admin.plan(row.original.id)} fw={600}>
              {row.original.name}
            </Anchor>
            {row.original.description && (
              <Text size="xs" c="dimmed" lineClamp={1} maw={320}>
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
      column.accessor("billingPeriod", {
        id: "billingPeriod",
        header: () => t("commerce.plans.billingPeriod"),
        cell: ({ row }) => t(`commerce.plans.period.${row.original.billingPeriod}`),
      }),
      column.display({
        id: "features",
        header: () => t("commerce.plans.featuresCount"),
        cell: ({ row }) => row.original.features.length,
      }),
      column.accessor("active", {
        id: "active",
        header: () => t("commerce.plans.activeFilter"),
        cell: ({ row }) => (
          <Badge color={row.original.active ? "teal" : "gray"} variant="light">
            {row.original.active ? t("commerce.plans.active") : t("commerce.plans.inactive")}
          </Badge>
        ),
      }),
      column.accessor("createdAt", {
        id: "createdAt",
        header: () => t("commerce.common.created"),
        enableSorting: true,
        cell: ({ row }) => formatDate(row.original.createdAt, language),
      }),
      column.display({
        id: "actions",
        header: () => <span>{t("commerce.common.actions")}</span>,
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap" role="group" aria-label={t("commerce.common.actionsFor", { name: row.original.name })}>
            <Tooltip label={t("commerce.common.view")}>
              <ActionIcon component={Link} to={paths.admin.plan(row.original.id)} variant="subtle" aria-label={`${t("commerce.common.view")}: ${row.original.name}`}>
                <IconEye size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("commerce.common.edit")}>
              <ActionIcon component={Link} to={paths.admin.planEdit(row.original.id)} variant="subtle" aria-label={`${t("commerce.common.edit")}: ${row.original.name}`}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("commerce.common.delete")}>
              <ActionIcon variant="subtle" color="red" onClick={() => setDeleting(row.original)} aria-label={`${t("commerce.common.delete")}: ${row.original.name}`}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      }),
    ],
    [t, language],
  );

  const create = (
    <Button component={Link} to={paths.admin.planCreate} leftSection={<IconPlus size={16} aria-hidden />}>
      {t("commerce.plans.add")}
    </Button>
  );

  return (
    <>
      <PageHeader title={t("pages.admin.plans.title")} description={t("commerce.plans.subtitle")} actions={create} />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <DataTableSearch table={table} label={t("commerce.common.search")} style={{ flex: "1 1 220px", maxWidth: 360 }} />
          <SegmentedControl
            aria-label={t("commerce.plans.activeFilter")}
            value={table.filters.active ?? "all"}
            onChange={(value) => table.setFilter("active", value === "all" ? null : value)}
            data={[
              { value: "all", label: t("commerce.plans.all") },
              { value: "true", label: t("commerce.plans.activeOnly") },
              { value: "false", label: t("commerce.plans.inactiveOnly") },
            ]}
          />
        </Group>
        <DataTable
          table={table}
          columns={columns}
          data={list.data?.items}
          total={list.data?.total}
          isLoading={list.isPending}
          isFetching={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          label={t("commerce.plans.tableLabel")}
          getRowId={(plan) => plan.id}
          emptyTitle={t("commerce.plans.emptyTitle")}
          emptyDescription={t("commerce.plans.emptyDescription")}
          emptyAction={create}
          minWidth={860}
          testId="plans-table"
        />
      </Stack>
      <DeletePlanDialog plan={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export { AdminPlansPage as Component };
