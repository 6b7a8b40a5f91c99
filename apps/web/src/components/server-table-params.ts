import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { QueryParams } from "@/lib/api-client";

/**
 * The list state of a server-side table, kept in the URL search params so a page can be reloaded,
 * shared or navigated back to: `page` (from 1), `pageSize`, `sort`, `order` and any filters the
 * caller names (`q`, `status`, …). Values equal to their default are left out of the URL.
 *
 * Every list endpoint of the API takes exactly these names (packages/contract `listQuerySchema`),
 * so `query` can be passed straight to `apiClient.get(path, { params: query })` and used as part of
 * a TanStack Query key.
 */

export type SortOrder = "asc" | "desc";

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
/** The API refuses a pageSize above this. */
export const MAX_PAGE_SIZE = 100;

export interface ServerTableOptions<TSort extends string = string, TFilter extends string = never> {
  /** Sort fields the server accepts; anything else in the URL falls back to `defaultSort`. */
  sortFields: readonly TSort[];
  defaultSort: TSort;
  defaultOrder?: SortOrder;
  defaultPageSize?: number;
  /** Extra search params this list reads and sends (e.g. `["q", "status"]`). */
  filters?: readonly TFilter[];
}

export interface ServerTableParams<TSort extends string = string, TFilter extends string = never> {
  page: number;
  pageSize: number;
  sort: TSort;
  order: SortOrder;
  /** Trimmed filter values; a missing or empty param is `undefined`. */
  filters: Record<TFilter, string | undefined>;
}

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

/** Reads (and sanitises) the list state from the search params. */
export function readServerTableParams<TSort extends string, TFilter extends string = never>(
  search: URLSearchParams,
  options: ServerTableOptions<TSort, TFilter>,
): ServerTableParams<TSort, TFilter> {
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const pageSize = positiveInt(search.get("pageSize"));
  const sort = search.get("sort");
  const order = search.get("order");
  const filters = {} as Record<TFilter, string | undefined>;
  for (const key of options.filters ?? []) {
    const value = search.get(key)?.trim();
    filters[key] = value ? value : undefined;
  }
  return {
    page: positiveInt(search.get("page")) ?? 1,
    pageSize: pageSize !== undefined && pageSize <= MAX_PAGE_SIZE ? pageSize : defaultPageSize,
    sort: sort !== null && (options.sortFields as readonly string[]).includes(sort) ? (sort as TSort) : options.defaultSort,
    order: order === "asc" || order === "desc" ? order : (options.defaultOrder ?? "asc"),
    filters,
  };
}

/** The query params of the list call: `page`, `pageSize`, `sort`, `order` and every set filter. */
export function toListQuery<TSort extends string, TFilter extends string>(params: ServerTableParams<TSort, TFilter>): QueryParams {
  const query: QueryParams = { page: params.page, pageSize: params.pageSize, sort: params.sort, order: params.order };
  for (const [key, value] of Object.entries(params.filters) as [string, string | undefined][]) {
    if (value !== undefined && value !== "") query[key] = value;
  }
  return query;
}

/** The same as the list call's query, as a string (`page=2&pageSize=20&sort=email&order=asc&q=ada`). */
export function toListQueryString<TSort extends string, TFilter extends string>(params: ServerTableParams<TSort, TFilter>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(toListQuery(params))) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  return search.toString();
}

export interface ServerTableChange<TSort extends string, TFilter extends string> {
  page?: number;
  pageSize?: number;
  sort?: TSort;
  order?: SortOrder;
  filters?: Partial<Record<TFilter, string | null | undefined>>;
}

/**
 * Applies a change to the search params. Changing the page size, the sort or a filter goes back to
 * page 1 (the old page may not exist any more). Defaults are removed so the URL stays short; params
 * this table does not own are kept.
 */
export function applyServerTableChange<TSort extends string, TFilter extends string>(
  search: URLSearchParams,
  options: ServerTableOptions<TSort, TFilter>,
  change: ServerTableChange<TSort, TFilter>,
): URLSearchParams {
  const current = readServerTableParams(search, options);
  const next = new URLSearchParams(search);
  const resetsPage = change.pageSize !== undefined || change.sort !== undefined || change.order !== undefined || change.filters !== undefined;
  const page = change.page ?? (resetsPage ? 1 : current.page);
  const pageSize = change.pageSize ?? current.pageSize;
  const sort = change.sort ?? current.sort;
  const order = change.order ?? current.order;

  const setOrDrop = (key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };
  setOrDrop("page", String(page), "1");
  setOrDrop("pageSize", String(pageSize), String(options.defaultPageSize ?? DEFAULT_PAGE_SIZE));
  setOrDrop("sort", sort, options.defaultSort);
  setOrDrop("order", order, options.defaultOrder ?? "asc");
  for (const [key, value] of Object.entries(change.filters ?? {}) as [string, string | null | undefined][]) {
    const trimmed = value?.trim();
    if (trimmed) next.set(key, trimmed);
    else next.delete(key);
  }
  return next;
}

export interface ServerTable<TSort extends string = string, TFilter extends string = never> extends ServerTableParams<TSort, TFilter> {
  /** For `apiClient.get(path, { params: query })` and the query key. */
  query: QueryParams;
  /** `page=…&pageSize=…&sort=…&order=…` plus the set filters. */
  queryString: string;
  defaultSort: TSort;
  defaultOrder: SortOrder;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: TSort, order: SortOrder) => void;
  /** Sets one filter (empty clears it) and goes back to page 1. */
  setFilter: (key: TFilter, value: string | null | undefined) => void;
  update: (change: ServerTableChange<TSort, TFilter>) => void;
}

/**
 * `useServerTable({ sortFields: userSortFields, defaultSort: "d_created", defaultOrder: "desc", filters: ["q", "status"] })`
 * → the current list state from the URL, the list call's query, and setters that write the URL.
 * Pass the result to `<DataTable table={…} />`. Keep `options` stable (module scope) or memoised.
 */
export function useServerTable<TSort extends string, TFilter extends string = never>(
  options: ServerTableOptions<TSort, TFilter>,
): ServerTable<TSort, TFilter> {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readServerTableParams(search, options), [search, options]);

  const update = useCallback(
    (change: ServerTableChange<TSort, TFilter>) => {
      // Typing in a search box or a filter replaces the history entry; paging and sorting push one.
      const replace = change.filters !== undefined;
      setSearch((previous) => applyServerTableChange(previous, options, change), { replace, preventScrollReset: true });
    },
    [setSearch, options],
  );

  return useMemo(
    () => ({
      ...params,
      query: toListQuery(params),
      queryString: toListQueryString(params),
      defaultSort: options.defaultSort,
      defaultOrder: options.defaultOrder ?? "asc",
      setPage: (page: number) => update({ page }),
      setPageSize: (pageSize: number) => update({ pageSize }),
      setSort: (sort: TSort, order: SortOrder) => update({ sort, order }),
      setFilter: (key: TFilter, value: string | null | undefined) =>
        update({ filters: { [key]: value } as Partial<Record<TFilter, string | null | undefined>> }),
      update,
    }),
    [params, update, options.defaultSort, options.defaultOrder],
  );
}
