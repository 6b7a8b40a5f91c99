import "@mantine/dropzone/styles.css";
import { Alert, Badge, Button, Code, Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileUpload, IconFileText, IconRefresh, IconUpload, IconX } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LicenseKey } from "@/components/license-key";
import { LicenseStatusBadge } from "@/components/license-status-badge";
import { parseApiError } from "@/lib/errors";
import { formatBytes, formatDate } from "@/lib/format";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { useDownload } from "@/lib/use-download";
import { availableUpdatesQuery, useUploadReqFile, type ReqAuthAnswer } from "../api/req";
import { AvailableUpdates } from "./available-updates";
import { checkReqFile, reqFileKey, type ReqFileProblem } from "./req-file-check";

type Stage =
  | { name: "idle"; problem?: string }
  | { name: "selected"; file: File; key: string; problem?: string }
  /** The auth request, then (`listing`) the list request with the licence token it answered. */
  | { name: "processing"; file: File; key: string; listing?: boolean }
  | { name: "done"; file: File; answer: ReqAuthAnswer };

/** One fact about the activated licence: a small dimmed label over its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function boundFileName(answer: ReqAuthAnswer): string {
  return `${answer.license.key.replace(/[^0-9A-Za-z]/g, "")}-${answer.installation.fingerprint.slice(0, 8)}.lic`;
}

/**
 * The customer's .req upload (spec sections 4 and 5): drop or pick one .req file → the browser
 * checks type, size and lines with the spec's messages → selected → processing: the auth request
 * (upload and activation), then the list request (the updates this licence may take) → done: the
 * activated licence, its licence file bound to this installation, and the updates to download.
 */
