import { Code } from "@mantine/core";
import { CUSTOM_PLAN_CURRENCY, featureBodySchema, featureCodeField, type Feature } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { z } from "zod";
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
const columns = namedItemColumns<Feature>(360, (t, language) => [
  column.accessor("code", {
    id: "code",
    header: () => t("commerce.entitlements.codeColumn"),
    cell: ({ row }) => (
      <Code fz="xs" dir="ltr" style={{ whiteSpace: "nowrap" }} data-testid="feature-code">
        {row.original.code}
      </Code>
    ),
  }),
  column.accessor("price", {
    id: "price",
    header: () => t("commerce.common.price"),
    enableSorting: true,
    cell: ({ row }) => <span style={{ whiteSpace: "nowrap" }}>{formatMoney(row.original.price, CUSTOM_PLAN_CURRENCY, language)}</span>,
  }),
]);
const api = { useList: useFeatures, useCreate: useCreateFeature, useUpdate: useUpdateFeature, useDelete: useDeleteFeature };

/**
 * The feature form's rules: the contract's, with the entitlement code left empty meaning "not given"
 * (on create the server derives it from the name; on update it keeps the one the feature has).
 * A code that is given is checked against the contract's pattern before anything is sent.
 */
export const featureFormSchema = featureBodySchema.extend({
  code: z
    .union([z.literal(""), featureCodeField])
    .optional()
    .transform((code) => (code ? code : undefined)),
});

/** Codes are capitals only: what is typed is shown and sent in capitals. */
export const upperCaseCode = (text: string) => text.toUpperCase();

/** admin/manage-features: the features plans are built from, with their entitlement code and their price in a custom plan; server table, modal form, confirmed delete. */
export function ManageFeaturesPage() {
  const { t } = useTranslation();
  return (
    <NamedItemsScreen
      title={t("pages.admin.manageFeatures.title")}
      description={t("commerce.features.subtitle")}
      table={table}
      api={api}
      schema={featureFormSchema}
      columns={columns}
      moreFields={[
        {
          name: "code",
          kind: "text",
          label: t("commerce.entitlements.code"),
          description: t("commerce.entitlements.codeHint"),
          placeholder: t("commerce.entitlements.codePlaceholder"),
          normalize: upperCaseCode,
          ltr: true,
        },
        { name: "price", kind: "money", label: t("commerce.common.price"), description: t("commerce.features.priceHint"), currency: CUSTOM_PLAN_CURRENCY },
      ]}
      values={(feature) =>
        feature ? { name: feature.name, code: feature.code, description: feature.description, price: feature.price } : { name: "", code: "", description: "", price: 0 }
      }
      nameTaken="catalogue/name_taken"
      fieldByCode={{ "feature/code_taken": "code" }}
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
