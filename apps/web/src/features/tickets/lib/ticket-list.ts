import { ticketPriorities, ticketStatuses, ticketTypes } from "@portal/contract";
import type { TFunction } from "i18next";
import type { ServerTableOptions } from "@/components/data-table";
import type { ListFilter } from "@/components/list-screen";

export const ticketSortFields = ["number", "subject", "status", "priority", "createdAt", "updatedAt"] as const;
export type TicketSortField = (typeof ticketSortFields)[number];

export const customerTicketTable: ServerTableOptions<TicketSortField, "q" | "status" | "type" | "priority"> = {
  sortFields: ticketSortFields,
  defaultSort: "updatedAt",
  defaultOrder: "desc",
  filters: ["q", "status", "type", "priority"],
};

export const adminTicketTable: ServerTableOptions<TicketSortField, "q" | "status" | "type" | "priority" | "assigneeId"> = {
  ...customerTicketTable,
  filters: ["q", "status", "type", "priority", "assigneeId"],
};

/** Status, type and priority filters, shared by the customer's and the administrator's lists. */
export function ticketFilters(t: TFunction): ListFilter<"status" | "type" | "priority">[] {
  return [
    {
      param: "status",
      label: t("tickets.list.statusFilter"),
      allLabel: t("tickets.list.allStatuses"),
      options: ticketStatuses.map((status) => ({ value: status, label: t(`tickets.status.${status}`) })),
      testId: "tickets-status-filter",
    },
    {
      param: "type",
      label: t("tickets.list.typeFilter"),
      allLabel: t("tickets.list.allTypes"),
      options: ticketTypes.map((type) => ({ value: type, label: t(`tickets.type.${type}`) })),
      testId: "tickets-type-filter",
    },
    {
      param: "priority",
      label: t("tickets.list.priorityFilter"),
      allLabel: t("tickets.list.allPriorities"),
      options: ticketPriorities.map((priority) => ({ value: priority, label: t(`tickets.priority.${priority}`) })),
      testId: "tickets-priority-filter",
    },
  ];
}
