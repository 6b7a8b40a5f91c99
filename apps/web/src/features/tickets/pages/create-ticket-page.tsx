import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconTicket } from "@tabler/icons-react";
import { ticketPriorities, ticketTypes, type TicketPriority, type TicketType } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import type { UploadProgress } from "@/lib/upload";
import { useDocumentTitle } from "@/lib/use-document-title";
import { paths } from "@/lib/paths";
import { useCreateTicket } from "../api/tickets";
import { AttachmentPicker } from "../components/attachment-picker";
import { notifyTicketError } from "../lib/ticket-errors";

interface Draft {
  subject: string;
  type: TicketType | "";
  priority: TicketPriority | "";
  message: string;
}

const requiredFields = ["subject", "type", "priority", "message"] as const;

/** Which required fields are still empty (spec section 8: "Please fill in all required fields."). */
export function missingFields(draft: Draft): (keyof Draft)[] {
  return requiredFields.filter((field) => draft[field].trim() === "");
}

/** create-new-ticket: subject, type, priority, message and attachments; on success the new ticket's thread opens. */
export function CreateTicketPage() {
  const { t } = useTranslation();
  const title = t("pages.createTicket.title");
  useDocumentTitle(title);
  const navigate = useNavigate();
  const create = useCreateTicket();
  const [draft, setDraft] = useState<Draft>({ subject: "", type: "", priority: "medium", message: "" });
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [missing, setMissing] = useState<(keyof Draft)[]>([]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setMissing((current) => current.filter((field) => field !== key));
  };
  const required = t("tickets.create.required");
  // Empty fields are marked (red, aria-invalid); the spec's one sentence is said once, above the button.
  const errorOf = (field: keyof Draft) => missing.includes(field) || undefined;

  const submit = () => {
    const empty = missingFields(draft);
    setMissing(empty);
    if (empty.length > 0 || draft.type === "" || draft.priority === "") {
      notifyMessage(required, "warning");
      return;
    }
    setProgress(files.length > 0 ? { loaded: 0, total: files.reduce((sum, file) => sum + file.size, 0) } : null);
    create.mutate(
      { subject: draft.subject.trim(), type: draft.type, priority: draft.priority, message: draft.message.trim(), files, onProgress: setProgress },
      {
        onSuccess: (ticket) => {
          notifySuccess(t("tickets.create.success"));
          void navigate(paths.myTicket(ticket.id));
        },
        onError: (error) => notifyTicketError(error, t("tickets.create.failed")),
        onSettled: () => setProgress(null),
      },
    );
  };

  const busy = create.isPending;
  return (
    <>
      <PageHeader title={title} description={t("tickets.create.description")} />
      <Paper
        withBorder
        p={{ base: "md", sm: "lg" }}
        radius="md"
        maw={760}
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="create-ticket-form"
      >
        <Stack gap="md">
          <TextInput
            label={t("tickets.create.subject")}
            placeholder={t("tickets.create.subjectPlaceholder")}
            required
            maxLength={200}
            value={draft.subject}
            onChange={(event) => set("subject", event.currentTarget.value)}
            error={errorOf("subject")}
            disabled={busy}
            data-testid="ticket-subject"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NativeSelect
              label={t("tickets.create.type")}
              required
              value={draft.type}
              onChange={(event) => set("type", event.currentTarget.value as TicketType | "")}
              error={errorOf("type")}
              disabled={busy}
              data-testid="ticket-type"
            >
              <option value="">{t("tickets.create.choose")}</option>
              {ticketTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`tickets.type.${type}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              label={t("tickets.create.priority")}
              required
              value={draft.priority}
              onChange={(event) => set("priority", event.currentTarget.value as TicketPriority | "")}
              error={errorOf("priority")}
              disabled={busy}
              data-testid="ticket-priority"
            >
              {ticketPriorities.map((priority) => (
                <option key={priority} value={priority}>
                  {t(`tickets.priority.${priority}`)}
                </option>
              ))}
            </NativeSelect>
          </SimpleGrid>
          <Textarea
            label={t("tickets.create.message")}
            placeholder={t("tickets.create.messagePlaceholder")}
            required
            autosize
            minRows={6}
            maxRows={16}
            maxLength={20_000}
            value={draft.message}
            onChange={(event) => set("message", event.currentTarget.value)}
            error={errorOf("message")}
            disabled={busy}
            data-testid="ticket-message"
          />
          <AttachmentPicker files={files} onChange={setFiles} progress={busy ? progress : null} disabled={busy} />
          <Group justify="flex-end" gap="md" wrap="wrap">
            {missing.length > 0 && (
              <Text size="sm" c="red" role="alert" data-testid="ticket-required">
                {required}
              </Text>
            )}
            <Button type="submit" loading={busy} leftSection={<IconTicket size={16} aria-hidden />} data-testid="ticket-submit">
              {t("tickets.create.submit")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}

export { CreateTicketPage as Component };
