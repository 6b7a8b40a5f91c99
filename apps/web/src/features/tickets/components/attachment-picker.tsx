import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text } from "@mantine/core";
import { IconFileText, IconFileUpload, IconX } from "@tabler/icons-react";
import { TICKET_ATTACHMENT_LIMITS } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "@/lib/format";
import type { UploadProgress } from "@/lib/upload";
import { progressPercent } from "@/lib/upload";
import { attachmentAccept, checkAttachments, type AttachmentProblem } from "../lib/ticket-rules";

/**
 * The files a message will carry: chosen with a button (keyboard reachable), checked against the
 * API's limits before anything is sent, each removable; while the message is sent, a progress bar of
 * the bytes uploaded.
 */
export function AttachmentPicker({
  files,
  onChange,
  progress,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** Set while the upload runs. */
  progress: UploadProgress | null;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const [problems, setProblems] = useState<AttachmentProblem[]>([]);
  const maxSize = formatBytes(TICKET_ATTACHMENT_LIMITS.maxBytes, language);
  const maxFiles = TICKET_ATTACHMENT_LIMITS.maxFiles.toLocaleString(language);

  const add = (added: File[]) => {
    const checked = checkAttachments(files, added);
    setProblems(checked.problems);
    onChange(checked.files);
  };
  const describe = (problem: AttachmentProblem) =>
    problem.kind === "tooMany"
      ? t("tickets.attachments.tooMany", { max: problem.max.toLocaleString(language) })
      : problem.kind === "tooLarge"
        ? t("tickets.attachments.tooLarge", { name: problem.name, size: maxSize })
        : t("tickets.attachments.type", { name: problem.name });
  const percent = progressPercent(progress);

  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <FileButton onChange={add} multiple accept={attachmentAccept} disabled={disabled || files.length >= TICKET_ATTACHMENT_LIMITS.maxFiles}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconFileUpload size={14} aria-hidden />} data-testid="attachments-add">
              {t("tickets.attachments.add")}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t("tickets.attachments.hint", { max: maxFiles, size: maxSize })}
        </Text>
      </Group>
      {files.length > 0 && (
        <ul aria-label={t("tickets.attachments.label")} style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid="attachments-chosen">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Group gap={6} wrap="nowrap">
                <IconFileText size={14} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" truncate="end" dir="auto" style={{ minWidth: 0 }}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatBytes(file.size, language)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  disabled={disabled}
                  aria-label={t("tickets.attachments.remove", { name: file.name })}
                  onClick={() => onChange(files.filter((_, other) => other !== index))}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ul>
      )}
      {problems.length > 0 && (
        <Text size="sm" c="red" role="alert" data-testid="attachments-problems">
          {problems.map(describe).join(" ")}
        </Text>
      )}
      {progress && files.length > 0 && (
        <Stack gap={2}>
          <Progress value={percent} aria-label={t("tickets.attachments.progressLabel")} data-testid="upload-progress" animated={percent < 100} />
          <Text size="xs" c="dimmed" aria-live="polite">
            {t("tickets.attachments.uploading", { percent })} · {formatBytes(progress.loaded, language)} / {formatBytes(progress.total, language)}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
