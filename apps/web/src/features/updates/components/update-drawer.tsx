import { ActionIcon, Alert, Badge, Button, Code, Drawer, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip, useDirection } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconArrowBackUp, IconCopy, IconPlayerPlay, IconShieldCheck, IconTrash } from "@tabler/icons-react";
import type { Update, UpdateFile } from "@portal/contract";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DetailField } from "@/components/detail-field";
import { deleteAction, RowConfirmDialog, type RowAction } from "@/components/list-screen";
import { copyText } from "@/lib/clipboard";
import { parseApiError } from "@/lib/errors";
import { countParams, formatBytes, formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { ChannelBadge } from "@/components/release-channels";
import { updatePath, useDeleteUpdate, useUpdate, useYankUpdate } from "../api/updates";
import { packageFileName } from "./available-updates";
import { DownloadControl } from "./download-control";
import { UpdateStatusBadge, UpdateTypeBadge, YankedBadge } from "./update-badges";
import { updateName, useUpdateDrawerParam } from "./update-columns";

/** Delete a draft (asks first; its files go with it). The list's row action and the drawer's button. */
export function deleteDraftAction(t: TFunction, language: string, after?: () => void): RowAction<Update> {
  return {
    ...deleteAction<Update>(t("updates.list.delete"), {
      title: t("updates.list.deleteTitle"),
      message: (update) => t("updates.list.deleteText", { name: updateName(update, t, language), ...countParams(update.files.length, language) }),
      useMutation: useDeleteUpdate,
      done: () => t("updates.list.deleted"),
      after,
      testId: "update-delete-dialog",
      confirmTestId: "update-delete-confirm",
    }),
    when: (update) => update.status === "draft",
    testId: "update-delete",
  };
}

/**
 * Yank a published update (asks first, in red: it is withdrawn from every customer's list and
 * download at once, and cannot be undone). The list's row action and the drawer's button.
 */
export function yankAction(t: TFunction, language: string): RowAction<Update> {
  return {
    id: "yank",
    label: t("updates.availability.yank"),
    icon: IconArrowBackUp,
    color: "red",
    when: (update) => update.status === "published" && update.yankedAt === null,
    testId: "update-yank",
    confirm: {
      title: t("updates.availability.yankTitle"),
      message: (update) => t("updates.availability.yankText", { name: updateName(update, t, language) }),
      extra: () => (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Text size="sm">{t("updates.availability.yankWarning")}</Text>
        </Alert>
      ),
      confirmLabel: t("updates.availability.yankConfirm"),
      danger: true,
      useMutation: useYankUpdate,
      variables: (update) => update.id,
      done: (update) => t("updates.availability.yanked", { name: updateName(update, t, language) }),
      testId: "update-yank-dialog",
      confirmTestId: "update-yank-confirm",
    },
  };
}

/** Where the verification of one update's licences happens: the history tab, filtered to it. */
export const verifyLink = (updateId: string) => `${paths.admin.updates}?view=history&updateId=${encodeURIComponent(updateId)}`;

function FileCard({ file }: { file: UpdateFile }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="xs" component="li" data-testid="update-file">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} dir="ltr" truncate="end" style={{ minWidth: 0 }} title={file.name}>
            {file.name}
          </Text>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge size="sm" variant="outline" color="gray" tt="none" styles={{ label: { overflow: "visible" } }}>
              {t(`updates.fileKind.${file.kind}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatBytes(file.size, i18n.resolvedLanguage ?? "en")}
            </Text>
          </Group>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {t("updates.files.path")}
          </Text>
          <Code fz={11} dir="ltr" style={{ overflowWrap: "anywhere" }}>
            {file.path}
          </Code>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {t("updates.files.sha256")}
          </Text>
          <Code fz={11} dir="ltr" title={file.sha256} style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minWidth: 0 }} data-testid="update-file-sha">
            {file.sha256}
          </Code>
          <Tooltip label={t("updates.files.copyHash")} withArrow openDelay={300}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t("updates.files.copyHashOf", { name: file.name })}
              onClick={() => void copyText(file.sha256, { copied: t("updates.files.hashCopied"), failed: t("licenses.key.copyFailed") })}
            >
              <IconCopy size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Paper>
  );
}

function Details({ update, onDelete, onYank }: { update: Update; onDelete: () => void; onYank: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const draft = update.status === "draft";
  return (
    <Stack gap="lg" data-testid="update-detail">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <UpdateStatusBadge status={update.status} />
          {update.yankedAt && <YankedBadge yankedAt={update.yankedAt} />}
          {update.type && <UpdateTypeBadge type={update.type} />}
        </Group>
        {update.header ? (
          <Text fz="lg" fw={700} style={{ overflowWrap: "anywhere" }}>
            <bdi>{update.header}</bdi>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t("updates.detail.draftNote")}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <DetailField label={t("updates.columns.created")}>
          <Text size="sm">
            {update.createdBy
              ? t("updates.detail.createdBy", { date: formatDate(update.createdAt, language), name: update.createdBy.name })
              : formatDate(update.createdAt, language)}
          </Text>
        </DetailField>
        <DetailField label={t("updates.columns.published")}>
          <Text size="sm">{update.publishedAt ? formatDate(update.publishedAt, language) : "—"}</Text>
        </DetailField>
        <DetailField label={t("updates.columns.size")}>
          <Text size="sm">{t("updates.detail.filesAndSize", { ...countParams(update.files.length, language), size: formatBytes(update.totalSize, language) })}</Text>
        </DetailField>
        {!draft && (
          <DetailField label={t("updates.columns.verifiedLicenses")}>
            <Text size="sm">{update.verifiedLicenses.toLocaleString(language)}</Text>
          </DetailField>
        )}
        <DetailField label={t("updates.availability.channel")}>
          <ChannelBadge channel={update.channel} />
        </DetailField>
        <DetailField label={t("updates.availability.requiredFeatures")}>
          {update.requiredFeatures.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("updates.availability.noneRequired")}
            </Text>
          ) : (
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }} data-testid="update-required-features">
              {update.requiredFeatures.map((feature) => (
                <Group key={feature.id} component="li" gap={6} wrap="wrap">
                  <Text size="sm">
                    <bdi>{feature.name}</bdi>
                  </Text>
                  <Code fz={11} dir="ltr">
                    {feature.code}
                  </Code>
                </Group>
              ))}
            </Stack>
          )}
        </DetailField>
      </SimpleGrid>
      {update.yankedAt && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="update-yanked-note">
          {t("updates.availability.yankedNote", { date: formatDate(update.yankedAt, language) })}
        </Alert>
      )}

      <Group gap="sm" wrap="wrap">
        {draft ? (
          <>
            <Button component={Link} to={paths.admin.updateDraft(update.id)} leftSection={<IconPlayerPlay size={16} aria-hidden />} data-testid="update-resume">
              {t("updates.list.resume")}
            </Button>
            <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
              {t("updates.list.delete")}
            </Button>
          </>
        ) : (
          <>
            <Button component={Link} to={verifyLink(update.id)} variant="light" leftSection={<IconShieldCheck size={16} aria-hidden />}>
              {t("updates.detail.verifyLicenses")}
            </Button>
            {!update.yankedAt && (
              <Button variant="light" color="red" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={onYank} data-testid="update-drawer-yank">
                {t("updates.availability.yank")}
              </Button>
            )}
          </>
        )}
      </Group>
      {!draft && update.version && !update.yankedAt && (
        <DownloadControl request={{ path: `${updatePath(update.id)}/package` }} fileName={packageFileName(update.version)} label={t("updates.download.package")} size={update.totalSize} variant="default" />
      )}

      <Stack gap="xs" component="section" aria-labelledby="update-files-title">
        <Title order={3} fz="sm" id="update-files-title">
          {t("updates.detail.files", countParams(update.files.length, language))}
        </Title>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {update.files.map((file) => (
            <FileCard key={file.path} file={file} />
          ))}
        </Stack>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="update-commands-title">
        <Title order={3} fz="sm" id="update-commands-title">
          {t("updates.detail.commands", countParams(update.commands.length, language))}
        </Title>
        {update.commands.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("updates.detail.noCommands")}
          </Text>
        ) : (
          <List type="ordered" size="sm" spacing={4}>
            {update.commands.map((command, index) => (
              <List.Item key={index}>
                <Code fz={12} dir="ltr" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
                  {command}
                </Code>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>

      {update.changeLog && (
        <Stack gap="xs" component="section" aria-labelledby="update-changelog-title">
          <Title order={3} fz="sm" id="update-changelog-title">
            {t("updates.wizard.changeLog")}
          </Title>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} dir="auto">
            {update.changeLog}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/** One update in a side drawer (`?update=<id>`; full width on phones): files with hashes, commands, change log, its actions. */
export function UpdateDrawer() {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const narrow = useMediaQuery("(max-width: 40em)");
  const { openId, close } = useUpdateDrawerParam();
  const update = useUpdate(openId ?? undefined);
  const [deleting, setDeleting] = useState<Update | null>(null);
  const [yanking, setYanking] = useState<Update | null>(null);
  const remove = deleteDraftAction(t, i18n.resolvedLanguage ?? "en", close);
  const yank = yankAction(t, i18n.resolvedLanguage ?? "en");
  const title = update.data ? updateName(update.data, t, i18n.resolvedLanguage ?? "en") : t("updates.detail.title");
  return (
    <>
      <Drawer
        opened={openId !== null}
        onClose={close}
        position={dir === "rtl" ? "left" : "right"}
        size={narrow ? "100%" : "lg"}
        title={
          <Text fw={700}>
            <bdi>{title}</bdi>
          </Text>
        }
        closeButtonProps={{ "aria-label": t("common.close") }}
      >
        {update.isPending ? (
          <Stack gap="md">
            <Skeleton height={28} width="60%" />
            <Skeleton height={120} />
            <Skeleton height={160} />
          </Stack>
        ) : update.error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {parseApiError(update.error, t).message}
          </Alert>
        ) : (
          <Details update={update.data} onDelete={() => setDeleting(update.data)} onYank={() => setYanking(update.data)} />
        )}
      </Drawer>
      {remove.confirm && <RowConfirmDialog confirm={remove.confirm} row={deleting} onClose={() => setDeleting(null)} />}
      {yank.confirm && <RowConfirmDialog confirm={yank.confirm} row={yanking} onClose={() => setYanking(null)} />}
    </>
  );
}
