import { Button, Group, Paper, SegmentedControl, Stack, Textarea } from "@mantine/core";
import { IconLock, IconMessageCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/lib/notify";
import type { UploadProgress } from "@/lib/upload";
import { useSendTicketMessage } from "../api/tickets";
import { notifyTicketError } from "../lib/ticket-errors";
import { AttachmentPicker } from "./attachment-picker";

/** The reply form under a thread: text, attachments with upload progress and, for administrators, the choice of an internal note. */
export function ReplyBox({ ticketId, allowNotes = false }: { ticketId: string; allowNotes?: boolean }) {
  const { t } = useTranslation();
  const send = useSendTicketMessage(ticketId);
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [internal, setInternal] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [missing, setMissing] = useState(false);

  const submit = () => {
    if (body.trim() === "") {
      setMissing(true);
      return;
    }
    setProgress(files.length > 0 ? { loaded: 0, total: files.reduce((sum, file) => sum + file.size, 0) } : null);
    send.mutate(
      { body: body.trim(), internal: allowNotes && internal, files, onProgress: setProgress },
      {
        onSuccess: () => {
          notifySuccess(t(internal ? "tickets.detail.noteAdded" : "tickets.detail.sent"));
          setBody("");
          setFiles([]);
          setMissing(false);
        },
        onError: (error) => notifyTicketError(error, t("tickets.detail.sendFailed")),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(event) => { event.preventDefault(); submit(); }} data-testid="reply-box" data-internal={internal || undefined}
      style={internal ? { background: "light-dark(var(--mantine-color-yellow-0), rgba(250, 176, 5, 0.1))" } : undefined}>
      <Stack gap="sm">
        {allowNotes && (
          <SegmentedControl
            aria-label={t("tickets.detail.writeAs")}
            value={internal ? "note" : "reply"}
            onChange={(value) => setInternal(value === "note")}
            data={[
              { value: "reply", label: t("tickets.detail.replyMode") },
              { value: "note", label: t("tickets.detail.noteMode") },
            ]}
            data-testid="reply-mode"
            style={{ alignSelf: "flex-start" }}
          />
        )}
        <Textarea
          label={internal ? t("tickets.detail.noteMode") : t("tickets.detail.reply")}
          placeholder={internal ? t("tickets.detail.notePlaceholder") : t("tickets.detail.replyPlaceholder")}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            if (missing) setMissing(false);
          }}
          error={missing ? t("tickets.detail.messageRequired") : undefined}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={20_000}
          disabled={send.isPending}
          data-testid="reply-body"
        />
        <AttachmentPicker files={files} onChange={setFiles} progress={send.isPending ? progress : null} disabled={send.isPending} />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={send.isPending}
            color={internal ? "yellow" : undefined}
            leftSection={internal ? <IconLock size={16} aria-hidden /> : <IconMessageCircle size={16} aria-hidden />}
            data-testid="reply-send"
          >
            {internal ? t("tickets.detail.addNote") : t("tickets.detail.send")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
