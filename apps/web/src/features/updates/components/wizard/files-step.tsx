import "@mantine/dropzone/styles.css";
import { ActionIcon, Alert, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconAlertTriangle, IconFileText, IconFileUpload, IconUpload, IconX } from "@tabler/icons-react";
import { UPDATE_LIMITS, UPDATE_PACKAGE_NAMES, type Update } from "@portal/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { parseApiError } from "@/lib/errors";
import { formatBytes } from "@/lib/format";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import type { UploadProgress } from "@/lib/upload";
import { useUploadUpdateFiles } from "../../api/updates";
import { checkFiles, checkPackage, hasZipEnding, packageSlots, uploadBytes, WIZARD_TOAST, type FilesCheck, type FilesDraft, type PackageSlot } from "../../lib/wizard-rules";
import { TransferProgress } from "../transfer-progress";

let extraCounter = 0;
const nextExtraId = () => `extra-${(extraCounter += 1)}`;

/** A Latin file name inside a right-to-left sentence keeps its own direction (U+2068…U+2069). */
const isolated = (name: string) => `\u2068${name}\u2069`;

/** A refusal of one chosen package (not a ZIP, unsafe, too large): shown on its row while that file is chosen. */
type FileRefusal = { file: File; message: string };

function ChosenFile({ file, onRemove, removeLabel, disabled }: { file: File; onRemove: () => void; removeLabel: string; disabled: boolean }) {
  const { i18n } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" size={36} radius="md">
        <IconFileText size={20} aria-hidden />
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600} dir="ltr" ta="start" truncate="end">
          {file.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatBytes(file.size, i18n.resolvedLanguage ?? "en")}
        </Text>
      </Stack>
      <ActionIcon variant="subtle" color="gray" onClick={onRemove} aria-label={removeLabel} disabled={disabled}>
        <IconX size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** One required package: a drop zone (also a button for the keyboard) until a file is chosen, then the file. */
