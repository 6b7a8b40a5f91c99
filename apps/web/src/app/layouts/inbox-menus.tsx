import { ActionIcon, CloseButton, EmptyState, Group, Popover, Text } from "@mantine/core";
import { IconMessage, IconMessageOff, type Icon } from "@tabler/icons-react";
import type { ParseKeys } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";

interface InboxMenuProps {
  icon: Icon;
  emptyIcon: Icon;
  label: ParseKeys;
  title: ParseKeys;
  emptyTitle: ParseKeys;
  emptyMessage: ParseKeys;
  testId: string;
}

/** A top-bar dropdown whose list is empty for now: a title and a message saying there is nothing. */
function InboxMenu({ icon: TriggerIcon, emptyIcon: EmptyIcon, label, title, emptyTitle, emptyMessage, testId }: InboxMenuProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t(label)}
          title={t(label)}
          onClick={() => setOpened((value) => !value)}
          data-testid={testId}
        >
          <TriggerIcon size={20} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={t(title)} maw="calc(100vw - 16px)">
        <Group justify="space-between" wrap="nowrap" mb="xs">
          <Text fw={600}>{t(title)}</Text>
          <CloseButton size="sm" aria-label={t("common.close")} onClick={() => setOpened(false)} />
        </Group>
        <EmptyState
          size="sm"
          title={t(emptyTitle)}
          description={t(emptyMessage)}
          icon={<EmptyIcon size={22} aria-hidden />}
          withIndicatorBackground
          py="md"
        />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The bell: the user's notifications (features/notifications), with the same empty state when there are none. */
export { NotificationsMenu } from "@/features/notifications/components/notifications-menu";

export function MessagesMenu() {
  return (
    <InboxMenu
      icon={IconMessage}
      emptyIcon={IconMessageOff}
      label="messages.open"
      title="messages.title"
      emptyTitle="messages.emptyTitle"
      emptyMessage="messages.emptyMessage"
      testId="messages-button"
    />
  );
}
