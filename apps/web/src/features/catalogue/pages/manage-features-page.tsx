import { CUSTOM_PLAN_CURRENCY, featureBodySchema, type Feature } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { namedItemColumns, NamedItemsScreen } from "@/components/list-screen";
import { formatMoney } from "@/lib/format";
import { useCreateFeature, useDeleteFeature, useFeatures, useUpdateFeature } from "../api/features";

const table: ServerTableOptions<"name" | "price" | "createdAt", "q"> = {
  sortFields: ["name", "price", "createdAt"],
  defaultSort: "name",
  defaultOrder: "asc",
  filters: ["q"],
};
const column = createDataTableColumnHelper<Feature>();
const columns = namedItemColumns<Feature>(420, (t, language) => [
  column.accessor("price", {
    id: "price",
    header: () => t("commerce.common.price"),
    enableSorting: true,
    cell: ({ row }) => <span style={{ whiteSpace: "nowrap" }}>{formatMoney(row.original.price, CUSTOM_PLAN_CURRENCY, language)}</span>,
  }),
]);
const api = { useList: useFeatures, useCreate: useCreateFeature, useUpdate: useUpdateFeature, useDelete: useDeleteFeature };

/** admin/manage-features: the features plans are built from, with their price in a custom plan; server table, modal form, confirmed delete. */
export function ManageFeaturesPage() {
  const { t } = useTranslation();
  return (
    <NamedItemsScreen
      title={t("pages.admin.manageFeatures.title")}
      description={t("commerce.features.subtitle")}
      table={table}
      api={api}
      schema={featureBodySchema}
      columns={columns}
      moreFields={[{ name: "price", kind: "money", label: t("commerce.common.price"), description: t("commerce.features.priceHint"), currency: CUSTOM_PLAN_CURRENCY }]}
      values={(feature) => (feature ? { name: feature.name, description: feature.description, price: feature.price } : { name: "", description: "", price: 0 })}
      nameTaken="catalogue/name_taken"
      texts={{
        tableLabel: t("commerce.features.tableLabel"),
        emptyTitle: t("commerce.features.emptyTitle"),
        emptyDescription: t("commerce.features.emptyDescription"),
        add: t("commerce.features.add"),
        createTitle: t("commerce.features.createTitle"),
        editTitle: t("commerce.features.editTitle"),
        created: t("commerce.features.created"),
        saved: t("commerce.features.saved"),
        deleteTitle: t("commerce.features.deleteTitle"),
        deleteMessage: (feature) => `${t("commerce.features.deleteConfirm", { name: feature.name })} ${t("commerce.features.deleteNote")}`,
        deleted: t("commerce.features.deleted"),
      }}
      testId="features-table"
      deleteTestId="delete-item-dialog"
    />
  );
}

export { ManageFeaturesPage as Component };
