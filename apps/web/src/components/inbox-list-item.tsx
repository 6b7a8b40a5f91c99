import { Group, Stack, Text, UnstyledButton } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { relativeTime } from "@/lib/relative-time";
import classes from "./inbox-list.module.css";

interface InboxListItemProps {
  read: boolean;
  /** Said to screen readers before an unread item's title (the dot is decoration). */
  unreadLabel: string;
  title: ReactNode;
  titleLines?: number;
  excerpt: string;
  /** What the item is, written before its time: a notification's type, a message's author. */
  kind: ReactNode;
  createdAt: string;
  onOpen: () => void;
  testId: string;
  /** Beside the item, e.g. "mark as read". */
  action?: ReactNode;
}

/**
 * One row of a top-bar dropdown (the notifications bell, the messages of tickets): an unread dot,
 * the title in bold while unread, an excerpt, what it is and how long ago; the row opens it.
 */
export function InboxListItem({ read, unreadLabel, title, titleLines = 2, excerpt, kind, createdAt, onOpen, testId, action }: InboxListItemProps) {
  const { i18n } = useTranslation();
  return (
    <li className={classes.item} data-unread={!read || undefined} data-testid={testId}>
      <UnstyledButton className={classes.itemButton} onClick={onOpen}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <span className={classes.dot} aria-hidden data-visible={!read || undefined} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            {!read && <span className={classes.srOnly}>{unreadLabel}</span>}
            <Text size="sm" fw={read ? 500 : 700} lineClamp={titleLines} dir="auto">
              {title}
            </Text>
            {/* Written by people or by the server in English: "auto" keeps punctuation right in Persian. */}
            <Text size="xs" c="dimmed" lineClamp={2} dir="auto">
              {excerpt}
            </Text>
            <Text size="xs" c="dimmed">
              {kind} · <time dateTime={createdAt}>{relativeTime(createdAt, i18n.resolvedLanguage)}</time>
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
      {action}
    </li>
  );
}
