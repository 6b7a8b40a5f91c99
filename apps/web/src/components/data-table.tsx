import {
  Alert,
  Button,
  EmptyState,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Skeleton,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  type TextInputProps,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconArrowsSort, IconInbox, IconSearch } from "@tabler/icons-react";
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type CellData,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
  type TableFeatures,
  type Updater,
} from "@tanstack/react-table";
import { Fragment, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDisplaySettings } from "@/lib/display-settings";
import { parseApiError } from "@/lib/errors";
import { formatNumber } from "@/lib/format";
import classes from "./data-table.module.css";
import { PAGE_SIZE_OPTIONS, type ServerTable, type SortOrder } from "./server-table-params";

/**
 * The one server-side table of the app: TanStack Table (manual sorting and pagination) drawn with
 * Mantine's Table. The list state lives in the URL (see `useServerTable` in ./server-table-params):
 * the server sorts and pages, this component only shows one page and changes the params.
 *
 * Usage:
 *   const columnHelper = createDataTableColumnHelper<User>();
 *   const columns = [                                            // module scope or useMemo
 *     columnHelper.accessor("email", { id: "email", header: () => t("…"), enableSorting: true }),
 *     columnHelper.display({ id: "actions", header: …, cell: ({ row }) => <Actions user={row.original} /> }),
 *   ];
 *   const table = useServerTable({ sortFields: userSortFields, defaultSort: "d_created", defaultOrder: "desc", filters: ["q", "status"] });
 *   const list = useQuery(usersQueryOptions(table.query));
 *   <DataTable table={table} columns={columns} data={list.data?.items} total={list.data?.total}
 *              isLoading={list.isPending} error={list.error} onRetry={() => list.refetch()} label={t("…")} />
 *
 * A column is server-sortable only when its definition says `enableSorting: true`; its `id` is
 * the `sort` value sent to the server.
 */

export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature });

declare module "@tanstack/react-table" {
  // Declaration merging needs the library's exact type parameters, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<in out TFeatures extends TableFeatures, in out TData extends RowData, TValue extends CellData = CellData> {
    /** Keep the column visible at the inline end while the table scrolls sideways (row actions). */
    sticky?: "end";
  }
}
export type DataTableFeatures = typeof dataTableFeatures;

// The cell value type differs per column; `any` here is the TanStack idiom for a column list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<TData extends object> = ColumnDef<DataTableFeatures, TData, any>;

export function createDataTableColumnHelper<TData extends object>() {
  return createColumnHelper<DataTableFeatures, TData>();
}

/** Columns sort only when they opt in; a column without a cell of its own shows numbers in the interface's digits. */
function defaultColumnIn(language: string) {
  return {
    enableSorting: false,
    cell: ({ renderValue }: { renderValue: () => unknown }) => {
      const value = renderValue();
      return typeof value === "number" ? formatNumber(value, language) : ((value as ReactNode) ?? null);
    },
  } as const;
}
const noRows: never[] = [];
/** Clicks on these inside a row are theirs, not the row's. */
const interactive = "a, button, input, select, textarea, label, [role='menuitem'], [role='button']";

export interface DataTableProps<TData extends object, TSort extends string, TFilter extends string> {
  /** The URL-bound list state from `useServerTable`. */
  table: ServerTable<TSort, TFilter>;
  /** Keep stable (module scope or useMemo). */
  columns: DataTableColumn<TData>[];
  /** The current page's rows (`data.items` of the list answer). */
  data: TData[] | undefined;
  /** `data.total` of the list answer. */
  total: number | undefined;
  /** True while there is nothing to show yet (TanStack Query's `isPending`). */
  isLoading?: boolean;
  /** True while a new page loads behind the current one (dims the rows). */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Accessible name of the table. */
  label: string;
  getRowId?: (row: TData) => string;
  /**
   * A click on a row (outside its buttons, links and inputs), e.g. to open it. Only a shortcut for
   * the mouse: keep a link or button in a cell for the keyboard.
   */
  onRowClick?: (row: TData) => void;
  /**
   * What an opened row shows under itself, across every column (an e-mail's text); null while it is
   * closed. The page keeps which rows are open and puts their toggle (aria-expanded) in a cell.
   */
  expandedRow?: (row: TData) => ReactNode;
  /** Shown when the list is empty; with filters set, a "no results" text is shown instead by default. */
  emptyTitle?: ReactNode;
  emptyDescription?: ReactNode;
  emptyAction?: ReactNode;
  /** Below this width the table scrolls sideways (default 720px); on a phone its rows are cards instead. */
  minWidth?: number;
  pageSizeOptions?: readonly number[];
  /** Optional test id on the wrapper. */
  testId?: string;
}

