import type { AuditSortField } from "@portal/contract";
import type { ServerTableOptions } from "@/components/data-table";
import type { QueryParams } from "@/lib/api-client";

export type AuditFilter = "q" | "actorId" | "action" | "outcome" | "from" | "to";

/** The log monitor's list state in the URL: `from`/`to` are calendar days (YYYY-MM-DD) in the viewer's time zone. */
export const auditTable: ServerTableOptions<AuditSortField, AuditFilter> = {
  sortFields: ["at", "action", "actor", "outcome", "targetType"],
  defaultSort: "at",
  defaultOrder: "desc",
  filters: ["q", "actorId", "action", "outcome", "from", "to"],
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start (or, with `end`, the last millisecond) of a calendar day in the viewer's zone, as an ISO instant; undefined for anything else. */
export function dayBoundary(day: unknown, end = false): string | undefined {
  if (typeof day !== "string") return undefined;
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const local = end ? new Date(year, month, date, 23, 59, 59, 999) : new Date(year, month, date, 0, 0, 0, 0);
  // 2023-02-31 would roll over into March: not a day.
  if (Number.isNaN(local.getTime()) || local.getMonth() !== month || local.getDate() !== date) return undefined;
  return local.toISOString();
}

/** The list call's query: the URL's days become instants, a day that is not one is left out. */
export function toAuditQuery(query: QueryParams): QueryParams {
  const { from, to, ...rest } = query;
  const result: QueryParams = { ...rest };
  const fromInstant = dayBoundary(from);
  const toInstant = dayBoundary(to, true);
  if (fromInstant) result.from = fromInstant;
  if (toInstant) result.to = toInstant;
  return result;
}

/** The export's query: the same filters and order as the list, without paging (it holds every row). */
export function toExportQuery(query: QueryParams): QueryParams {
  const { page: _page, pageSize: _pageSize, ...rest } = toAuditQuery(query);
  return rest;
}

/** The live stream's query: the filters alone (events arrive newest last, whatever the list's order). */
export function toStreamQuery(query: QueryParams): QueryParams {
  const { sort: _sort, order: _order, ...rest } = toExportQuery(query);
  return rest;
}

/** `audit-2026-11-23.csv`, as the server names it. */
export function exportFileName(now = new Date()): string {
  return `audit-${now.toISOString().slice(0, 10)}.csv`;
}
