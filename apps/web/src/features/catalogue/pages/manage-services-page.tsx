import { serviceBodySchema, type Service } from "@portal/contract";
import { useTranslation } from "react-i18next";
import type { ServerTableOptions } from "@/components/data-table";
import { namedItemColumns, NamedItemsScreen } from "@/components/list-screen";
import { useCreateService, useDeleteService, useServices, useUpdateService } from "../api/services";

const table: ServerTableOptions<"name" | "createdAt", "q"> = {
  sortFields: ["name", "createdAt"],
  defaultSort: "name",
  defaultOrder: "asc",
  filters: ["q"],
};
const columns = namedItemColumns<Service>(480);
const api = { useList: useServices, useCreate: useCreateService, useUpdate: useUpdateService, useDelete: useDeleteService };

/** admin/manage-services: services plans can include; server table, modal form, confirmed delete. */
export function ManageServicesPage() {
  const { t } = useTranslation();
  return (
    <NamedItemsScreen
      title={t("pages.admin.manageServices.title")}
      description={t("commerce.services.subtitle")}
      table={table}
      api={api}
      schema={serviceBodySchema}
      columns={columns}
      nameTaken="catalogue/name_taken"
      texts={{
        tableLabel: t("commerce.services.tableLabel"),
        emptyTitle: t("commerce.services.emptyTitle"),
        emptyDescription: t("commerce.services.emptyDescription"),
        add: t("commerce.services.add"),
        createTitle: t("commerce.services.createTitle"),
        editTitle: t("commerce.services.editTitle"),
        created: t("commerce.services.created"),
        saved: t("commerce.services.saved"),
        deleteTitle: t("commerce.services.deleteTitle"),
        deleteMessage: (service) => `${t("commerce.services.deleteConfirm", { name: service.name })} ${t("commerce.services.deleteNote")}`,
        deleted: t("commerce.services.deleted"),
      }}
      minWidth={640}
      testId="services-table"
      deleteTestId="delete-item-dialog"
    />
  );
}

export { ManageServicesPage as Component };