export function DataTable<TData extends object, TSort extends string, TFilter extends string>({
  table: list,
  columns,
  data,
  total,
  isLoading = false,
  isFetching = false,
  error,
  onRetry,
  label,
  getRowId,
  onRowClick,
  expandedRow,
  emptyTitle,
  emptyDescription,
  emptyAction,
  minWidth = 720,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  testId,
}: DataTableProps<TData, TSort, TFilter>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // The user's table density (settings): compact rows are shorter and set in a smaller size.
  const density = useDisplaySettings().tableDensity;
  const compact = density === "compact";
  const rows = data ?? (noRows as TData[]);
  const defaultColumn = useMemo(() => defaultColumnIn(language), [language]);

  const sorting = useMemo<SortingState>(() => [{ id: list.sort, desc: list.order === "desc" }], [list.sort, list.order]);
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: list.page - 1, pageSize: list.pageSize }), [list.page, list.pageSize]);

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: getRowId ? (row: TData) => getRowId(row) : undefined,
    defaultColumn,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount: total ?? 0,
    state: { sorting, pagination },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      if (first) list.setSort(first.id as TSort, first.desc ? "desc" : "asc");
      else list.setSort(list.defaultSort, list.defaultOrder);
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === "function" ? updater(pagination) : updater;
      if (next.pageSize !== pagination.pageSize) list.setPageSize(next.pageSize);
      else if (next.pageIndex !== pagination.pageIndex) list.setPage(next.pageIndex + 1);
    },
  });

  const headerGroups = table.getHeaderGroups();
  const columnCount = Math.max(1, table.getAllLeafColumns().length);
  const pageCount = total === undefined ? 1 : Math.max(1, Math.ceil(total / list.pageSize));
  const hasFilters = Object.values(list.filters).some((value) => value !== undefined);

  // A page past the end (rows deleted, or a hand-edited URL): go to the last page that exists.
  useEffect(() => {
    if (total !== undefined && !isLoading && list.page > pageCount) list.setPage(pageCount);
  }, [total, isLoading, list, pageCount]);

  let body: ReactNode;
  if (isLoading && rows.length === 0) {
    body = Array.from({ length: Math.min(list.pageSize, 5) }, (_, index) => (
      <Table.Tr key={`skeleton-${index}`} data-testid="data-table-skeleton">
        {Array.from({ length: columnCount }, (_, cell) => (
          <Table.Td key={cell}>
            <Skeleton height={14} radius="sm" width={cell === 0 ? "70%" : "50%"} />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (error && rows.length === 0) {
    const parsed = parseApiError(error, t);
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t("table.errorTitle")}
            my="sm"
            role="alert"
            data-testid="data-table-error"
          >
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {parsed.message}
            </Text>
            {onRetry && (
              <Button size="xs" variant="light" color="red" mt="sm" onClick={onRetry}>
                {t("table.retry")}
              </Button>
            )}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount} p={0}>
          <EmptyState
            title={hasFilters ? t("table.noResultsTitle") : (emptyTitle ?? t("table.emptyTitle"))}
            description={hasFilters ? t("table.noResultsDescription") : (emptyDescription ?? t("table.emptyDescription"))}
            icon={<IconInbox size={28} aria-hidden />}
            variant="light"
            py="xl"
            data-testid="data-table-empty"
          >
            {!hasFilters && emptyAction && <EmptyState.Actions>{emptyAction}</EmptyState.Actions>}
          </EmptyState>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    // On a phone each row is a card (data-table.module.css): every cell shows its column's name.
    const headers = new Map(table.getFlatHeaders().map((header) => [header.column.id, header]));
    body = table.getRowModel().rows.map((row) => {
      const expanded = expandedRow?.(row.original);
      return (
        <Fragment key={row.id}>
          <Table.Tr
            data-row-id={row.id}
            onClick={onRowClick ? (event) => !(event.target as Element).closest(interactive) && onRowClick(row.original) : undefined}
            style={onRowClick ? { cursor: "pointer" } : undefined}
          >
            {row.getAllCells().map((cell) => {
              const header = headers.get(cell.column.id);
              return (
                <Table.Td key={cell.id} className={cell.column.columnDef.meta?.sticky ? classes.stickyEnd : undefined}>
                  {header && (
                    <span className={classes.cellLabel} aria-hidden="true">
                      <table.FlexRender header={header} />
                    </span>
                  )}
                  <div className={classes.cellValue}>
                    <table.FlexRender cell={cell} />
                  </div>
                </Table.Td>
              );
            })}
          </Table.Tr>
          {expanded != null && (
            <Table.Tr data-expanded-of={row.id}>
              <Table.Td colSpan={columnCount}>{expanded}</Table.Td>
            </Table.Tr>
          )}
        </Fragment>
      );
    });
  }

  const from = total ? (list.page - 1) * list.pageSize + 1 : 0;
  const to = total ? Math.min(total, (list.page - 1) * list.pageSize + rows.length) : 0;

  return (
    <Paper withBorder radius="md" data-testid={testId}>
      <Table.ScrollContainer minWidth={minWidth} type="native" classNames={{ scrollContainerInner: classes.scrollInner }}>
        <Table
          verticalSpacing={compact ? 4 : "sm"}
          fz={compact ? "xs" : "sm"}
          data-density={density}
          className={`${classes.table}${compact ? ` ${classes.compact}` : ""}`}
          highlightOnHover={rows.length > 0}
          aria-label={label}
          aria-busy={isLoading || isFetching || undefined}
          style={{ opacity: isFetching && !isLoading ? 0.6 : 1, transition: "opacity 120ms" }}
        >
          <Table.Thead>
            {headerGroups.map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const sortable = column.getCanSort();
                  const sorted = column.getIsSorted();
                  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <Table.Th
                      key={header.id}
                      colSpan={header.colSpan}
                      aria-sort={sortable ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined}
                      className={column.columnDef.meta?.sticky ? classes.stickyEnd : undefined}
                      // A sort button stays on one line; a plain header may wrap to save width.
                      style={sortable ? { whiteSpace: "nowrap" } : undefined}
                    >
                      {sortable ? (
                        <SortButton
                          sorted={sorted}
                          onClick={() => {
                            // First click sorts ascending, a second one flips the order.
                            const next: SortOrder = sorted === "asc" ? "desc" : "asc";
                            table.setSorting([{ id: column.id, desc: next === "desc" }]);
                          }}
                          label={t(sorted === "asc" ? "table.sortDescending" : "table.sortAscending")}
                        >
                          {content}
                        </SortButton>
                      ) : (
                        content
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" gap="sm" px="md" py="sm" wrap="wrap" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
        <Group gap="sm" wrap="nowrap">
          <NativeSelect
            size="xs"
            w={80}
            aria-label={t("table.pageSize")}
            value={String(list.pageSize)}
            data={pageSizeOptions.map((size) => ({ value: String(size), label: formatNumber(size, language) }))}
            onChange={(event) => table.setPageSize(Number(event.currentTarget.value))}
            data-testid="data-table-page-size"
          />
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="data-table-total">
            {total === undefined ? "\u00a0" : t("table.range", { from, to, total })}
          </Text>
        </Group>
        {pageCount > 1 && (
          <Pagination
            size="sm"
            total={pageCount}
            value={Math.min(list.page, pageCount)}
            onChange={(page) => table.setPageIndex(page - 1)}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              "aria-label":
                control === "previous" ? t("table.previousPage") : control === "next" ? t("table.nextPage") : control === "first" ? t("table.firstPage") : t("table.lastPage"),
            })}
            getItemProps={(page) => ({ "aria-label": t("table.goToPage", { page }), children: formatNumber(page, language) })}
            data-testid="data-table-pagination"
          />
        )}
      </Group>
    </Paper>
  );
}

function SortButton({ sorted, onClick, label, children }: { sorted: false | SortOrder; onClick: () => void; label: string; children: ReactNode }) {
  const Icon = sorted === "asc" ? IconArrowUp : sorted === "desc" ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton onClick={onClick} title={label} fw={700} fz="sm" style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
      <span>{children}</span>
      <Icon size={14} aria-hidden style={{ opacity: sorted ? 1 : 0.45, flexShrink: 0 }} />
    </UnstyledButton>
  );
}

/**
 * A search box bound to a filter of the table (`q` by default): it shows what the URL says and
 * writes to it 300 ms after the last key stroke.
 */
export function DataTableSearch<TSort extends string, TFilter extends string>({
  table,
  filter = "q" as TFilter,
  label,
  placeholder,
  ...props
}: {
  table: ServerTable<TSort, TFilter>;
  filter?: TFilter;
  label: string;
  placeholder?: string;
} & Omit<TextInputProps, "value" | "onChange" | "label" | "placeholder">) {
  const fromUrl = table.filters[filter] ?? "";
  const [value, setValue] = useState(fromUrl);
  const [lastUrlValue, setLastUrlValue] = useState(fromUrl);
  const write = useDebouncedCallback((next: string) => table.setFilter(filter, next), 300);
  // The URL changed from elsewhere (back button, a link): show its value. A write still waiting for
  // the pause is dropped, or it would put the text typed before the change back into the new URL.
  // (Our own write has left nothing waiting when its value reaches the URL.)
  if (fromUrl !== lastUrlValue) {
    write.cancel();
    setLastUrlValue(fromUrl);
    setValue(fromUrl);
  }
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder ?? label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        write(event.currentTarget.value);
      }}
      {...props}
    />
  );
}

export {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  applyServerTableChange,
  readServerTableParams,
  toListQuery,
  toListQueryString,
  useServerTable,
} from "./server-table-params";
export type { ServerTable, ServerTableChange, ServerTableOptions, ServerTableParams, SortOrder } from "./server-table-params";
