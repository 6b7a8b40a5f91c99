import { IconMessageOff } from "@tabler/icons-react";
import type { TicketInboxItem } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { InboxListItem } from "@/components/inbox-list-item";
import { InboxPopoverBody } from "@/components/inbox-popover";
import { useUser } from "@/lib/auth";
import { paths } from "@/lib/paths";
import { useTicketInbox } from "../api/inbox";
import { authorRoleKey } from "../lib/author-role";

/** Unread first, then newest first (the server sends them so; kept here so the order never depends on it). */
export function sortInbox(items: TicketInboxItem[]): TicketInboxItem[] {
  return [...items].sort((a, b) => Number(a.read) - Number(b.read) || b.createdAt.localeCompare(a.createdAt));
}

export function InboxItem({ item, viewer, onOpen }: { item: TicketInboxItem; viewer: "customer" | "admin"; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <InboxListItem
      read={item.read}
      unreadLabel={t("tickets.inbox.unreadMark")}
      title={
        <>
          <span dir="ltr">{item.ticketNumber}</span> · {item.subject}
        </>
      }
      titleLines={1}
      excerpt={item.excerpt}
      kind={
        <>
          {t(authorRoleKey(item.authorRole, viewer))} · <span dir="auto">{item.authorName}</span>
        </>
      }
      createdAt={item.createdAt}
      onOpen={onOpen}
      testId="message-item"
    />
  );
}

/** The dropdown's body: loading, error, the spec's empty state, or the latest messages. */
export default function MessagesList({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inbox = useTicketInbox();
  const { data: me } = useUser();
  const viewer = me?.isAdmin ? "admin" : "customer";
  const items = sortInbox(inbox.data?.items ?? []);
  return (
    <InboxPopoverBody
      query={inbox}
      count={items.length}
      texts={{
        loadFailed: t("tickets.inbox.loadFailed"),
        retry: t("tickets.inbox.retry"),
        emptyTitle: t("messages.emptyTitle"),
        emptyMessage: t("messages.emptyMessage"),
        listLabel: t("messages.title"),
      }}
      emptyIcon={IconMessageOff}
      listTestId="message-list"
      footer={{ label: t("tickets.inbox.viewAll"), to: viewer === "admin" ? paths.admin.resolutionCenter : paths.myTickets, onClick: onOpen }}
    >
      {items.map((item) => (
        <InboxItem
          key={item.messageId}
          item={item}
          viewer={viewer}
          onOpen={() => {
            onOpen();
            void navigate(viewer === "admin" ? paths.admin.ticket(item.ticketId) : paths.myTicket(item.ticketId));
          }}
        />
      ))}
    </InboxPopoverBody>
  );
}
