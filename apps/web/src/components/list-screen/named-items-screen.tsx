import { Text } from "@mantine/core";
import type { ErrorCode } from "@portal/contract";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { createDataTableColumnHelper, type DataTableColumn, type ServerTableOptions } from "@/components/data-table";
import type { QueryParams } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { DescriptionCell } from "./cells";
import type { FormMutation, ListFormField } from "./list-form";
import { ListScreen, type ListColumns, type ListQuery } from "./list-screen";
import { deleteAction, editAction, type ActionMutation } from "./row-actions";

/** A thing that is a name and a description (a feature, a service, a project). */
export interface NamedItem {
  id: string;
  name: string;
  description: string | null;
  createdAt: string;
}

/** A body schema whose fields start with a name and a description. */
type NamedSchema = z.ZodObject<{ name: z.ZodType<string>; description: z.ZodType<string | undefined> }>;

export interface NamedItemsScreenProps<TRow extends NamedItem, TSort extends string, TSchema extends NamedSchema> {
  title: string;
  description: string;
  table: ServerTableOptions<TSort, "q">;
  /** The list, create, update and delete hooks of the resource (`useServices`, …). */
  api: {
    useList: (query: QueryParams) => ListQuery<TRow>;
    useCreate: () => FormMutation<z.output<TSchema>>;
    useUpdate: () => FormMutation<{ id: string; body: z.output<TSchema> }>;
    useDelete: () => ActionMutation<string>;
  };
  schema: TSchema;
  /** `namedItemColumns(…)`, made at module scope. */
  columns: ListColumns<TRow>;
  /** Form fields after the name and the description; `values` then gives their starting values. */
  moreFields?: ListFormField<Extract<keyof z.input<TSchema>, string>>[];
  values?: (row: TRow | null) => z.input<TSchema>;
  /** The server's code for a name already in use: it lands on the name field. */
  nameTaken: ErrorCode;
  /** Other server codes that belong to one of `moreFields` (a feature's `feature/code_taken` → code). */
  fieldByCode?: Partial<Record<ErrorCode, Extract<keyof z.input<TSchema>, string>>>;
  texts: {
    tableLabel: string;
    emptyTitle: string;
    emptyDescription: string;
    add: string;
    createTitle: string;
    editTitle: string;
    /** The edit action's label; default "Edit". */
    edit?: string;
    created: string;
    saved: string;
    deleteTitle: string;
    /** The delete question and what refuses it; the common warning is added after it. */
    deleteMessage: (row: TRow) => string;
    deleted: string;
  };
  minWidth?: number;
  testId: string;
  deleteTestId: string;
}

const column = createDataTableColumnHelper<NamedItem>();

/**
 * The columns of a named item: name, description (`descriptionWidth` wide), the page's own columns
 * (a price), then the created date. Call it at module scope: the columns are a dependency of memos.
 */
export function namedItemColumns<TRow extends NamedItem>(descriptionWidth: number, more?: ListColumns<TRow>): ListColumns<TRow> {
  return (t, language) => [
    column.accessor("name", {
      id: "name",
      header: () => t("commerce.common.name"),
      enableSorting: true,
      cell: ({ row }) => (
        <Text fw={600} size="sm" dir="auto">
          {row.original.name}
        </Text>
      ),
    }) as DataTableColumn<TRow>,
    column.accessor("description", {
      id: "description",
      header: () => t("commerce.common.description"),
      cell: ({ row }) => <DescriptionCell text={row.original.description} maw={descriptionWidth} />,
    }) as DataTableColumn<TRow>,
    ...(more?.(t, language) ?? []),
    column.accessor("createdAt", {
      id: "createdAt",
      header: () => t("commerce.common.created"),
      enableSorting: true,
      cell: ({ row }) => <span style={{ whiteSpace: "nowrap" }}>{formatDate(row.original.createdAt, language)}</span>,
    }) as DataTableColumn<TRow>,
  ];
}

/**
 * The list screen of a resource that is a name and a description (features, services, projects):
 * searched by name, sorted by name or date, created and edited in a modal, deleted after a question.
 * A page says its texts, its hooks and what it has beyond name and description.
 */
export function NamedItemsScreen<TRow extends NamedItem, TSort extends string, TSchema extends NamedSchema>({
  title,
  description,
  table,
  api,
  schema,
  columns,
  moreFields = [],
  values = (row) => ({ name: row?.name ?? "", description: row?.description ?? "" }) as z.input<TSchema>,
  nameTaken,
  fieldByCode,
  texts,
  minWidth,
  testId,
  deleteTestId,
}: NamedItemsScreenProps<TRow, TSort, TSchema>) {
  const { t } = useTranslation();
  type FieldName = Extract<keyof z.input<TSchema>, string>;
  return (
    <ListScreen
      title={title}
      description={description}
      table={table}
      useList={api.useList}
      columns={columns}
      texts={{ tableLabel: texts.tableLabel, emptyTitle: texts.emptyTitle, emptyDescription: texts.emptyDescription }}
      search={{ label: t("commerce.common.search") }}
      create={{ label: texts.add }}
      form={{
        schema,
        fields: [
          { name: "name" as FieldName, kind: "text", label: t("commerce.common.name") },
          { name: "description" as FieldName, kind: "textarea", label: t("commerce.common.description") },
          ...moreFields,
        ],
        values,
        useCreate: api.useCreate,
        useUpdate: api.useUpdate,
        fieldByCode: { ...fieldByCode, [nameTaken]: "name" as FieldName },
        texts: { createTitle: texts.createTitle, editTitle: texts.editTitle, created: texts.created, saved: texts.saved },
      }}
      rowActions={{
        header: t("commerce.common.actions"),
        label: (row) => t("commerce.common.actionsFor", { name: row.name }),
        items: [
          editAction(texts.edit ?? t("commerce.common.edit")),
          deleteAction<TRow>(t("commerce.common.delete"), {
            title: texts.deleteTitle,
            message: (row) => `${texts.deleteMessage(row)} ${t("commerce.common.deleteWarning")}`,
            useMutation: api.useDelete,
            done: () => texts.deleted,
            testId: deleteTestId,
          }),
        ],
      }}
      minWidth={minWidth}
      testId={testId}
    />
  );
}
