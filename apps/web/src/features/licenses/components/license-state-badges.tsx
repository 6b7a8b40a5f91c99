import { Badge, Group, type BadgeProps, type MantineSpacing } from "@mantine/core";
import { IconAlertTriangle, IconClockHour4, IconUsersGroup } from "@tabler/icons-react";
import type { License } from "@portal/contract";
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

/** "Expired" (revoke: it no longer validates), or for perpetual fallback the longer "keeps working" text, which may wrap. */
export function ExpiredBadge({ keepsWorking }: { keepsWorking: boolean }) {
  const { t } = useTranslation();
  return keepsWorking ? (
    <Badge
      {...common}
      color="orange"
      variant="light"
      h="auto"
      py={2}
      styles={{ root: { ...fullLabel.root, maxWidth: "100%" }, label: { overflow: "visible", whiteSpace: "normal", textAlign: "start" } }}
      leftSection={<IconAlertTriangle size={12} aria-hidden />}
      data-testid="expired-badge"
      data-keeps-working="true"
    >
      {t("licenses.licensePolicy.expiredKeepsWorking")}
    </Badge>
  ) : (
    <Badge {...common} color="red" variant="outline" data-testid="expired-badge">
      {t("licenses.licensePolicy.expired")}
    </Badge>
  );
}

/**
 * All the policy badges of a licence side by side: the detail's header. `floating: false` leaves the
 * seats out where a column of their own shows them (the list's activations).
 */
export function LicenseStateBadges({ license, floating = true, now, gap = 4 }: { license: License; floating?: boolean; now?: number; gap?: MantineSpacing | number }) {
  const badges = policyBadges(license, now);
  if (!badges.trial && !badges.expired && !(floating && badges.floating)) return null;
  return (
    <Group gap={gap} wrap="wrap" data-testid="license-state-badges">
      {badges.trial && <TrialBadge trial={badges.trial} />}
      {floating && badges.floating && <FloatingBadge seats={badges.floating} />}
      {badges.expired && <ExpiredBadge keepsWorking={badges.expired.keepsWorking} />}
    </Group>
  );
}
