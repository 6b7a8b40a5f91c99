import { Badge, Group, Stack, Text, type BadgeProps, type MantineSpacing } from "@mantine/core";
import { IconAlertTriangle, IconClockHour4, IconUsersGroup } from "@tabler/icons-react";
import type { License } from "@portal/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { policyBadges, type TrialState } from "../lib/policy";

/**
 * The badges every licence view shows for where a licence stands under the policy it was issued with
 * (API.md "Licensing models"): "Trial · 5 days left" / "Trial ended", "Floating · 2/5 seats",
 * "Expired" and, for a perpetual-fallback licence, "Expired — keeps working, no new updates". (The
 * policy itself, as a plan sets it, is components/license-policy-badges.tsx of the admin plan
 * screens.) Only the status colours of the theme (4.5:1 in both schemes), and a label that never
 * turns into "Tri…" in a narrow column.
 */

const fullLabel = { root: { overflow: "visible", flexShrink: 0 }, label: { overflow: "visible" } };
const common: BadgeProps = { radius: "sm", styles: fullLabel };

export function TrialBadge({ trial }: { trial: TrialState }) {
  const { t } = useTranslation();
  return trial.ended ? (
    <Badge {...common} color="gray" variant="light" data-testid="trial-badge" data-ended="true">
      {t("licenses.licensePolicy.trialEnded")}
    </Badge>
  ) : (
    <Badge {...common} color="blue" variant="light" leftSection={<IconClockHour4 size={12} aria-hidden />} data-testid="trial-badge">
      {t("licenses.licensePolicy.trialDaysLeft", { count: trial.daysLeft })}
    </Badge>
  );
}

export function FloatingBadge({ seats }: { seats: { used: number; max: number } }) {
  const { t } = useTranslation();
  return (
    <Badge {...common} color="gray" variant="light" leftSection={<IconUsersGroup size={12} aria-hidden />} data-testid="floating-badge">
      {t("licenses.licensePolicy.floatingSeats", seats)}
    </Badge>
  );
}

/**
 * "Expired" (revoke: it no longer validates); for perpetual fallback an orange "Expired" with
 * "Keeps working, no new updates" under it (a sentence in an upper-case badge would wrap badly).
 */
export function ExpiredBadge({ keepsWorking }: { keepsWorking: boolean }) {
  const { t } = useTranslation();
  if (!keepsWorking) {
    return (
      <Badge {...common} color="red" variant="outline" data-testid="expired-badge">
        {t("licenses.licensePolicy.expired")}
      </Badge>
    );
  }
  return (
    <Stack gap={2} align="flex-start" data-testid="expired-badge" data-keeps-working="true">
      <Badge {...common} color="orange" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
        {t("licenses.licensePolicy.expired")}
      </Badge>
      <Text size="xs" c="dimmed" lh={1.3}>
        {t("licenses.licensePolicy.keepsWorking")}
      </Text>
    </Stack>
  );
}

/**
 * All the state badges of a licence, after `children` (its status badge): in a list cell stacked, in
 * the detail's header in one wrapping row (`row`). `floating: false` leaves the seats out where a
 * column of their own shows them (the list's activations). Nothing to show: nothing drawn.
 */
export function LicenseStateBadges({
  license,
  floating = true,
  now,
  row = false,
  gap = 4,
  children,
}: {
  license: License;
  floating?: boolean;
  now?: number;
  row?: boolean;
  gap?: MantineSpacing | number;
  children?: ReactNode;
}) {
  const badges = policyBadges(license, now);
  const seats = floating ? badges.floating : null;
  if (!badges.trial && !badges.expired && !seats && !children) return null;
  const items = (
    <>
      {children}
      {badges.trial && <TrialBadge trial={badges.trial} />}
      {seats && <FloatingBadge seats={seats} />}
      {badges.expired && <ExpiredBadge keepsWorking={badges.expired.keepsWorking} />}
    </>
  );
  return row ? (
    <Group gap={gap} wrap="wrap" align="flex-start" data-testid="license-state-badges">
      {items}
    </Group>
  ) : (
    <Stack gap={gap} align="flex-start" data-testid="license-state-badges">
      {items}
    </Stack>
  );
}

/** The list's activations cell of a floating licence: "Floating" over "3 of 5 seats" (live leases). */
export function FloatingSeats({ seats }: { seats: { used: number; max: number } }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start" data-testid="activations">
      <Badge {...common} color="gray" variant="light" leftSection={<IconUsersGroup size={12} aria-hidden />} data-testid="floating-badge">
        {t("licenses.licensePolicy.floating")}
      </Badge>
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {t("licenses.licensePolicy.seatsOf", seats)}
      </Text>
    </Stack>
  );
}
