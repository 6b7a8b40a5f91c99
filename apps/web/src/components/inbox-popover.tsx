import { ActionIcon, Anchor, Button, Center, CloseButton, EmptyState, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import { Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatBadgeCount } from "@/lib/format";
import classes from "./inbox-list.module.css";
import { closeOnEscape } from "./popover-escape";

interface InboxPopoverProps {
  /** The trigger's icon (a bell, a speech bubble). */
  icon: Icon;
  /** The trigger's accessible name, with the unread count when there is one. */
  label: string;
  unread: number;
  title: string;
  /** "3 unread", under the title while there are unread items. */
  unreadText: string;
  /** Beside the close button, e.g. "Mark all as read". */
  headerActions?: ReactNode;
  /** Names the test ids `<testId>-button`, `-badge` and `-unread`. */
  testId: string;
  /** The body (an `InboxPopoverBody`), rendered while the dropdown is open; `close` shuts it after an item opened. */
  children: (close: () => void) => ReactNode;
}

/**
 * A top-bar dropdown of items addressed to the user (notifications, ticket messages): a button with
 * an unread badge, a header with the title, the unread count and a close button, and a body of the
 * feature's own. Escape closes it even before focus has moved into it.
 */
export function InboxPopover({ icon: TriggerIcon, label, unread, title, unreadText, headerActions, testId, children }: InboxPopoverProps) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow trapFocus returnFocus>
      {/* The badge wraps the target, not the other way round: Popover.Target gives its child
          aria-expanded and aria-haspopup, which belong on the button, not on the badge's <div>. */}
      <Indicator label={formatBadgeCount(unread, i18n.language)} size={18} offset={6} color="red" disabled={unread === 0} inline data-testid={`${testId}-badge`}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            title={label}
            onClick={() => setOpened((value) => !value)}
            onKeyDown={closeOnEscape(close)}
            data-testid={`${testId}-button`}
          >
            <TriggerIcon size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown aria-label={title} maw="calc(100vw - 16px)" p="sm">
        <Group justify="space-between" wrap="nowrap" mb="xs" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{title}</Text>
            {unread > 0 && (
              <Text size="xs" c="dimmed" data-testid={`${testId}-unread`}>
                {unreadText}
              </Text>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap">
            {headerActions}
            <CloseButton size="sm" aria-label={t("common.close")} onClick={close} />
          </Group>
        </Group>
        {/* A body may be a lazy chunk (code only an open dropdown needs): it loads on the first opening. */}
        {opened && <Suspense fallback={<InboxLoading />}>{children(close)}</Suspense>}
      </Popover.Dropdown>
    </Popover>
  );
}

function InboxLoading() {
  const { t } = useTranslation();
  return (
    <Center py="lg">
      <Loader size="sm" aria-label={t("app.loading")} />
    </Center>
  );
}

interface InboxPopoverBodyProps {
  /** The list query: pending, failed (shown only when nothing is left to show), and its retry. */
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  count: number;
  texts: { loadFailed: string; retry: string; emptyTitle: string; emptyMessage: string; listLabel: string };
  emptyIcon: Icon;
  listTestId: string;
  /** A link under the list ("View all tickets"); `onClick` closes the dropdown. */
  footer?: { label: string; to: string; onClick: () => void };
  /** The items, each an `InboxListItem`. */
  children: ReactNode;
}

/** The dropdown's body: loading, a failure with a retry, the empty state, or the items. */
export function InboxPopoverBody({ query, count, texts, emptyIcon: EmptyIcon, listTestId, footer, children }: InboxPopoverBodyProps) {
  if (query.isPending) return <InboxLoading />;
  if (query.isError && count === 0) {
    return (
      <Stack gap="xs" align="center" py="md" role="alert">
        <Text size="sm" c="dimmed" ta="center">
          {texts.loadFailed}
        </Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {texts.retry}
        </Button>
      </Stack>
    );
  }
  if (count === 0) {
    return (
      <EmptyState
        size="sm"
        title={texts.emptyTitle}
        description={texts.emptyMessage}
        icon={<EmptyIcon size={22} aria-hidden />}
        withIndicatorBackground
        py="md"
      />
    );
  }
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah={380} type="auto" offsetScrollbars>
        <ul className={classes.list} aria-label={texts.listLabel} data-testid={listTestId}>
          {children}
        </ul>
      </ScrollArea.Autosize>
      {footer && (
        <Anchor component={Link} to={footer.to} size="sm" ta="center" onClick={footer.onClick}>
          {footer.label}
        </Anchor>
      )}
    </Stack>
  );
}
