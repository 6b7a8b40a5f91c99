import { ActionIcon, Alert, Anchor, Badge, Button, Code, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconDeviceDesktop, IconRefresh } from "@tabler/icons-react";
import { LEASE_DRIFT_SECONDS, type Installation, type License } from "@portal/contract";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { parseApiError } from "@/lib/errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useInstallations, useReleaseInstallation } from "../api/installations";
import { MachineFileButton } from "./machine-file-button";
import { formatDateTime, formatDuration } from "@/lib/format";
import { relativeTime } from "@/lib/relative-time";
import { shortFingerprint } from "../lib/format";
import { liveSeats, seatState, sortSeats, useNow, type SeatState } from "../lib/seats";

/** A fingerprint shortened, the whole of it in a tooltip (focusable, for keyboards). */
function Fingerprint({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {t("licenses.installations.fingerprint")}
      </Text>
      <Tooltip label={value} withArrow multiline maw={320} style={{ wordBreak: "break-all" }}>
        <Code fz={11} dir="ltr" tabIndex={0} aria-label={value}>
          {shortFingerprint(value)}
        </Code>
      </Tooltip>
    </Group>
  );
}

const stateColor: Record<SeatState, string> = { live: "teal", lapsed: "orange", checkedIn: "gray", dead: "red" };

/** Floating seats show as many as this at first: a licence of hundreds of seats does not draw them all. */
export const SEATS_SHOWN = 20;

/** "Last heartbeat  2 minutes ago": the relative time, the exact one in a tooltip (hover or focus) and the title. */
function Moment({ label, iso, now, testId }: { label: string; iso: string; now: number; testId: string }) {
  const { i18n } = useTranslation();
  const exact = formatDateTime(iso, i18n.language);
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId}>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Tooltip label={exact} withArrow>
        <Text size="xs" fw={500} component="time" dateTime={iso} title={exact} tabIndex={0} truncate>
          {relativeTime(iso, i18n.language, now)}
        </Text>
      </Tooltip>
    </Group>
  );
}

/** Which machine: its fingerprint, and what its installation data said of it. */
function InstallationIdentity({ installation }: { installation: Installation }) {
  return (
    <>
      <Fingerprint value={installation.fingerprint} />
      {installation.dataSummary && (
        <Text size="sm" lineClamp={2} style={{ wordBreak: "break-word" }} dir="auto" title={installation.dataSummary}>
          {installation.dataSummary}
        </Text>
      )}
    </>
  );
}

/**
 * One floating seat: its machine, its state, its last heartbeat and when its lease ends (or ended,
 * or was checked in); for an administrator, "Check in" on a live seat.
 */
