import { Anchor, Badge, Group, Loader, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconDownload, IconLock, IconFileText } from "@tabler/icons-react";
import type { TicketAttachment, TicketMessage } from "@portal/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes, formatInstant } from "@/lib/format";
import { relativeTime } from "@/lib/relative-time";
import { useDownload } from "@/lib/use-download";
import { fetchAttachment } from "../api/tickets";
import { authorRoleKey } from "../lib/author-role";
import { isImage } from "../lib/ticket-rules";
import classes from "./ticket-thread.module.css";

/** An image attachment's preview: fetched with the bearer token as a blob, shown through an object URL revoked on unmount. */
function AttachmentThumbnail({ ticketId, attachment }: { ticketId: string; attachment: TicketAttachment }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ url?: string; failed?: boolean }>({});
  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    fetchAttachment(ticketId, attachment.id, { inline: true, signal: controller.signal }).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ url });
      },
      () => {
        if (!controller.signal.aborted) setState({ failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [ticketId, attachment.id]);

  if (state.url) return <img src={state.url} alt={t("tickets.attachments.preview", { name: attachment.name })} className={classes.thumbnail} data-testid="attachment-thumbnail" />;
  return (
    <div className={classes.thumbnailPlaceholder}>
      {state.failed ? <IconFileText size={20} aria-label={t("tickets.attachments.previewFailed")} /> : <Loader size="xs" aria-label={t("app.loading")} />}
    </div>
  );
}

function AttachmentLink({ ticketId, attachment }: { ticketId: string; attachment: TicketAttachment }) {
  const { t, i18n } = useTranslation();
  const downloads = useDownload();
  const busy = downloads.isPending;
  const size = formatBytes(attachment.size, i18n.resolvedLanguage ?? "en");
  // A plain link cannot carry the bearer token: the file is fetched, then handed to the browser.
  const download = () => downloads.start({ key: `attachment-${attachment.id}`, fileName: attachment.name, content: () => fetchAttachment(ticketId, attachment.id) });
  return (
    <Stack gap={4} align="flex-start">
      {isImage(attachment.contentType) && (
        <UnstyledButton onClick={download} aria-label={t("tickets.attachments.download", { name: attachment.name, size })}>
          <AttachmentThumbnail ticketId={ticketId} attachment={attachment} />
        </UnstyledButton>
      )}
      <Anchor component="button" type="button" size="sm" onClick={download} disabled={busy} data-testid="attachment-download">
        <Group gap={4} wrap="nowrap" component="span">
          {busy ? <Loader size={12} aria-hidden /> : <IconDownload size={14} aria-hidden />}
          <Text span size="sm" dir="auto" truncate="end" maw={220}>
            {attachment.name}
          </Text>
          <Text span size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {size}
          </Text>
        </Group>
      </Anchor>
    </Stack>
  );
}

function MessageItem({ ticketId, message, viewer }: { ticketId: string; message: TicketMessage; viewer: "customer" | "admin" }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  return (
    <li
      className={classes.message}
      data-side={message.authorRole === "user" ? "customer" : "staff"}
      data-internal={message.internal || undefined}
      data-testid={message.internal ? "ticket-note" : "ticket-message"}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" mb={6}>
        <Group gap={6} wrap="wrap">
          {message.internal && <IconLock size={16} aria-hidden color="var(--mantine-color-yellow-filled)" />}
          <Text size="sm" fw={600} dir="auto">
            {message.authorName}
          </Text>
          <Badge size="xs" variant="light" color={message.authorRole === "user" ? "blue" : "teal"} styles={{ label: { overflow: "visible" } }}>
            {t(authorRoleKey(message.authorRole, viewer))}
          </Badge>
          {message.internal && (
            <Badge size="xs" color="yellow" variant="filled" leftSection={<IconLock size={10} aria-hidden />} styles={{ label: { overflow: "visible" } }}>
              {t("tickets.detail.internalNote")}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt} title={formatInstant(message.createdAt, language, "full")}>
          {relativeTime(message.createdAt, language)}
        </Text>
      </Group>
      {/* Bodies are in whatever language their author wrote: "auto" keeps each one's direction. */}
      <Text size="sm" className={classes.body} dir="auto">
        {message.body}
      </Text>
      {message.attachments.length > 0 && (
        <Group gap="md" mt="sm" align="flex-start" wrap="wrap">
          {message.attachments.map((attachment) => (
            <AttachmentLink key={attachment.id} ticketId={ticketId} attachment={attachment} />
          ))}
        </Group>
      )}
    </li>
  );
}

/** The conversation of a ticket, oldest first; internal notes (administrators only) tinted, badged and locked. */
export function TicketThread({ ticketId, messages, viewer }: { ticketId: string; messages: TicketMessage[]; viewer: "customer" | "admin" }) {
  const { t } = useTranslation();
  if (messages.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t("tickets.detail.noMessages")}
      </Text>
    );
  }
  return (
    <ol className={classes.thread} aria-label={t("tickets.detail.thread")} data-testid="ticket-thread">
      {messages.map((message) => (
        <MessageItem key={message.id} ticketId={ticketId} message={message} viewer={viewer} />
      ))}
    </ol>
  );
}
