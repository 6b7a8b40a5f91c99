import { Button, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { CUSTOM_PLAN_CURRENCY, type Feature } from "@portal/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, DataTable, DataTableSearch, useServerTable, type ServerTableOptions } from "@/components/data-table";
import { PageHeader } from "@/components/page-header";
import { formatDate, formatMoney } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDeleteFeature } from "../api/delete-feature";
import { useFeatures } from "../api/list-features";
import { DeleteItemDialog } from "../components/delete-item-dialog";
import { FeatureFormModal } from "../components/feature-form-modal";
import { RowActions } from "../components/row-actions";

const tableOptions: ServerTableOptions<"name" | "price" | "createdAt", "q"> = {
  sortFields: ["name", "price", "createdAt"],
  defaultSort: "name",
  defaultOrder: "asc",
  filters: ["q"],
};

const column = createDataTableColumnHelper<Feature>();

/** admin/manage-features: the features plans are built from; server table, modal form, confirmed delete. */
export function ManageFeaturesPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("pages.admin.manageFeatures.title"));
  const table = useServerTable(tableOptions);
  const list = useFeatures(table.query);
  const remove = useDeleteFeature();
  const [editing, setEditing] = useState<{ feature: Feature | null } | null>(null);
  const [deleting, setDeleting] = useState<Feature | null>(null);
  const language = i18n.language;

  const columns = useMemo(
    () => [
      column.accessor("name", {
        id: "name",
        header: () => t("commerce.common.name"),
        enableSorting: true,
        cell: ({ row }) => <Text fw={600} size="sm">{row.original.name}</Text>,
      }),
      column.accessor("description", {
        id: "description",
        header: () => t("commerce.common.description"),
        cell: ({ row }) => (
          <Text size="sm" c={row.original.description ? undefined : "dimmed"} lineClamp={2} maw={420}>
            {row.original.description || t("commerce.common.noDescription")}
          </Text>
        ),
      }),
      column.accessor("price", {
        id: "price",
        header: () => t("commerce.common.price"),
        enableSorting: true,
        cell: ({ row }) => <span style={{ whiteSpace: "nowrap" }}>{formatMoney(row.original.price, CUSTOM_PLAN_CURRENCY, language)}</span>,
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
          <RowActions name={row.original.name} onEdit={() => setEditing({ feature: row.original })} onDelete={() => setDeleting(row.original)} />
        ),
      }),
    ],
    [t, language],
  );

  const add = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ feature: null })}>
      {t("commerce.features.add")}
    </Button>
  );

  return (
    <>
      <PageHeader title={t("pages.admin.manageFeatures.title")} description={t("commerce.features.subtitle")} actions={add} />
      <Stack gap="md">
        <DataTableSearch table={table} label={t("commerce.common.search")} maw={360} />
        <DataTable
          table={table}
          columns={columns}
          data={list.data?.items}
          total={list.data?.total}
          isLoading={list.isPending}
          isFetching={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          label={t("commerce.features.tableLabel")}
          getRowId={(feature) => feature.id}
          emptyTitle={t("commerce.features.emptyTitle")}
          emptyDescription={t("commerce.features.emptyDescription")}
          emptyAction={add}
          testId="features-table"
        />
      </Stack>
      <FeatureFormModal opened={editing !== null} feature={editing?.feature ?? null} onClose={() => setEditing(null)} />
      <DeleteItemDialog
        item={deleting}
        kind="features"
        onClose={() => setDeleting(null)}
        remove={(id, callbacks) => remove.mutate(id, callbacks)}
        pending={remove.isPending}
      />
    </>
  );
}

export { ManageFeaturesPage as Component };
