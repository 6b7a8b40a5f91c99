import { Button, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { Service } from "@portal/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, DataTable, DataTableSearch, useServerTable, type ServerTableOptions } from "@/components/data-table";
import { PageHeader } from "@/components/page-header";
import { formatDate } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDeleteService } from "../api/delete-service";
import { useServices } from "../api/list-services";
import { DeleteItemDialog } from "../components/delete-item-dialog";
import { RowActions } from "../components/row-actions";
import { ServiceFormModal } from "../components/service-form-modal";

const tableOptions: ServerTableOptions<"name" | "createdAt", "q"> = {
  sortFields: ["name", "createdAt"],
  defaultSort: "name",
  defaultOrder: "asc",
  filters: ["q"],
};

const column = createDataTableColumnHelper<Service>();

/** admin/manage-services: services plans can include; server table, modal form, confirmed delete. */
export function ManageServicesPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("pages.admin.manageServices.title"));
  const table = useServerTable(tableOptions);
  const list = useServices(table.query);
  const remove = useDeleteService();
  const [editing, setEditing] = useState<{ service: Service | null } | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
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
          <Text size="sm" c={row.original.description ? undefined : "dimmed"} lineClamp={2} maw={480}>
            {row.original.description || t("commerce.common.noDescription")}
          </Text>
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
          <RowActions name={row.original.name} onEdit={() => setEditing({ service: row.original })} onDelete={() => setDeleting(row.original)} />
        ),
      }),
    ],
    [t, language],
  );

  const add = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ service: null })}>
      {t("commerce.services.add")}
    </Button>
  );

  return (
    <>
      <PageHeader title={t("pages.admin.manageServices.title")} description={t("commerce.services.subtitle")} actions={add} />
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
          label={t("commerce.services.tableLabel")}
          getRowId={(service) => service.id}
          emptyTitle={t("commerce.services.emptyTitle")}
          emptyDescription={t("commerce.services.emptyDescription")}
          emptyAction={add}
          minWidth={640}
          testId="services-table"
        />
      </Stack>
      <ServiceFormModal opened={editing !== null} service={editing?.service ?? null} onClose={() => setEditing(null)} />
      <DeleteItemDialog
        item={deleting}
        kind="services"
        onClose={() => setDeleting(null)}
        remove={(id, callbacks) => remove.mutate(id, callbacks)}
        pending={remove.isPending}
      />
    </>
  );
}

export { ManageServicesPage as Component };
