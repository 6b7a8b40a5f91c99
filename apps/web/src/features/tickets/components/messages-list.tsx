import { Anchor, Button, Center, EmptyState, Loader, ScrollArea, Stack, Text } from "@mantine/core";
import { IconMessageOff } from "@tabler/icons-react";
import type { TicketInboxItem } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { InboxListItem } from "@/components/inbox-list-item";
import classes from "@/components/inbox-list.module.css";
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
  const allTickets = viewer === "admin" ? paths.admin.resolutionCenter : paths.myTickets;

  if (inbox.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t("app.loading")} />
      </Center>
    );
  }
  if (inbox.isError && items.length === 0) {
    return (
      <Stack gap="xs" align="center" py="md" role="alert">
        <Text size="sm" c="dimmed" ta="center">
          {t("tickets.inbox.loadFailed")}
        </Text>
        <Button size="xs" variant="light" onClick={() => void inbox.refetch()}>
          {t("tickets.inbox.retry")}
        </Button>
      </Stack>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        size="sm"
        title={t("messages.emptyTitle")}
        description={t("messages.emptyMessage")}
        icon={<IconMessageOff size={22} aria-hidden />}
        withIndicatorBackground
        py="md"
      />
    );
  }
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah={380} type="auto" offsetScrollbars>
        <ul className={classes.list} aria-label={t("messages.title")} data-testid="message-list">
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
        </ul>
      </ScrollArea.Autosize>
      <Anchor component={Link} to={allTickets} size="sm" ta="center" onClick={onOpen}>
        {t("tickets.inbox.viewAll")}
      </Anchor>
    </Stack>
  );
}
