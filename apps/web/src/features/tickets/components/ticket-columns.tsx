import { Anchor, Text } from "@mantine/core";
import type { TicketSummary } from "@portal/contract";
import { Link } from "react-router";
import { createDataTableColumnHelper } from "@/components/data-table";
import type { ListColumns } from "@/components/list-screen";
import { relativeTime } from "@/lib/relative-time";
import { formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";

const column = createDataTableColumnHelper<TicketSummary>();

const nowrap = { whiteSpace: "nowrap" } as const;

/** The subject is the row's link (the row click is only the mouse's shortcut). */
const subjectColumn = (to: (id: string) => string, header: () => string) =>
  column.accessor("subject", {
    id: "subject",
    header,
    enableSorting: true,
    cell: ({ row }) => (
      <Anchor component={Link} to={to(row.original.id)} size="sm" fw={500} underline="hover" lineClamp={2} dir="auto" maw={320} style={{ display: "block" }} data-testid="ticket-link">
        {row.original.subject}
      </Anchor>
    ),
  });

const numberColumn = (header: () => string) =>
  column.accessor("number", {
    id: "number",
    header,
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" ff="monospace" dir="ltr" style={nowrap}>
        {getValue()}
      </Text>
    ),
  });

const dateColumn = (id: "updatedAt", header: () => string, language: string) =>
  column.accessor(id, {
    id,
    header,
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" style={nowrap} component="time" dateTime={getValue()} title={formatDate(getValue(), language)}>
        {relativeTime(getValue(), language)}
      </Text>
    ),
  });

/** my-tickets: the customer's own tickets. */
export const customerTicketColumns: ListColumns<TicketSummary> = (t, language) => [
  numberColumn(() => t("tickets.columns.number")),
  subjectColumn(paths.myTicket, () => t("tickets.columns.subject")),
  column.accessor("type", {
    id: "type",
    header: () => t("tickets.columns.type"),
    cell: ({ row }) => (
      <Text size="sm" style={nowrap}>
        {t(`tickets.type.${row.original.type}`)}
      </Text>
    ),
  }),
  column.accessor("priority", { id: "priority", header: () => t("tickets.columns.priority"), enableSorting: true, cell: ({ getValue }) => <TicketPriorityBadge priority={getValue()} /> }),
  column.accessor("status", { id: "status", header: () => t("tickets.columns.status"), enableSorting: true, cell: ({ getValue }) => <TicketStatusBadge status={getValue()} /> }),
  dateColumn("updatedAt", () => t("tickets.columns.updated"), language),
];

/** admin/resolution-center: every ticket, with its customer, assignee and how long someone has waited. */
export const adminTicketColumns: ListColumns<TicketSummary> = (t, language) => [
  numberColumn(() => t("tickets.columns.number")),
  subjectColumn(paths.admin.ticket, () => t("tickets.columns.subject")),
  column.accessor("user", {
    id: "customer",
    header: () => t("tickets.columns.customer"),
    cell: ({ getValue }) => (
      <Text size="sm" truncate="end" maw={180} title={getValue().email} dir="auto">
        {getValue().name}
      </Text>
    ),
  }),
  column.accessor("assignee", {
    id: "assignee",
    header: () => t("tickets.columns.assignee"),
    cell: ({ getValue }) => {
      const assignee = getValue();
      return (
        <Text size="sm" c={assignee ? undefined : "dimmed"} truncate="end" maw={160} dir="auto">
          {assignee?.name ?? t("tickets.detail.unassigned")}
        </Text>
      );
    },
  }),
  column.accessor("priority", { id: "priority", header: () => t("tickets.columns.priority"), enableSorting: true, cell: ({ getValue }) => <TicketPriorityBadge priority={getValue()} /> }),
  column.accessor("status", { id: "status", header: () => t("tickets.columns.status"), enableSorting: true, cell: ({ getValue }) => <TicketStatusBadge status={getValue()} /> }),
  column.accessor("waitingSince", {
    id: "waitingSince",
    header: () => t("tickets.columns.waitingSince"),
    cell: ({ getValue }) => {
      const since = getValue();
      return since ? (
        <Text size="sm" style={nowrap} component="time" dateTime={since} title={formatDate(since, language)}>
          {relativeTime(since, language)}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" aria-hidden>
          —
        </Text>
      );
    },
  }),
  dateColumn("updatedAt", () => t("tickets.columns.updated"), language),
];
