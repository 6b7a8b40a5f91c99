import { Text } from "@mantine/core";
import { serviceBodySchema, type Service } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { DescriptionCell, deleteAction, editAction, ListScreen, type ListColumns } from "@/components/list-screen";
import { formatDate } from "@/lib/format";
import { useCreateService } from "../api/create-service";
import { useDeleteService } from "../api/delete-service";
import { useServices } from "../api/list-services";
import { useUpdateService } from "../api/update-service";


const table: ServerTableOptions<"name" | "createdAt", "q"> = {
  sortFields: ["name", "createdAt"],
  defaultSort: "name",
  defaultOrder: "asc",
  filters: ["q"],
};

const column = createDataTableColumnHelper<Service>();
const columns: ListColumns<Service> = (t, language) => [
  column.accessor("name", {
    id: "name",
    header: () => t("commerce.common.name"),
    enableSorting: true,
    cell: ({ row }) => (
      <Text fw={600} size="sm" dir="auto">
        {row.original.name}
      </Text>
    ),
  }),
  column.accessor("description", { id: "description", header: () => t("commerce.common.description"), cell: ({ row }) => <DescriptionCell text={row.original.description} maw={480} /> }),
  column.accessor("createdAt", { id: "createdAt", header: () => t("commerce.common.created"), enableSorting: true, cell: ({ row }) => formatDate(row.original.createdAt, language) }),
];

/** admin/manage-services: services plans can include; server table, modal form, confirmed delete. */
export function ManageServicesPage() {
  const { t } = useTranslation();
  return (
    <ListScreen
      title={t("pages.admin.manageServices.title")}
      description={t("commerce.services.subtitle")}
      table={table}
      useList={useServices}
      columns={columns}
      texts={{ tableLabel: t("commerce.services.tableLabel"), emptyTitle: t("commerce.services.emptyTitle"), emptyDescription: t("commerce.services.emptyDescription") }}
      search={{ label: t("commerce.common.search") }}
      create={{ label: t("commerce.services.add") }}
      form={{
        schema: serviceBodySchema,
        fields: [
          { name: "name", kind: "text", label: t("commerce.common.name") },
          { name: "description", kind: "textarea", label: t("commerce.common.description") },
        ],
        values: (service) => ({ name: service?.name ?? "", description: service?.description ?? "" }),
        useCreate: useCreateService,
        useUpdate: useUpdateService,
        fieldByCode: { "catalogue/name_taken": "name" },
        texts: {
          createTitle: t("commerce.services.createTitle"),
          editTitle: t("commerce.services.editTitle"),
          created: t("commerce.services.created"),
          saved: t("commerce.services.saved"),
        },
      }}
      rowActions={{
        header: t("commerce.common.actions"),
        label: (service) => t("commerce.common.actionsFor", { name: service.name }),
        items: [
          editAction(t("commerce.common.edit")),
          deleteAction<Service>(t("commerce.common.delete"), {
            title: t("commerce.services.deleteTitle"),
            message: (service) => `${t("commerce.services.deleteConfirm", { name: service.name })} ${t("commerce.services.deleteNote")} ${t("commerce.common.deleteWarning")}`,
            useMutation: useDeleteService,
            done: () => t("commerce.services.deleted"),
            testId: "delete-item-dialog",
          }),
        ],
      }}
      minWidth={640}
      testId="services-table"
    />
  );
}

export { ManageServicesPage as Component };