function PackageInput({
  slot,
  file,
  problem,
  onChange,
  disabled,
}: {
  slot: PackageSlot;
  file: File | null;
  problem: string | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const name = UPDATE_PACKAGE_NAMES[slot];
  const titleId = `package-${slot}-title`;
  const problemId = `package-${slot}-problem`;
  return (
    <Stack gap={6} data-testid={`package-${slot}`}>
      <Text size="sm" fw={600} id={titleId}>
        {t(`updates.wizard.${slot}Package`)}{" "}
        <Text span c="red" aria-hidden>
          *
        </Text>
      </Text>
      {file ? (
        <Paper withBorder radius="md" p="sm" style={problem ? { borderColor: "var(--mantine-color-error)" } : undefined}>
          <ChosenFile file={file} onRemove={() => onChange(null)} removeLabel={t("updates.wizard.removeFile", { name: file.name })} disabled={disabled} />
        </Paper>
      ) : (
        <Dropzone
          onDrop={(files) => onChange(files[0] ?? null)}
          // A file of another type is still shown, with the spec's message about the name.
          onReject={(rejections) => onChange(rejections[0]?.file ?? null)}
          multiple={false}
          disabled={disabled}
          accept={{ "application/zip": [".zip"], "application/x-zip-compressed": [".zip"] }}
          inputProps={{ "aria-label": t("updates.wizard.choosePackage", { name }), "aria-describedby": problem ? problemId : undefined }}
          radius="md"
          p="md"
          style={problem ? { borderColor: "var(--mantine-color-error)" } : undefined}
        >
          <Group justify="center" gap="md" mih={72} style={{ pointerEvents: "none" }} wrap="nowrap">
            <IconUpload size={28} stroke={1.5} aria-hidden style={{ opacity: 0.6, flexShrink: 0 }} />
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {t("updates.wizard.dropPackage", { name })}
              </Text>
              <Text size="xs" c="dimmed">
                {t("updates.wizard.packageRule", { name })}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      )}
      {problem && (
        <Text size="xs" c="red" id={problemId} role="alert" data-testid={`package-${slot}-problem`}>
          {problem}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Step 1: backend.zip and frontend.zip (names checked here too), any extra files each with an
 * install path, then one multipart upload with a bar of the bytes sent, which can be cancelled.
 */
export function FilesStep({ onUploaded }: { onUploaded: (update: Update) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const upload = useUploadUpdateFiles();
  const [draft, setDraft] = useState<FilesDraft>({ backend: null, frontend: null, extras: [] });
  const [check, setCheck] = useState<FilesCheck | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refusals, setRefusals] = useState<Partial<Record<PackageSlot, FileRefusal>>>({});
  const cancelUpload = useRef<AbortController | null>(null);
  const busy = upload.isPending;

  // Leaving the page ends the upload; while it runs, closing the tab asks first.
  useEffect(() => () => cancelUpload.current?.abort(), []);
  useEffect(() => {
    if (!busy) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [busy]);

  const change = (next: FilesDraft) => {
    setDraft(next);
    // Once problems are shown, they follow the edits.
    if (check) setCheck(checkFiles(next));
  };
  /** Bound to the file it was about: replacing the file takes it away. */
  const refusalOf = (slot: PackageSlot): string | null => {
    const refusal = refusals[slot];
    return refusal && refusal.file === draft[slot] ? refusal.message : null;
  };
  const refuse = (slot: PackageSlot, file: File, message: string) => setRefusals((current) => ({ ...current, [slot]: { file, message } }));
  const packageProblem = (slot: PackageSlot): string | null => {
    // A wrong name shows as soon as the file is chosen; a missing one after "Upload files".
    const problem = check ? check.packages[slot] : draft[slot] ? checkPackage(slot, draft[slot]) : null;
    if (!problem) return refusalOf(slot);
    return t(problem === "missing" ? "updates.wizard.packageMissing" : `updates.wizard.${slot}WrongName`);
  };
  const choosePackage = (slot: PackageSlot, file: File | null) => {
    change({ ...draft, [slot]: file });
    if (!file || checkPackage(slot, file)) return;
    void hasZipEnding(file).then(
      (isZip) => {
        if (!isZip) refuse(slot, file, t("updates.wizard.notAZip", { name: isolated(file.name) }));
      },
      // Unreadable here: the server checks it anyway.
      () => undefined,
    );
  };
  const pathProblem = (id: string): string | undefined => {
    const problem = check?.paths[id];
    if (!problem) return undefined;
    return problem === "required" ? t("updates.wizard.extraPathRequired") : t(`updates.wizard.path.${problem}`, { max: UPDATE_LIMITS.maxPathLength });
  };

  const addExtras = (files: File[]) => {
    const room = UPDATE_LIMITS.maxExtras - draft.extras.length;
    if (files.length > room) notifyMessage(t("updates.wizard.tooManyExtras", { max: UPDATE_LIMITS.maxExtras }), "warning", WIZARD_TOAST);
    change({ ...draft, extras: [...draft.extras, ...files.slice(0, Math.max(0, room)).map((file) => ({ id: nextExtraId(), file, path: "" }))] });
  };

  const submit = () => {
    const checked = checkFiles(draft);
    setCheck(checked);
    if (!checked.ok || !draft.backend || !draft.frontend || packageSlots.some(refusalOf)) {
      const missingPath = Object.values(checked.paths).includes("required");
      notifyMessage(missingPath ? t("updates.wizard.extraPathRequired") : t("updates.wizard.fixFiles"), "warning", WIZARD_TOAST);
      return;
    }
    const sent = { backend: draft.backend, frontend: draft.frontend };
    const controller = new AbortController();
    cancelUpload.current = controller;
    setProgress({ loaded: 0, total: uploadBytes(draft) });
    upload.mutate(
      {
        backend: draft.backend,
        frontend: draft.frontend,
        extras: draft.extras.map((extra) => ({ file: extra.file, path: extra.path.trim() })),
        onProgress: setProgress,
        signal: controller.signal,
      },
      {
        onSuccess: (update) => {
          notifySuccess(t("updates.wizard.filesUploaded"), WIZARD_TOAST);
          onUploaded(update);
        },
        onError: (error) => {
          if (controller.signal.aborted && error === controller.signal.reason) {
            notifyMessage(t("updates.wizard.uploadCancelled"), "info", WIZARD_TOAST);
            return;
          }
          const parsed = parseApiError(error, t);
          // The server names the package it refused (`loc: [code, "backend"]`): the error stays on that file's row.
          const slot = packageSlots.find((candidate) => parsed.items.some((item) => item.code && item.field === candidate));
          if (slot) {
            refuse(slot, sent[slot], parsed.message);
            notifyMessage(t("updates.wizard.fileRefused", { name: isolated(sent[slot].name), reason: parsed.message }), "error", WIZARD_TOAST);
            return;
          }
          notifyMessage(t("updates.wizard.uploadFailed", { reason: parsed.message }), "error", WIZARD_TOAST);
        },
        onSettled: () => {
          setProgress(null);
          cancelUpload.current = null;
        },
      },
    );
  };

  return (
    <Stack gap="lg" data-testid="wizard-files">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {packageSlots.map((slot) => (
          <PackageInput key={slot} slot={slot} file={draft[slot]} problem={packageProblem(slot)} onChange={(file) => choosePackage(slot, file)} disabled={busy} />
        ))}
      </SimpleGrid>

      <Stack gap="xs" component="section" aria-labelledby="extras-title">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={0}>
            <Text size="sm" fw={600} id="extras-title">
              {t("updates.wizard.extras")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("updates.wizard.extrasHint", { n: draft.extras.length.toLocaleString(language), max: UPDATE_LIMITS.maxExtras.toLocaleString(language) })}
            </Text>
          </Stack>
          <FileButton onChange={addExtras} multiple disabled={busy || draft.extras.length >= UPDATE_LIMITS.maxExtras}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconFileUpload size={14} aria-hidden />} data-testid="extras-add">
                {t("updates.wizard.addExtras")}
              </Button>
            )}
          </FileButton>
        </Group>
        {draft.extras.length > 0 && (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }} data-testid="extras-list">
            {draft.extras.map((extra) => (
              <Paper key={extra.id} withBorder radius="md" p="sm" component="li" data-testid="extra-file">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                  <ChosenFile
                    file={extra.file}
                    onRemove={() => change({ ...draft, extras: draft.extras.filter((other) => other.id !== extra.id) })}
                    removeLabel={t("updates.wizard.removeFile", { name: extra.file.name })}
                    disabled={busy}
                  />
                  <TextInput
                    label={t("updates.wizard.installPath")}
                    aria-label={t("updates.wizard.installPathOf", { name: extra.file.name })}
                    placeholder={t("updates.wizard.installPathPlaceholder")}
                    required
                    dir="ltr"
                    size="sm"
                    maxLength={UPDATE_LIMITS.maxPathLength}
                    value={extra.path}
                    onChange={(event) => {
                      const path = event.currentTarget.value;
                      change({ ...draft, extras: draft.extras.map((other) => (other.id === extra.id ? { ...other, path } : other)) });
                    }}
                    error={pathProblem(extra.id)}
                    disabled={busy}
                    data-testid="extra-path"
                  />
                </SimpleGrid>
              </Paper>
            ))}
          </Stack>
        )}
        {check?.tooManyExtras && (
          <Text size="xs" c="red" role="alert">
            {t("updates.wizard.tooManyExtras", { max: UPDATE_LIMITS.maxExtras })}
          </Text>
        )}
      </Stack>

      {progress && (
        <Paper withBorder radius="md" p="md" role="group" aria-label={t("updates.wizard.uploading")}>
          <Stack gap="xs">
            <Text size="sm" fw={500} aria-live="polite">
              {t("updates.wizard.uploading")}
            </Text>
            <TransferProgress
              label={t("updates.wizard.uploadProgress")}
              loaded={progress.loaded}
              total={progress.total}
              onStop={() => cancelUpload.current?.abort(new DOMException("The upload was cancelled", "AbortError"))}
              stopLabel={t("updates.wizard.cancelUpload")}
              testId="upload-progress"
            />
          </Stack>
        </Paper>
      )}

      {check && !check.ok && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="files-problems">
          {Object.values(check.paths).includes("required") ? t("updates.wizard.extraPathRequired") : t("updates.wizard.fixFiles")}
        </Alert>
      )}

      <Group justify="flex-end" gap="sm">
        <Text size="sm" c="dimmed">
          {t("updates.wizard.totalSize", { size: formatBytes(uploadBytes(draft), language) })}
        </Text>
        <Button onClick={submit} loading={busy} leftSection={<IconUpload size={16} aria-hidden />} data-testid="files-upload">
          {t("updates.wizard.upload")}
        </Button>
      </Group>
    </Stack>
  );
}
