import {
  ActionIcon,
  Button,
  Center,
  CloseButton,
  EmptyState,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconBell, IconBellOff, IconCheck, IconChecks } from "@tabler/icons-react";
import type { Notification } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBadgeCount } from "@/lib/format";
import { useNavigate } from "react-router";
import { notifyError } from "@/lib/notify";
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from "../api/notifications";
import { InboxListItem } from "@/components/inbox-list-item";
import classes from "@/components/inbox-list.module.css";
import { closeOnEscape } from "@/components/popover-escape";

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
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];
  const label = unread > 0 ? t("accounts.inbox.openWithCount", { count: unread }) : t("notifications.open");

  const open = (item: Notification) => {
    if (!item.read) markRead.mutate(item.id, { onError: (error) => notifyError(error) });
    const path = internalPath(item.link);
    if (path) {
      setOpened(false);
      void navigate(path);
    }
  };

  let content;
  if (notifications.isPending) {
    content = (
      <Center py="lg">
        <Loader size="sm" aria-label={t("app.loading")} />
      </Center>
    );
  } else if (notifications.isError && items.length === 0) {
    content = (
      <Stack gap="xs" align="center" py="md" role="alert">
        <Text size="sm" c="dimmed" ta="center">
          {t("accounts.inbox.loadFailed")}
        </Text>
        <Button size="xs" variant="light" onClick={() => void notifications.refetch()}>
          {t("accounts.common.retry")}
        </Button>
      </Stack>
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        size="sm"
        title={t("notifications.emptyTitle")}
        description={t("notifications.emptyMessage")}
        icon={<IconBellOff size={22} aria-hidden />}
        withIndicatorBackground
        py="md"
      />
    );
  } else {
    content = (
      <ScrollArea.Autosize mah={380} type="auto" offsetScrollbars>
        <ul className={classes.list} aria-label={t("notifications.title")} data-testid="notification-list">
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              item={item}
              onOpen={() => open(item)}
              onMarkRead={() => markRead.mutate(item.id, { onError: (error) => notifyError(error) })}
            />
          ))}
        </ul>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow trapFocus returnFocus>
      {/* The badge wraps the target, not the other way round: Popover.Target gives its child
          aria-expanded and aria-haspopup, which belong on the button, not on the badge's <div>. */}
      <Indicator
        label={formatBadgeCount(unread, i18n.language)}
        size={18}
        offset={6}
        color="red"
        disabled={unread === 0}
        inline
        data-testid="notifications-badge"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            title={label}
            onClick={() => setOpened((value) => !value)}
            onKeyDown={closeOnEscape(() => setOpened(false))}
            data-testid="notifications-button"
          >
            <IconBell size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown aria-label={t("notifications.title")} maw="calc(100vw - 16px)" p="sm">
        <Group justify="space-between" wrap="nowrap" mb="xs" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{t("notifications.title")}</Text>
            {unread > 0 && (
              <Text size="xs" c="dimmed" data-testid="notifications-unread">
                {t("accounts.inbox.unread", { count: unread })}
              </Text>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap">
            {unread > 0 && (
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
            )}
            <CloseButton size="sm" aria-label={t("common.close")} onClick={() => setOpened(false)} />
          </Group>
        </Group>
        {content}
      </Popover.Dropdown>
    </Popover>
  );
}
