import { Box, Button, Group, NativeSelect, SegmentedControl, Stack, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { Page } from "@portal/contract";
import type { TFunction } from "i18next";
import { createContext, use, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { DataTable, DataTableSearch, useServerTable, type DataTableColumn, type ServerTableOptions } from "@/components/data-table";
import { PageHeader } from "@/components/page-header";
import type { QueryParams } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ListFormModal, type ListForm } from "./list-form";
import { RowActionsCell, RowConfirmDialog, type RowAction, type RowActions } from "./row-actions";

/**
 * The list screen of the app: a page title, a search box and filters, a server-side table of one
 * resource (paged, sorted and searched on the server, its state in the URL), row actions with
 * confirmations and an optional create/edit form modal. A page describes its resource and renders
 * `<ListScreen …/>`; everything else (loading, empty, error states, toasts, dialogs) happens here.
 *
 * Usage (what NamedItemsScreen, in named-items-screen.tsx, does for the features page):
 *
 *   const table: ServerTableOptions<"name" | "price" | "createdAt", "q"> =
 *     { sortFields: ["name", "price", "createdAt"], defaultSort: "name", defaultOrder: "asc", filters: ["q"] };
 *   const column = createDataTableColumnHelper<Feature>();
 *   const columns: ListColumns<Feature> = (t, language) => [
 *     column.accessor("name", { id: "name", header: () => t("commerce.common.name"), enableSorting: true }),
 *     …
 *   ];
 *
 *   export function ManageFeaturesPage() {
 *     const { t } = useTranslation();
 *     return (
 *       <ListScreen
 *         title={t("pages.admin.manageFeatures.title")}
 *         table={table} useList={useFeatures} columns={columns}
 *         texts={{ tableLabel: t("commerce.features.tableLabel"), emptyTitle: …, emptyDescription: … }}
 *         search={{ label: t("commerce.common.search") }}
 *         create={{ label: t("commerce.features.add") }}            // opens `form` (or `to`: a link)
 *         form={{ schema: featureBodySchema, fields: [{ name: "name", kind: "text", label: … }, …],
 *                 values: (row) => …, useCreate: useCreateFeature, useUpdate: useUpdateFeature, texts: … }}
 *         rowActions={{ header: t("commerce.common.actions"), label: (row) => t("commerce.common.actionsFor", { name: row.name }),
 *                       items: [editAction(t("commerce.common.edit")), deleteAction(t("commerce.common.delete"), { … })] }}
 *         testId="features-table"
 *       />
 *     );
 *   }
 *
 * Keep `table`, `columns` and the hooks at module scope (they are dependencies of memos and
 * queries). Filters are `select` (a native select with an "all" entry) or `segmented` controls
 * bound to a URL param that `table.filters` names.
 */

/** The data columns of a list (the actions column is added from `rowActions`). Define it at module scope. */
export type ListColumns<TRow extends object> = (t: TFunction, language: string) => DataTableColumn<TRow>[];

/** What the screen needs of a TanStack list query (`useFeatures(query)`). */
export interface ListQuery<TRow> {
  data: Page<TRow> | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A filter above the table, bound to one URL/list param. */
export interface ListFilter<TFilter extends string> {
  param: TFilter;
  label: string;
  options: { value: string; label: string }[];
  /** The entry that clears the filter ("All statuses"). */
  allLabel: string;
  /** "select" (default): a native select; "segmented": a segmented control, for two or three options. */
  kind?: "select" | "segmented";
  testId?: string;
}

export interface ListScreenProps<TRow extends { id: string }, TSort extends string, TFilter extends string, TSchema extends z.ZodObject> {
  /**
   * The page's h1 and document title. Left out, the list sits inside a page that draws its own
   * header (a tab, a section under other content): no h1, no document title, and `create` appears
   * only in the empty state (and in the filter row with `create.inFilterRow`).
   */
  title?: string;
  description?: string;
  /** Sort fields, defaults and filter params of the list (module scope). */
  table: ServerTableOptions<TSort, TFilter>;
  /** The list query hook, e.g. `useFeatures`. */
  useList: (query: QueryParams) => ListQuery<TRow>;
  columns: ListColumns<TRow>;
  texts: { tableLabel: string; emptyTitle?: string; emptyDescription?: string };
  /** A search box writing the `q` param; its placeholder defaults to the label. */
  search?: { label: string; placeholder?: string; testId?: string };
  filters?: ListFilter<TFilter>[];
  /** Filter controls of the page's own after the standard ones (a search-select, a date range). */
  extraFilters?: ReactNode;
  rowActions?: RowActions<TRow>;
  /** The row's name in accessible labels ("Delete: <name>"); default `row.name`. */
  rowName?: (row: TRow) => string;
  /** A whole-row link (a click anywhere on the row but a button or link opens it). */
  rowLink?: (row: TRow) => string;
  /** What an opened row shows under itself (DataTable `expandedRow`); null while it is closed. */
  expandedRow?: (row: TRow) => ReactNode;
  /**
   * The "add" button in the header and the empty state: a link (`to`), the page's own action
   * (`onClick`, e.g. a form of its own) or else the create `form`. `inFilterRow`: also at the end
   * of the search and filter row, for a list without a title that still offers it at all times.
   */
  create?: { label: string; to?: string; onClick?: () => void; inFilterRow?: boolean };
  form?: ListForm<TRow, TSchema>;
  /** More buttons in the header (exports, …). */
  headerActions?: ReactNode;
  /** Content between the header and the search box (a statistics bar). */
  beforeList?: ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  testId?: string;
}

const defaultName = (row: object) => String((row as { name?: unknown }).name ?? "");

export function ListScreen<TRow extends { id: string }, TSort extends string, TFilter extends string, TSchema extends z.ZodObject = z.ZodObject>({
  title,
  description,
  table: tableOptions,
  useList,
  columns: dataColumns,
  texts,
  search,
  filters,
  extraFilters,
  rowActions,
  rowName = defaultName,
  rowLink,
  expandedRow,
  create,
  form,
  headerActions,
  beforeList,
  minWidth,
  testId,
}: ListScreenProps<TRow, TSort, TFilter, TSchema>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const table = useServerTable(tableOptions);
  const list = useList(table.query);
  const [editing, setEditing] = useState<{ row: TRow | null } | null>(null);
  const [confirming, setConfirming] = useState<{ action: string; row: TRow } | null>(null);
  const language = i18n.language;

  const onAction = (action: RowAction<TRow>, row: TRow) => {
    if (action.edit) setEditing({ row });
    else if (action.confirm) setConfirming({ action: action.id, row });
    else action.onClick?.(row);
  };
  // The descriptions arrive as new objects on every render; the columns are rebuilt only when the
  // language changes, and the actions cell reads the current row actions from a context.
  const menu = rowActions?.as === "menu";
  const actionsHeader = rowActions?.header;
  const columns = useMemo(() => {
    const own = dataColumns(t, language);
    if (actionsHeader === undefined) return own;
    const actions: DataTableColumn<TRow> = {
      id: "actions",
      meta: menu ? { sticky: "end" } : undefined,
      header: () => (menu ? <VisuallyHidden>{actionsHeader}</VisuallyHidden> : <span>{actionsHeader}</span>),
      cell: ({ row }) => <ActionsCell row={row.original} />,
    };
    return [...own, actions];
  }, [dataColumns, t, language, actionsHeader, menu]);

  const plus = <IconPlus size={16} aria-hidden />;
  const add =
    create &&
    (create.to ? (
      <Button component={Link} to={create.to} leftSection={plus}>
        {create.label}
      </Button>
    ) : (
      <Button leftSection={plus} onClick={create.onClick ?? (() => setEditing({ row: null }))}>
        {create.label}
      </Button>
    ));
  const addInFilterRow = title === undefined && create?.inFilterRow ? add : undefined;
  const header = add && headerActions ? (
    <Group gap="sm">
      {headerActions}
      {add}
    </Group>
  ) : (
    (add ?? headerActions)
  );

  return (
    <RowActionsContext value={rowActions ? ({ actions: rowActions, rowName, onAction } as unknown as RowActionsContextValue<object>) : null}>
      {title !== undefined && <ListScreenHeader title={title} description={description} actions={header || undefined} />}
      <Stack gap="md">
        {beforeList}
        {(search || filters?.length || extraFilters || addInFilterRow) && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            {search && (
              <DataTableSearch
                table={table}
                label={search.label}
                placeholder={search.placeholder}
                style={{ flex: "1 1 240px" }}
                maw={filters?.length ? 420 : 360}
                data-testid={search.testId}
              />
            )}
            {filters?.map((filter) => <FilterControl key={filter.param} filter={filter} value={table.filters[filter.param]} onChange={(value) => table.setFilter(filter.param, value)} />)}
            {extraFilters}
            {addInFilterRow && <Box ms="auto">{add}</Box>}
          </Group>
        )}
        <DataTable
          table={table}
          columns={columns}
          data={list.data?.items}
          total={list.data?.total}
          isLoading={list.isPending}
          isFetching={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          label={texts.tableLabel}
          getRowId={(row) => row.id}
          onRowClick={rowLink ? (row) => void navigate(rowLink(row)) : undefined}
          expandedRow={expandedRow}
          emptyTitle={texts.emptyTitle}
          emptyDescription={texts.emptyDescription}
          emptyAction={add}
          minWidth={minWidth}
          testId={testId}
        />
      </Stack>
      {form && <ListFormModal form={form} opened={editing !== null} row={editing?.row ?? null} onClose={() => setEditing(null)} />}
      {rowActions?.items.map(
        (action) =>
          action.confirm && (
            <RowConfirmDialog
              key={action.id}
              confirm={action.confirm}
              row={confirming?.action === action.id ? confirming.row : null}
              onClose={() => setConfirming(null)}
            />
          ),
      )}
    </RowActionsContext>
  );
}

/** The page's h1 and the document title, when the list is the page. */
function ListScreenHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  useDocumentTitle(title);
  return <PageHeader title={title} description={description} actions={actions} />;
}

interface RowActionsContextValue<TRow> {
  actions: RowActions<TRow>;
  rowName: (row: TRow) => string;
  onAction: (action: RowAction<TRow>, row: TRow) => void;
}
const RowActionsContext = createContext<RowActionsContextValue<object> | null>(null);

function ActionsCell({ row }: { row: object }) {
  const context = use(RowActionsContext);
  if (!context) return null;
  return <RowActionsCell row={row} name={context.rowName(row)} actions={context.actions} onAction={context.onAction} />;
}

const ALL = "__all";

function FilterControl<TFilter extends string>({
  filter,
  value,
  onChange,
}: {
  filter: ListFilter<TFilter>;
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  // A value the options do not know (a hand-edited URL) shows as "all".
  const known = filter.options.some((option) => option.value === value) ? value : undefined;
  if (filter.kind === "segmented") {
    return (
      <SegmentedControl
        aria-label={filter.label}
        value={known ?? ALL}
        onChange={(next) => onChange(next === ALL ? null : next)}
        data={[{ value: ALL, label: filter.allLabel }, ...filter.options]}
        data-testid={filter.testId}
      />
    );
  }
  return (
    <NativeSelect
      aria-label={filter.label}
      value={known ?? ""}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: "100%", xs: 200 }}
      data-testid={filter.testId}
    >
      <option value="">{filter.allLabel}</option>
      {filter.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
