import { Group, Stack, Text } from "@mantine/core";
import { outboxSortFields, type OutboxMessage } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { ExpandedRowsContext, ExpandToggle, ListScreen, useExpandedRows, useExpandedRowsOf, type ListColumns } from "@/components/list-screen";
import { formatDateTime } from "@/lib/format";
import { useOutbox } from "../api/outbox";
import { MailText } from "../components/mail-text";

const table: ServerTableOptions<(typeof outboxSortFields)[number], "q"> = {
  sortFields: outboxSortFields,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["q"],
};

const textId = (message: OutboxMessage) => `outbox-message-${message.id}`;

/** The subject with its open/close toggle, the recipient under it: one column, so a phone shows it whole. */
function MessageCell({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  const { isOpen, toggle } = useExpandedRowsOf();
  const open = isOpen(message.id);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <ExpandToggle
        open={open}
        onToggle={() => toggle(message.id)}
        controls={textId(message)}
        label={t(open ? "outbox.hide" : "outbox.show", { subject: message.subject })}
        testId="outbox-toggle"
      />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} dir="auto" style={{ overflowWrap: "anywhere" }}>
          {message.subject}
        </Text>
        <Text size="xs" c="dimmed" dir="ltr" ta="start" style={{ overflowWrap: "anywhere" }}>
          {message.to}
        </Text>
      </Stack>
    </Group>
  );
}

const column = createDataTableColumnHelper<OutboxMessage>();
const columns: ListColumns<OutboxMessage> = (t, language) => [
  column.accessor("subject", { id: "message", header: () => t("outbox.columns.message"), cell: ({ row }) => <MessageCell message={row.original} /> }),
  column.accessor("createdAt", {
    id: "createdAt",
    header: () => t("outbox.columns.createdAt"),
    enableSorting: true,
    // May wrap after the date: on a phone the subject needs the width more.
    cell: ({ getValue }) => <Text size="sm">{formatDateTime(getValue(), language)}</Text>,
  }),
];

/**
 * admin/outbox (API "Running without SMTP"): the e-mail the server wrote to its data folder instead
 * of sending it, newest first, each opening to its text with clickable links, so an administrator
 * can pass a verification or reset link on.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  // Which messages are open: the subject cells toggle them, the table shows their text under the row.
  const openMessages = useExpandedRows();
  return (
    <ExpandedRowsContext value={openMessages}>
      <ListScreen
        title={t("pages.admin.outbox.title")}
        description={t("outbox.description")}
        table={table}
        useList={useOutbox}
        columns={columns}
        texts={{ tableLabel: t("outbox.tableLabel"), emptyTitle: t("pages.admin.outbox.emptyTitle"), emptyDescription: t("pages.admin.outbox.emptyDescription") }}
        search={{ label: t("outbox.search"), testId: "outbox-search" }}
        rowName={(message) => message.subject}
        expandedRow={(message) =>
          openMessages.isOpen(message.id) ? <MailText id={textId(message)} text={message.text.trim() || t("outbox.noText")} label={t("outbox.messageText")} /> : null
        }
        minWidth={340}
        testId="outbox-table"
      />
    </ExpandedRowsContext>
  );
}

export { OutboxPage as Component };
