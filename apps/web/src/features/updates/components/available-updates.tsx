import { Alert, Anchor, Badge, Button, Code, Collapse, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconAlertTriangle, IconChevronDown, IconCircleCheck, IconClockPause, IconFileText, IconRefresh } from "@tabler/icons-react";
import type { AvailableUpdate, AvailableUpdates } from "@portal/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChannelBadge } from "@/components/release-channels";
import { parseApiError } from "@/lib/errors";
import { countParams, formatBytes, formatDate } from "@/lib/format";
import { LICENSE_TOKEN_HEADER, useAvailableUpdates } from "../api/req";
import { updatePath } from "../api/updates";
import { DownloadControl } from "./download-control";
import { UpdateTypeBadge } from "./update-badges";

/** `update-2.4.0.zip`: what the browser saves a package as. */
export const packageFileName = (version: string) => `update-${version.replace(/[^0-9A-Za-z.+-]/g, "_")}.zip`;

function FileRow({ update, file, licenseToken }: { update: AvailableUpdate; file: AvailableUpdate["files"][number]; licenseToken: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="available-file">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFileText size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={500} dir="ltr" truncate="end">
              {file.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatBytes(file.size, i18n.resolvedLanguage ?? "en")}
            </Text>
          </Group>
          <Badge size="sm" variant="outline" color="gray" tt="none" styles={{ label: { overflow: "visible" } }}>
            {t(`updates.fileKind.${file.kind}`)}
          </Badge>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {t("updates.files.sha256")}
          </Text>
          <Code fz={11} dir="ltr" title={file.sha256} style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
            {file.sha256}
          </Code>
        </Group>
        <DownloadControl
          // By install path (unique in an update; names need not be), encoded as one path segment.
          request={{ path: `${updatePath(update.id)}/files/${encodeURIComponent(file.path)}`, headers: { [LICENSE_TOKEN_HEADER]: licenseToken } }}
          fileName={file.name}
          label={t("updates.download.file")}
          variant="default"
          testId={`download-file-${file.path}`}
        />
      </Stack>
    </Paper>
  );
}

/** Lines a long change log shows until "Show more". */
const CHANGE_LOG_LINES = 4;

/** The change log as written (line breaks kept); a long one folded to its first lines. */
function ChangeLogText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  // Counted, not measured: no resize observer for a few lines of text.
  const long = text.split("\n").length > CHANGE_LOG_LINES || text.length > CHANGE_LOG_LINES * 90;
  return (
    <Stack gap={2} align="flex-start">
      <Text id={id} size="sm" lineClamp={long && !expanded ? CHANGE_LOG_LINES : undefined} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} dir="auto">
        {text}
      </Text>
      {long && (
        <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((open) => !open)} aria-expanded={expanded} aria-controls={id}>
          {expanded ? t("updates.available.showLess") : t("updates.available.showMore")}
        </Anchor>
      )}
    </Stack>
  );
}

function AvailableUpdateCard({ update, licenseToken }: { update: AvailableUpdate; licenseToken: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const [filesOpen, files] = useDisclosure(false);
  const filesId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="article" aria-labelledby={`${filesId}-title`} data-testid="available-update" data-version={update.version}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} dir="ltr" data-testid="available-version">
              {update.version}
            </Text>
            <UpdateTypeBadge type={update.type} />
            {update.channel !== "stable" && <ChannelBadge channel={update.channel} />}
            <Text size="xs" c="dimmed">
              {t("updates.available.publishedSize", { date: formatDate(update.publishedAt, language), size: formatBytes(update.totalSize, language) })}
            </Text>
          </Group>
          {/* The header keeps its own direction (bdi) and the page's alignment, as ticket subjects do. */}
          <Title order={4} fz="md" fw={600} id={`${filesId}-title`} style={{ overflowWrap: "anywhere" }}>
            <bdi>{update.header}</bdi>
          </Title>
        </Stack>
        <ChangeLogText text={update.changeLog} />
        <DownloadControl
          request={{ path: `${updatePath(update.id)}/package`, headers: { [LICENSE_TOKEN_HEADER]: licenseToken } }}
          fileName={packageFileName(update.version)}
          label={t("updates.download.package")}
          size={update.totalSize}
          testId="download-package"
        />
        <UnstyledButton onClick={files.toggle} aria-expanded={filesOpen} aria-controls={`${filesId}-files`} data-testid="available-files-toggle">
          <Group gap={4} wrap="nowrap">
            <IconChevronDown size={16} aria-hidden style={{ transform: filesOpen ? "rotate(180deg)" : undefined, transition: "transform 150ms" }} />
            <Text size="sm" fw={500}>
              {t("updates.available.files", countParams(update.files.length, language))}
            </Text>
          </Group>
        </UnstyledButton>
        <Collapse expanded={filesOpen} id={`${filesId}-files`}>
          <Stack gap="xs">
            {update.files.map((file) => (
              <FileRow key={file.path} update={update} file={file} licenseToken={licenseToken} />
            ))}
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}

/**
 * The published updates newer than the installation that this licence is not verified for: the same
 * verifications the update history shows as "Not verified", so the two never disagree.
 */
function AwaitingVerification({ updates }: { updates: AvailableUpdates["awaitingVerification"] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const versions = new Intl.ListFormat(language, { type: "conjunction" }).format(updates.map((update) => `\u2068${update.version}\u2069`));
  return (
    <Alert color="yellow" variant="light" icon={<IconClockPause size={18} aria-hidden />} title={t("updates.available.awaitingTitle")} data-testid="available-awaiting">
      {t("updates.available.awaitingDescription", { ...countParams(updates.length, language), versions })}
    </Alert>
  );
}

/**
 * The list request of the .req flow and its answer: the updates this licence may take, each with
 * its change log and a resumable download of the whole package or of one file.
 */
export function AvailableUpdates({ licenseToken }: { licenseToken: string }) {
  const { t } = useTranslation();
  const list = useAvailableUpdates(licenseToken);
  return (
    <Stack gap="sm" component="section" aria-labelledby="available-updates-title" data-testid="available-updates">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="h5" id="available-updates-title">
          {t("updates.available.title")}
        </Title>
        {list.data?.installedVersion && (
          <Text size="xs" c="dimmed">
            {t("updates.available.installed", { version: list.data.installedVersion })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <Stack gap={6} role="status" aria-live="polite">
          <Text size="sm">{t("updates.available.loading")}</Text>
          <Skeleton height={96} radius="md" />
        </Stack>
      ) : list.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t("updates.available.failed")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{parseApiError(list.error, t).message}</Text>
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void list.refetch()}>
              {t("table.retry")}
            </Button>
          </Stack>
        </Alert>
      ) : list.data.items.length === 0 && list.data.awaitingVerification.length > 0 ? (
        <AwaitingVerification updates={list.data.awaitingVerification} />
      ) : list.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="md" data-testid="available-empty">
          <Group gap="sm" wrap="nowrap">
            <IconCircleCheck size={24} aria-hidden style={{ flexShrink: 0, opacity: 0.7 }} />
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t("updates.available.emptyTitle")}
              </Text>
              <Text size="sm" c="dimmed">
                {t("updates.available.emptyDescription")}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ) : (
        <>
          {list.data.items.map((update) => (
            <AvailableUpdateCard key={update.id} update={update} licenseToken={licenseToken} />
          ))}
          {list.data.awaitingVerification.length > 0 && <AwaitingVerification updates={list.data.awaitingVerification} />}
        </>
      )}
    </Stack>
  );
}
