import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconPlayerPlay, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "@/lib/format";
import type { DownloadRequest } from "../lib/resumable-download";
import { useResumableDownload } from "../lib/use-resumable-download";
import { TransferProgress } from "./transfer-progress";

/**
 * A download button that becomes its own progress bar: downloading (bytes of Content-Length, a
 * percentage, Stop), then saved, failed ("Download failed: <reason>", Resume from the bytes kept) or
 * stopped (Resume).
 */
export function DownloadControl({
  request,
  fileName,
  label,
  size,
  variant = "filled",
  testId,
}: {
  request: DownloadRequest;
  fileName: string;
  /** The button's text, e.g. "Download package". */
  label: string;
  /** Shown on the button when known. */
  size?: number;
  variant?: "filled" | "light" | "default";
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const { status, start, resume, cancel } = useResumableDownload(request, fileName);
  const startOver = (
    <Button size="xs" variant="subtle" leftSection={<IconRefresh size={14} aria-hidden />} onClick={start}>
      {t("updates.download.startOver")}
    </Button>
  );

  return (
    <Stack gap={6} data-testid={testId} data-state={status.name}>
      {(status.name === "idle" || status.name === "done") && (
        <Group gap="sm" wrap="wrap">
          <Button
            variant={status.name === "done" ? "default" : variant}
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={start}
            aria-label={t("updates.download.named", { label, name: fileName })}
          >
            {status.name === "done" ? t("updates.download.again") : label}
            {size !== undefined && status.name === "idle" && (
              <Text span inherit fw={400} ms={6} opacity={0.85}>
                {t("updates.download.sizeSuffix", { size: formatBytes(size, language) })}
              </Text>
            )}
          </Button>
          {status.name === "done" && (
            <Group gap={4} c="teal" role="status">
              <IconCircleCheck size={16} aria-hidden />
              <Text size="sm" data-testid={testId && `${testId}-done`}>
                {t("updates.download.done", { name: fileName })}
              </Text>
            </Group>
          )}
        </Group>
      )}
      {status.name === "downloading" && (
        <TransferProgress
          label={t("updates.download.progressLabel", { name: fileName })}
          loaded={status.received}
          total={status.total}
          onStop={cancel}
          testId={testId && `${testId}-progress`}
        />
      )}
      {status.name === "paused" && (
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {status.total
              ? t("updates.download.stoppedAt", { loaded: formatBytes(status.received, language), total: formatBytes(status.total, language) })
              : t("updates.download.stopped")}
          </Text>
          <Button size="xs" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={resume} data-testid={testId && `${testId}-resume`}>
            {t("updates.download.resume")}
          </Button>
          {startOver}
        </Group>
      )}
      {status.name === "failed" && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" p="sm" data-testid={testId && `${testId}-failed`}>
          <Stack gap={6}>
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {t("updates.download.failed", { reason: status.reason })}
            </Text>
            {status.resumable && status.total !== null && (
              <Text size="xs" c="dimmed">
                {t("updates.download.kept", { loaded: formatBytes(status.received, language), total: formatBytes(status.total, language) })}
              </Text>
            )}
            <Group gap="xs" wrap="wrap">
              {status.resumable ? (
                <>
                  <Button size="xs" color="red" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={resume} data-testid={testId && `${testId}-resume`}>
                    {t("updates.download.resume")}
                  </Button>
                  {startOver}
                </>
              ) : (
                <Button size="xs" color="red" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={start}>
                  {t("updates.download.retry")}
                </Button>
              )}
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
