import { Alert, Anchor, Button, Code, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconDeviceDesktop } from "@tabler/icons-react";
import type { Installation, License } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { parseApiError } from "@/lib/errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useInstallations, useReleaseInstallation } from "../api/installations";
import { formatDateTime } from "@/lib/format";
import { shortFingerprint } from "../lib/format";

/**
 * The machines a licence is activated on (fingerprint = SHA-256 of the .req's second line), and
 * "release" to move it to another one: customers have the plan's number of releases per 30 days,
 * administrators' releases do not count.
 */
export function InstallationsPanel({ license, admin }: { license: License; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const installations = useInstallations(license.id);
  const release = useReleaseInstallation();
  const [releasing, setReleasing] = useState<Installation | null>(null);

  const used = installations.data?.releasesLast30Days ?? 0;
  const max = installations.data?.maxReleasesPer30Days ?? license.maxReleasesPer30Days;
  const left = Math.max(0, max - used);
  const exhausted = !admin && left === 0;

  const confirm = () => {
    if (!releasing) return;
    release.mutate(
      { licenseId: license.id, installationId: releasing.id },
      {
        onSuccess: () => {
          notifySuccess(t("licenses.installations.released"));
          setReleasing(null);
        },
        onError: (error) => {
          notifyError(error);
          setReleasing(null);
        },
      },
    );
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="installations-title">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} fz="h5" id="installations-title">
          {t("licenses.installations.title")}
        </Title>
        {installations.data && (
          <Text size="xs" c={exhausted ? "red" : "dimmed"} data-testid="releases-left">
            {t("licenses.installations.releasesLeft", { left, max })}
          </Text>
        )}
      </Group>

      {installations.isPending ? (
        <Stack gap="xs">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : installations.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          <Text size="sm">{parseApiError(installations.error, t).message}</Text>
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void installations.refetch()}>
            {t("table.retry")}
          </Button>
        </Alert>
      ) : installations.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="md" data-testid="installations-empty">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconDeviceDesktop size={20} aria-hidden style={{ flexShrink: 0, opacity: 0.6 }} />
            <Text size="sm" c="dimmed">
              {t("licenses.installations.empty")}{" "}
              <Anchor component={Link} to={paths.updates} size="sm">
                {t("licenses.installations.goToUpdates")}
              </Anchor>
            </Text>
          </Group>
        </Paper>
      ) : (
        <Stack gap="xs" data-testid="installations">
          {installations.data.items.map((installation) => (
            <Paper key={installation.id} withBorder radius="md" p="sm" data-testid="installation">
              <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      {t("licenses.installations.fingerprint")}
                    </Text>
                    <Tooltip label={installation.fingerprint} withArrow multiline maw={320} style={{ wordBreak: "break-all" }}>
                      <Code fz={11} dir="ltr" tabIndex={0} aria-label={installation.fingerprint}>
                        {shortFingerprint(installation.fingerprint)}
                      </Code>
                    </Tooltip>
                  </Group>
                  {installation.dataSummary && (
                    <Text size="sm" lineClamp={2} style={{ wordBreak: "break-word" }} dir="auto" title={installation.dataSummary}>
                      {installation.dataSummary}
                    </Text>
                  )}
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={0}>
                    <Text size="xs" c="dimmed">
                      {t("licenses.installations.firstSeen", { date: formatDateTime(installation.firstSeenAt, i18n.language) })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t("licenses.installations.lastSeen", { date: formatDateTime(installation.lastSeenAt, i18n.language) })}
                    </Text>
                  </SimpleGrid>
                </Stack>
                <Tooltip label={t("licenses.installations.noReleasesLeft")} disabled={!exhausted} withArrow multiline maw={260}>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="orange"
                    disabled={exhausted}
                    onClick={() => setReleasing(installation)}
                    style={{ flexShrink: 0 }}
                  >
                    {t("licenses.installations.release")}
                  </Button>
                </Tooltip>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      <ConfirmDialog
        opened={releasing !== null}
        title={t("licenses.installations.releaseTitle")}
        confirmLabel={t("licenses.installations.release")}
        cancelLabel={t("licenses.actions.cancel")}
        color="orange"
        loading={release.isPending}
        onConfirm={confirm}
        onClose={() => setReleasing(null)}
      >
        <Stack gap="md">
          <Text size="sm">{t("licenses.installations.releaseMessage", { fingerprint: releasing ? shortFingerprint(releasing.fingerprint) : "" })}</Text>
          <Alert color={admin ? "blue" : left <= 1 ? "orange" : "blue"} variant="light" data-testid="release-quota">
            <Text size="sm">
              {admin
                ? t("licenses.installations.adminReleaseNote", { used, max })
                : t("licenses.installations.releaseQuota", { left: Math.max(0, left - 1), max })}
            </Text>
          </Alert>
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
