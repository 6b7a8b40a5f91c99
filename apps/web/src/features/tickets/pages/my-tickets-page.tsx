import { useTranslation } from "react-i18next";
import { ListScreen } from "@/components/list-screen";
import { paths } from "@/lib/paths";
import { useTickets } from "../api/tickets";
import { customerTicketColumns } from "../components/ticket-columns";
import { customerTicketTable, ticketFilters } from "../lib/ticket-list";

/** my-tickets: the customer's own tickets, sorted, filtered, searched and paged on the server. */
export function MyTicketsPage() {
  const { t } = useTranslation();
  return (
    <ListScreen
      title={t("pages.myTickets.title")}
      description={t("tickets.list.description")}
      table={customerTicketTable}
      useList={useTickets}
      columns={customerTicketColumns}
      texts={{ tableLabel: t("tickets.list.tableLabel"), emptyTitle: t("tickets.list.emptyTitle"), emptyDescription: t("tickets.list.emptyDescription") }}
      search={{ label: t("tickets.list.search"), testId: "tickets-search" }}
      filters={ticketFilters(t)}
      rowName={(ticket) => ticket.subject}
      rowLink={(ticket) => paths.myTicket(ticket.id)}
      create={{ label: t("tickets.list.create"), to: paths.createTicket }}
      minWidth={820}
      testId="tickets-table"
    />
  );
}

export { MyTicketsPage as Component };
