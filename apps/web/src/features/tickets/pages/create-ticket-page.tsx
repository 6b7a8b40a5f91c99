import { NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { IconTicket } from "@tabler/icons-react";
import { ticketPriorities, ticketTypes, type TicketPriority, type TicketType } from "@portal/contract";
import { useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { SubmitWithNotice } from "@/components/form";
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
  const busy = create.isPending;
  /** A field's value and change from the draft; an empty one is marked (red, aria-invalid), the spec's one sentence said once, above the button. */
  const bind = <K extends keyof Draft>(field: K) => ({
    value: draft[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(field, event.currentTarget.value as Draft[K]),
    error: missing.includes(field) || undefined,
    disabled: busy,
  });

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
          <TextInput label={t("tickets.create.subject")} placeholder={t("tickets.create.subjectPlaceholder")} required maxLength={200} {...bind("subject")} data-testid="ticket-subject" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NativeSelect
              label={t("tickets.create.type")}
              required
              data={[{ value: "", label: t("tickets.create.choose") }, ...ticketTypes.map((type) => ({ value: type, label: t(`tickets.type.${type}`) }))]}
              {...bind("type")}
              data-testid="ticket-type"
            />
            <NativeSelect
              label={t("tickets.create.priority")}
              required
              data={ticketPriorities.map((priority) => ({ value: priority, label: t(`tickets.priority.${priority}`) }))}
              {...bind("priority")}
              data-testid="ticket-priority"
            />
          </SimpleGrid>
          <Textarea label={t("tickets.create.message")} placeholder={t("tickets.create.messagePlaceholder")} required autosize minRows={6} maxRows={16} maxLength={20_000} {...bind("message")} data-testid="ticket-message" />
          <AttachmentPicker files={files} onChange={setFiles} progress={busy ? progress : null} disabled={busy} />
          <SubmitWithNotice
            notice={missing.length > 0 ? required : null}
            noticeTestId="ticket-required"
            loading={busy}
            leftSection={<IconTicket size={16} aria-hidden />}
            data-testid="ticket-submit"
          >
            {t("tickets.create.submit")}
          </SubmitWithNotice>
        </Stack>
      </Paper>
    </>
  );
}

export { CreateTicketPage as Component };
