import { Anchor, Button, Center, EmptyState, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconMessageOff } from "@tabler/icons-react";
import type { TicketInboxItem } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import classes from "@/components/inbox-list.module.css";
import { relativeTime } from "@/lib/relative-time";
import { useUser } from "@/lib/auth";
import { paths } from "@/lib/paths";
import { useTicketInbox } from "../api/inbox";
import { authorRoleKey } from "../lib/author-role";

/** Unread first, then newest first (the server sends them so; kept here so the order never depends on it). */
export function sortInbox(items: TicketInboxItem[]): TicketInboxItem[] {
  return [...items].sort((a, b) => Number(a.read) - Number(b.read) || b.createdAt.localeCompare(a.createdAt));
}

export function InboxItem({ item, viewer, onOpen }: { item: TicketInboxItem; viewer: "customer" | "admin"; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={classes.item} data-unread={!item.read || undefined} data-testid="message-item">
      <UnstyledButton className={classes.itemButton} onClick={onOpen}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <span className={classes.dot} aria-hidden data-visible={!item.read || undefined} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            {!item.read && <span className={classes.srOnly}>{t("tickets.inbox.unreadMark")}</span>}
            <Text size="sm" fw={item.read ? 500 : 700} lineClamp={1} dir="auto">
              <span dir="ltr">{item.ticketNumber}</span> · {item.subject}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2} dir="auto">
              {item.excerpt}
            </Text>
            <Text size="xs" c="dimmed">
              {t(authorRoleKey(item.authorRole, viewer))} · <span dir="auto">{item.authorName}</span> ·{" "}
              <time dateTime={item.createdAt}>{relativeTime(item.createdAt, i18n.resolvedLanguage)}</time>
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
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
