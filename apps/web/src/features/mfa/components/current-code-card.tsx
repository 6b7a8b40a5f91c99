import { Alert, Button, Group, RingProgress, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { MFA_PERIOD_SECONDS } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { CopyButton } from "@/components/copy-button";
import { parseApiError } from "@/lib/errors";
import type { useCurrentCode } from "../api/mfa";
import { groupDigits } from "../lib/countdown";
import { useCodeCountdown } from "../lib/use-code-countdown";
import { SectionCard } from "./section-card";

/** The colour of the ring: calm while there is time, a warning in the last seconds. */
function ringColor(seconds: number): string {
  if (seconds <= 5) return "red";
  if (seconds <= 10) return "orange";
  return "blue";
}

/**
 * The system authenticator's current code in large digits (3 + 3), the seconds it has left as a
 * ring that fetches the next code at zero, a manual refresh and a copy button.
 */
export function CurrentCodeCard({ query }: { query: ReturnType<typeof useCurrentCode> }) {
  const { t, i18n } = useTranslation();
  const left = useCodeCountdown(query);
  const period = query.data?.period ?? MFA_PERIOD_SECONDS;
  const current = query.data !== undefined && left > 0;
  const seconds = new Intl.NumberFormat(i18n.language).format(left);

  // A failed read (the first one, the one at zero or a manual refresh) says so with a retry; a code still current stays shown.
  const failure = query.isError && (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("mfa.code.loadFailed")} role="alert">
      <Text size="sm">{parseApiError(query.error, t).message}</Text>
      <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
        {t("mfa.code.retry")}
      </Button>
    </Alert>
  );

  let body: React.ReactNode = null;
  if (query.data && (current || !query.isError)) {
    body = (
      <Group gap="lg" justify="space-between" wrap="wrap">
        <Text
          component="output"
          ff="monospace"
          fw={700}
          fz={{ base: 40, sm: 52 }}
          lh={1.1}
          dir="ltr"
          aria-label={t("mfa.code.label")}
          style={{ letterSpacing: "0.08em", fontVariantNumeric: "tabular-nums", opacity: query.isFetching ? 0.5 : 1 }}
          data-testid="mfa-code"
        >
          {groupDigits(query.data.code)}
        </Text>
        <div role="timer" aria-label={t("mfa.code.remaining", { seconds })} title={t("mfa.code.remainingLabel")} data-testid="mfa-countdown" data-seconds={left}>
          <RingProgress
            size={92}
            thickness={8}
            roundCaps
            sections={[{ value: (left / period) * 100, color: ringColor(left) }]}
            label={
              <Stack gap={0} align="center" aria-hidden>
                <Text fw={700} size="lg" lh={1.1} style={{ fontVariantNumeric: "tabular-nums" }}>
                  {seconds}
                </Text>
                <Text size="xs" c="dimmed" lh={1.1}>
                  {t("mfa.code.secondsShort")}
                </Text>
              </Stack>
            }
          />
        </div>
      </Group>
    );
  } else if (!query.isError) {
    body = (
      <Group gap="lg" wrap="nowrap" aria-busy>
        <Skeleton height={56} width={200} radius="sm" />
        <Skeleton height={88} circle />
      </Group>
    );
  }

  return (
    <SectionCard id="mfa-code-title" title={t("mfa.code.title")}>
      {failure}
      {body}
      <Group gap="sm">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          disabled={!query.data && !query.isError}
          data-testid="mfa-refresh"
        >
          {t("mfa.code.refresh")}
        </Button>
        {current && (
          <CopyButton
            value={query.data.code}
            label={t("mfa.code.copy")}
            copiedLabel={t("mfa.code.copied")}
            failedMessage={t("mfa.code.copyFailed")}
            data-testid="mfa-copy"
          />
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t("mfa.code.audited")}
      </Text>
    </SectionCard>
  );
}