function SeatRow({
  license,
  installation,
  state,
  now,
  onCheckIn,
}: {
  license: License;
  installation: Installation;
  state: SeatState;
  now: number;
  onCheckIn?: () => void;
}) {
  const { t } = useTranslation();
  const lease = installation.leaseExpiresAt!;
  let second: ReactNode;
  if (state === "checkedIn" && installation.deadAt) {
    second = <Moment label={t("licenses.installations.checkedInAt")} iso={installation.deadAt} now={now} testId="seat-lease" />;
  } else {
    second = <Moment label={t(state === "live" ? "licenses.installations.leaseEnds" : "licenses.installations.leaseEnded")} iso={lease} now={now} testId="seat-lease" />;
  }
  return (
    <Paper withBorder radius="md" p="sm" data-testid="seat" data-state={state}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <InstallationIdentity installation={installation} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} verticalSpacing={2}>
            <Moment label={t("licenses.installations.lastHeartbeat")} iso={installation.lastHeartbeatAt ?? installation.lastSeenAt} now={now} testId="seat-heartbeat" />
            {second}
          </SimpleGrid>
          <MachineFileButton license={license} installation={installation} />
        </Stack>
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge color={stateColor[state]} variant={state === "live" ? "filled" : "light"} data-testid="seat-state" styles={{ root: { overflow: "visible" }, label: { overflow: "visible" } }}>
            {t(`licenses.installations.seatState.${state}`)}
          </Badge>
          {onCheckIn && state === "live" && (
            <Button size="compact-xs" variant="light" color="orange" onClick={onCheckIn} data-testid="seat-check-in">
              {t("licenses.installations.checkIn")}
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The machines a licence is activated on (fingerprint = SHA-256 of the .req's second line), and
 * "release" to move it to another one: customers have the plan's number of releases per 30 days,
 * administrators' releases do not count.
 *
 * A floating licence lists its seats instead: "n of max seats in use", each seat's state (live,
 * lapsed, checked in, dead), last heartbeat and lease end, read again every 15 s while the panel is
 * open. The owner has no Release button there: a seat is freed by the software's check-in or by its
 * lease running out, and a seat freed from the portal is taken back by the running software at its
 * next heartbeat anyway. An administrator may "Check in" a live seat (the same release route, which
 * ends the lease on a floating licence): for a machine that stopped without checking in, whose seat
 * would otherwise stay taken for up to its heartbeat interval (as long as 24 hours).
 */
export function InstallationsPanel({ license, admin }: { license: License; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const floating = license.floating;
  const installations = useInstallations(license.id, { poll: floating });
  const release = useReleaseInstallation();
  const [releasing, setReleasing] = useState<Installation | null>(null);
  const [showAll, setShowAll] = useState(false);
  // Relative times and seat states move on between two reads.
  const now = useNow(floating ? 5_000 : null);

  const used = installations.data?.releasesLast30Days ?? 0;
  const max = installations.data?.maxReleasesPer30Days ?? license.maxReleasesPer30Days;
  const left = Math.max(0, max - used);
  const exhausted = !admin && left === 0;

  const heartbeat = license.heartbeatSeconds ?? 0;
  const seats = floating && installations.data ? sortSeats(installations.data.items, now) : [];
  const shownSeats = showAll ? seats : seats.slice(0, SEATS_SHOWN);

  const confirm = () => {
    if (!releasing) return;
    release.mutate(
      { licenseId: license.id, installationId: releasing.id },
      {
        onSuccess: () => {
          notifySuccess(floating ? t("licenses.installations.checkedIn") : t("licenses.installations.released"));
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
        {installations.data &&
          (floating ? (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" fw={600} data-testid="seats-used" aria-live="polite">
                {t("licenses.installations.seatsUsed", { used: liveSeats(installations.data.items, now), max: license.maxActivations })}
              </Text>
              <Tooltip label={t("licenses.installations.refresh")} withArrow>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  color="gray"
                  aria-label={t("licenses.installations.refresh")}
                  loading={installations.isFetching}
                  onClick={() => void installations.refetch()}
                  data-testid="seats-refresh"
                >
                  <IconRefresh size={14} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ) : (
            <Text size="xs" c={exhausted ? "red" : "dimmed"} data-testid="releases-left">
              {t("licenses.installations.releasesLeft", { left, max })}
            </Text>
          ))}
      </Group>

      {floating && (
        <Text size="xs" c="dimmed" data-testid="floating-note">
          {t("licenses.installations.floatingNote", {
            duration: formatDuration(heartbeat, i18n.language),
            grace: formatDuration(heartbeat + LEASE_DRIFT_SECONDS, i18n.language),
          })}{" "}
          {admin ? t("licenses.installations.floatingAdminNote") : t("licenses.installations.floatingOwnerNote")}
        </Text>
      )}

      {installations.isPending ? (
        <Stack gap="xs">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : !installations.data ? (
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
            {floating ? (
              <Text size="sm" c="dimmed">
                {t("licenses.installations.seatsEmpty")}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t("licenses.installations.empty")}{" "}
                <Anchor component={Link} to={paths.updates} size="sm">
                  {t("licenses.installations.goToUpdates")}
                </Anchor>
              </Text>
            )}
          </Group>
        </Paper>
      ) : floating ? (
        <Stack gap="xs" data-testid="seats">
          {installations.isRefetchError && (
            <Text size="xs" c="red" role="status" data-testid="seats-refresh-failed">
              {t("licenses.installations.refreshFailed")}
            </Text>
          )}
          {shownSeats.map((installation) => (
            <SeatRow
              key={installation.id}
              license={license}
              installation={installation}
              state={seatState(installation, now) ?? "live"}
              now={now}
              onCheckIn={admin ? () => setReleasing(installation) : undefined}
            />
          ))}
          {seats.length > shownSeats.length && (
            <Button variant="subtle" size="xs" onClick={() => setShowAll(true)} style={{ alignSelf: "flex-start" }}>
              {t("licenses.installations.showAll", { n: seats.length })}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack gap="xs" data-testid="installations">
          {installations.data.items.map((installation) => (
            <Paper key={installation.id} withBorder radius="md" p="sm" data-testid="installation">
              <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <InstallationIdentity installation={installation} />
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={0}>
                    <Text size="xs" c="dimmed">
                      {t("licenses.installations.firstSeen", { date: formatDateTime(installation.firstSeenAt, i18n.language) })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t("licenses.installations.lastSeen", { date: formatDateTime(installation.lastSeenAt, i18n.language) })}
                    </Text>
                  </SimpleGrid>
                  <MachineFileButton license={license} installation={installation} />
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
        title={floating ? t("licenses.installations.checkInTitle") : t("licenses.installations.releaseTitle")}
        confirmLabel={floating ? t("licenses.installations.checkIn") : t("licenses.installations.release")}
        cancelLabel={t("licenses.actions.cancel")}
        color="orange"
        loading={release.isPending}
        onConfirm={confirm}
        onClose={() => setReleasing(null)}
      >
        {floating ? (
          <Text size="sm" data-testid="check-in-message">
            {t("licenses.installations.checkInMessage", { fingerprint: releasing ? shortFingerprint(releasing.fingerprint) : "" })}
          </Text>
        ) : (
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
        )}
      </ConfirmDialog>
    </Stack>
  );
}