export function ReqUploadPanel() {
  const { t, i18n } = useTranslation();
  const upload = useUploadReqFile();
  const download = useDownload();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: "idle" });

  const problemText = (problem: ReqFileProblem) => t(`updates.req.problems.${problem}`);

  const refuse = (message: string) => {
    notifyMessage(message, "error");
    setStage({ name: "idle", problem: message });
  };

  const select = async (files: File[]) => {
    if (files.length > 1) return refuse(t("updates.req.problems.oneFile"));
    const file = files[0];
    const problem = await checkReqFile(file);
    if (problem || !file) return refuse(problemText(problem ?? "missing"));
    setStage({ name: "selected", file, key: await reqFileKey(file) });
  };

  const onReject = (rejections: FileRejection[]) => {
    if (rejections.length > 1) return refuse(t("updates.req.problems.oneFile"));
    void select(rejections.map((rejection) => rejection.file));
  };

  const send = () => {
    if (stage.name !== "selected") return;
    const { file, key } = stage;
    setStage({ name: "processing", file, key });
    upload.mutate(file, {
      onSuccess: async (answer) => {
        notifySuccess(t("updates.req.activated"));
        setStage({ name: "processing", file, key, listing: true });
        // A failed list request is shown (with Retry) under the activated licence: the activation stands.
        await queryClient.prefetchQuery(availableUpdatesQuery(answer.licenseToken));
        setStage({ name: "done", file, answer });
      },
      onError: (error) => {
        const parsed = parseApiError(error, t);
        notifyMessage(parsed.message, parsed.type);
        setStage({ name: "selected", file, key, problem: parsed.message });
      },
    });
  };

  const reset = () => setStage({ name: "idle" });

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="req-upload-title" data-testid="req-upload">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="req-upload-title">
            {t("updates.req.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("updates.req.description")}
          </Text>
        </Stack>

        {stage.name === "idle" && (
          <>
            <Dropzone
              onDrop={(files) => void select(files)}
              onReject={onReject}
              multiple={false}
              inputProps={{ accept: ".req", "aria-label": t("updates.req.choose") }}
              radius="md"
              aria-describedby="req-rules"
              data-testid="req-dropzone"
            >
              <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: "none" }} wrap="nowrap">
                <Dropzone.Accept>
                  <IconUpload size={44} stroke={1.5} aria-hidden color="var(--mantine-primary-color-filled)" />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={44} stroke={1.5} aria-hidden color="var(--mantine-color-red-6)" />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileUpload size={44} stroke={1.5} aria-hidden style={{ opacity: 0.6 }} />
                </Dropzone.Idle>
                <Stack gap={4}>
                  <Text fw={600}>{t("updates.req.dropHere")}</Text>
                  <Text size="sm" c="dimmed" id="req-rules">
                    {t("updates.req.rules")}
                  </Text>
                </Stack>
              </Group>
            </Dropzone>
            {stage.problem && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="req-problem">
                {stage.problem}
              </Alert>
            )}
          </>
        )}

        {(stage.name === "selected" || stage.name === "processing") && (
          <Stack gap="sm" data-testid="req-selected" data-stage={stage.name}>
            <Paper withBorder radius="md" p="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={40} radius="md">
                  <IconFileText size={22} aria-hidden />
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} truncate dir="ltr" ta="start">
                    {stage.file.name}
                  </Text>
                  <Text size="xs" c="dimmed" data-testid="req-file-size">
                    {formatBytes(stage.file.size, i18n.language)}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {t("updates.req.keyLine")}
                    </Text>
                    <Code fz={11} dir="ltr" style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                      {stage.key}
                    </Code>
                  </Group>
                </Stack>
              </Group>
            </Paper>
            {stage.name === "processing" ? (
              <Stack gap={6} role="status" aria-live="polite" data-testid="req-processing">
                <Text size="sm">{t(stage.listing ? "updates.req.listing" : "updates.req.processing")}</Text>
                <Progress value={100} animated striped aria-label={t(stage.listing ? "updates.req.listing" : "updates.req.processing")} />
              </Stack>
            ) : (
              <>
                {stage.problem && (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="req-problem">
                    {stage.problem}
                  </Alert>
                )}
                <Group gap="sm" wrap="wrap">
                  <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={send}>
                    {t("updates.req.upload")}
                  </Button>
                  <Button variant="default" onClick={reset}>
                    {t("updates.req.another")}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        )}

        {stage.name === "done" && (
          <Stack gap="md" data-testid="req-done">
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title={t("updates.req.activated")}>
              {t("updates.req.activatedDescription")}
            </Alert>
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <LicenseKey value={stage.answer.license.key} />
                  <LicenseStatusBadge status={stage.answer.license.status} />
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <Fact label={t("updates.req.plan")}>
                    <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                      {stage.answer.license.planName}
                    </Text>
                  </Fact>
                  <Fact label={t("updates.req.expires")}>
                    <Text size="sm">{formatDate(stage.answer.license.expiresAt, i18n.language)}</Text>
                  </Fact>
                  <Fact label={t("updates.req.activations")}>
                    <Text size="sm">{t("licenses.activationsOf", { used: stage.answer.license.activations, max: stage.answer.license.maxActivations })}</Text>
                  </Fact>
                </SimpleGrid>
                <Group gap={6} wrap="wrap">
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {t("updates.req.installation")}
                  </Text>
                  <Code fz={11} dir="ltr" title={stage.answer.installation.fingerprint} style={{ flexShrink: 0 }}>
                    {`${stage.answer.installation.fingerprint.slice(0, 12)}…`}
                  </Code>
                  {stage.answer.installation.dataSummary && (
                    <Badge variant="light" tt="none" maw="100%" style={{ minWidth: 0 }} title={stage.answer.installation.dataSummary}>
                      <Text span inherit truncate>
                        {stage.answer.installation.dataSummary}
                      </Text>
                    </Badge>
                  )}
                </Group>
              </Stack>
            </Paper>
            <Group gap="sm" wrap="wrap">
              <Button
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={download.isPending}
                onClick={() => {
                  const { licenseFile } = stage.answer;
                  download.start({ key: `bound-${stage.answer.installation.id}`, fileName: boundFileName(stage.answer), content: () => licenseFile });
                }}
              >
                {t("updates.req.downloadBound")}
              </Button>
              <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={reset}>
                {t("updates.req.another")}
              </Button>
            </Group>
            <AvailableUpdates licenseToken={stage.answer.licenseToken} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
