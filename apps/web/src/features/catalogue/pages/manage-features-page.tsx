import { Text } from "@mantine/core";
import { CUSTOM_PLAN_CURRENCY, featureBodySchema, type Feature } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { DescriptionCell, deleteAction, editAction, ListScreen, type ListColumns } from "@/components/list-screen";
import { formatDate, formatMoney } from "@/lib/format";
import { useCreateFeature } from "../api/create-feature";
import { useDeleteFeature } from "../api/delete-feature";
import { useFeatures } from "../api/list-features";
import { useUpdateFeature } from "../api/update-feature";


const table: ServerTableOptions<"name" | "price" | "createdAt", "q"> = {
  sortFields: ["name", "price", "createdAt"],
  defaultSort: "name",
  defaultOrder: "asc",
  filters: ["q"],
};

const column = createDataTableColumnHelper<Feature>();
const columns: ListColumns<Feature> = (t, language) => [
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
  column.accessor("description", { id: "description", header: () => t("commerce.common.description"), cell: ({ row }) => <DescriptionCell text={row.original.description} maw={420} /> }),
  column.accessor("price", {
    id: "price",
    header: () => t("commerce.common.price"),
    enableSorting: true,
    cell: ({ row }) => <span style={{ whiteSpace: "nowrap" }}>{formatMoney(row.original.price, CUSTOM_PLAN_CURRENCY, language)}</span>,
  }),
  column.accessor("createdAt", { id: "createdAt", header: () => t("commerce.common.created"), enableSorting: true, cell: ({ row }) => formatDate(row.original.createdAt, language) }),
];

/** admin/manage-features: the features plans are built from; server table, modal form, confirmed delete. */
export function ManageFeaturesPage() {
  const { t } = useTranslation();
  return (
    <ListScreen
      title={t("pages.admin.manageFeatures.title")}
      description={t("commerce.features.subtitle")}
      table={table}
      useList={useFeatures}
      columns={columns}
      texts={{ tableLabel: t("commerce.features.tableLabel"), emptyTitle: t("commerce.features.emptyTitle"), emptyDescription: t("commerce.features.emptyDescription") }}
      search={{ label: t("commerce.common.search") }}
      create={{ label: t("commerce.features.add") }}
      form={{
        schema: featureBodySchema,
        fields: [
          { name: "name", kind: "text", label: t("commerce.common.name") },
          { name: "description", kind: "textarea", label: t("commerce.common.description") },
          { name: "price", kind: "money", label: t("commerce.common.price"), description: t("commerce.features.priceHint"), currency: CUSTOM_PLAN_CURRENCY },
        ],
        values: (feature) => (feature ? { name: feature.name, description: feature.description, price: feature.price } : { name: "", description: "", price: 0 }),
        useCreate: useCreateFeature,
        useUpdate: useUpdateFeature,
        fieldByCode: { "catalogue/name_taken": "name" },
        texts: {
          createTitle: t("commerce.features.createTitle"),
          editTitle: t("commerce.features.editTitle"),
          created: t("commerce.features.created"),
          saved: t("commerce.features.saved"),
        },
      }}
      rowActions={{
        header: t("commerce.common.actions"),
        label: (feature) => t("commerce.common.actionsFor", { name: feature.name }),
        items: [
          editAction(t("commerce.common.edit")),
          deleteAction<Feature>(t("commerce.common.delete"), {
            title: t("commerce.features.deleteTitle"),
            message: (feature) => `${t("commerce.features.deleteConfirm", { name: feature.name })} ${t("commerce.features.deleteNote")} ${t("commerce.common.deleteWarning")}`,
            useMutation: useDeleteFeature,
            done: () => t("commerce.features.deleted"),
            testId: "delete-item-dialog",
          }),
        ],
      }}
      testId="features-table"
    />
  );
}

export { ManageFeaturesPage as Component };
