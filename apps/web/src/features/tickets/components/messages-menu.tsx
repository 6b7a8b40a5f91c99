import { ActionIcon, Center, CloseButton, Group, Indicator, Loader, Popover, Stack, Text } from "@mantine/core";
import { IconMessage } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBadgeCount } from "@/lib/format";
import { useTicketInbox } from "../api/inbox";
import { closeOnEscape } from "@/components/popover-escape";

// The list is code only an open dropdown needs: the top bar (in every page's shell chunk) carries
// the trigger, its unread count and the poll, and the list arrives on the first click.
const MessagesList = lazy(() => import("./messages-list"));

/**
 * The top bar's messages dropdown (spec section 2): the latest ticket messages addressed to the user,
 * unread first (GET api/v1/tickets/inbox, polled every 30 s while the tab is visible), with the
 * unread count on the trigger; each item opens its ticket.
 */
export function MessagesMenu() {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const inbox = useTicketInbox();
  const unread = inbox.data?.unreadCount ?? 0;
  const label = unread > 0 ? t("tickets.inbox.openWithCount", { count: unread }) : t("messages.open");
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow trapFocus returnFocus>
      {/* The badge wraps the target (as the bell's does): aria-expanded belongs on the button. */}
      <Indicator label={formatBadgeCount(unread, i18n.language)} size={18} offset={6} color="red" disabled={unread === 0} inline data-testid="messages-badge">
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} title={label} onClick={() => setOpened((value) => !value)} onKeyDown={closeOnEscape(() => setOpened(false))} data-testid="messages-button">
            <IconMessage size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown aria-label={t("messages.title")} maw="calc(100vw - 16px)" p="sm">
        <Group justify="space-between" wrap="nowrap" mb="xs" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{t("messages.title")}</Text>
            {unread > 0 && (
              <Text size="xs" c="dimmed" data-testid="messages-unread">
                {t("tickets.inbox.unread", { count: unread })}
              </Text>
            )}
          </Stack>
          <CloseButton size="sm" aria-label={t("common.close")} onClick={() => setOpened(false)} />
        </Group>
        {opened && (
          <Suspense
            fallback={
              <Center py="lg">
                <Loader size="sm" aria-label={t("app.loading")} />
              </Center>
            }
          >
            <MessagesList onOpen={() => setOpened(false)} />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
