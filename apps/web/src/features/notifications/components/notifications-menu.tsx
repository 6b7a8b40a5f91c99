import { ActionIcon, Button, Tooltip } from "@mantine/core";
import { IconBell, IconBellOff, IconCheck, IconChecks } from "@tabler/icons-react";
import type { Notification } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { InboxListItem } from "@/components/inbox-list-item";
import { InboxPopover, InboxPopoverBody } from "@/components/inbox-popover";
import { notifyError } from "@/lib/notify";
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from "../api/notifications";

/** Only links inside the app are followed (the server writes paths such as /my-licenses/purchased). */
function internalPath(link: string | null): string | undefined {
  return link && link.startsWith("/") && !link.startsWith("//") ? link : undefined;
}

function NotificationItem({ item, onOpen, onMarkRead }: { item: Notification; onOpen: () => void; onMarkRead: () => void }) {
  const { t } = useTranslation();
  return (
    <InboxListItem
      read={item.read}
      unreadLabel={t("accounts.inbox.unreadDot")}
      title={item.title}
      excerpt={item.body}
      kind={t(`accounts.notificationTypes.${item.type}`)}
      createdAt={item.createdAt}
      onOpen={onOpen}
      testId="notification-item"
      action={
        !item.read && (
          <Tooltip label={t("accounts.inbox.markRead")} withArrow>
            <ActionIcon variant="subtle" color="gray" size="sm" onClick={onMarkRead} aria-label={t("accounts.inbox.markRead")} data-testid="notification-mark-read">
              <IconCheck size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )
      }
    />
  );
}

/**
 * The bell of the top bar: GET api/v1/notifications (newest first, polled every minute while the
 * tab is visible), an unread badge, mark one or all as read; the spec's empty state when there are none.
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const unread = notifications.data?.unread ?? 0;
  const label = unread > 0 ? t("accounts.inbox.openWithCount", { count: unread }) : t("notifications.open");
  return (
    <InboxPopover
      icon={IconBell}
      label={label}
      unread={unread}
      title={t("notifications.title")}
      unreadText={t("accounts.inbox.unread", { count: unread })}
      headerActions={
        unread > 0 && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconChecks size={14} aria-hidden />}
            onClick={() => markAll.mutate(undefined, { onError: (error) => notifyError(error) })}
            loading={markAll.isPending}
            data-testid="notifications-mark-all"
          >
            {t("accounts.inbox.markAllRead")}
          </Button>
        )
      }
      testId="notifications"
    >
      {(close) => <NotificationsList onLeave={close} />}
    </InboxPopover>
  );
}

function NotificationsList({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const items = notifications.data?.items ?? [];
  const read = (item: Notification) => markRead.mutate(item.id, { onError: (error) => notifyError(error) });
  const open = (item: Notification) => {
    if (!item.read) read(item);
    const path = internalPath(item.link);
    if (path) {
      onLeave();
      void navigate(path);
    }
  };
  return (
    <InboxPopoverBody
      query={notifications}
      count={items.length}
      texts={{
        loadFailed: t("accounts.inbox.loadFailed"),
        retry: t("accounts.common.retry"),
        emptyTitle: t("notifications.emptyTitle"),
        emptyMessage: t("notifications.emptyMessage"),
        listLabel: t("notifications.title"),
      }}
      emptyIcon={IconBellOff}
      listTestId="notification-list"
    >
      {items.map((item) => (
        <NotificationItem key={item.id} item={item} onOpen={() => open(item)} onMarkRead={() => read(item)} />
      ))}
    </InboxPopoverBody>
  );
}
