import { useTranslation } from "react-i18next";
import { ListScreen, type ListFilter } from "@/components/list-screen";
import { useUser } from "@/lib/auth";
import { paths } from "@/lib/paths";
import { useTickets } from "../api/tickets";
import { adminTicketColumns } from "../components/ticket-columns";
import { TicketStatsBar } from "../components/ticket-stats-bar";
import { adminTicketTable, ticketFilters } from "../lib/ticket-list";

/** admin/resolution-center: the statistics bar and every customer's ticket, filterable by assignee too. */
export function AdminTicketsPage() {
  const { t } = useTranslation();
  const { data: me } = useUser();
  const assignee: ListFilter<"assigneeId"> = {
    param: "assigneeId",
    label: t("tickets.list.assigneeFilter"),
    allLabel: t("tickets.list.anyAssignee"),
    options: [...(me ? [{ value: me.id, label: t("tickets.list.assignedToMe") }] : []), { value: "none", label: t("tickets.list.unassigned") }],
    testId: "tickets-assignee-filter",
  };
  return (
    <ListScreen
      title={t("pages.admin.resolutionCenter.title")}
      description={t("tickets.admin.description")}
      table={adminTicketTable}
      useList={useTickets}
      columns={adminTicketColumns}
      texts={{ tableLabel: t("tickets.list.tableLabel"), emptyTitle: t("tickets.admin.emptyTitle"), emptyDescription: t("tickets.admin.emptyDescription") }}
      search={{ label: t("tickets.list.search"), testId: "tickets-search" }}
      filters={[...ticketFilters(t), assignee]}
      beforeList={<TicketStatsBar />}
      rowName={(ticket) => ticket.subject}
      rowLink={(ticket) => paths.admin.ticket(ticket.id)}
      minWidth={1040}
      testId="admin-tickets-table"
    />
  );
}

export { AdminTicketsPage as Component };
