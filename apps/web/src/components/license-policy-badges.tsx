import { Badge, Group, Text, type MantineSize } from "@mantine/core";
import type { ExpirationStrategy, ReleaseChannel } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { formatDuration } from "@/lib/format";
import { channelList, isDefaultChannels } from "./release-channels";

/**
 * The licensing policy of a plan or a licence (API.md "Licensing models"): what a plan sets and each
 * licence keeps. A plan has `trialDays`; a licence has none (its `type` says whether it is a trial).
 */
export interface PolicyLike {
  trialDays?: number | null;
  floating: boolean;
  heartbeatSeconds: number | null;
  expirationStrategy: ExpirationStrategy;
  offlineTtlDays: number | null;
  /** The release channels followed; only a set other than ["stable"] is shown. */
  channels?: ReleaseChannel[];
}

/** Table columns may be narrow: a badge's label never turns into "PERPETU…". */
const fullLabel = { root: { overflow: "visible" }, label: { overflow: "visible" } };

/**
 * What sets the policy apart from the default (node-locked, revoked at expiry, no trial, no offline
 * limit, stable channel only), as compact badges: "14-day trial", "Floating", "Perpetual fallback", "30 days offline",
 * "Channels: Stable and Beta". The
 * default policy is one dimmed word, "Node-locked". Shared (components/) by the admin plan list and view and the licence views.
 */
export function PolicyBadges({ policy, size = "sm" }: { policy: PolicyLike; size?: MantineSize }) {
  const { t, i18n } = useTranslation();
  const badges: { key: string; color: string; label: string; title?: string }[] = [];
  if (policy.trialDays) badges.push({ key: "trial", color: "grape", label: t("licenses.policy.trialBadge", { count: policy.trialDays }) });
  if (policy.floating) {
    badges.push({
      key: "floating",
      color: "blue",
      label: t("licenses.policy.floating"),
      title: policy.heartbeatSeconds ? t("licenses.policy.heartbeatEvery", { duration: formatDuration(policy.heartbeatSeconds, i18n.language) }) : undefined,
    });
  }
  if (policy.expirationStrategy === "perpetual_fallback") badges.push({ key: "perpetual", color: "teal", label: t("licenses.policy.perpetualFallback") });
  if (policy.offlineTtlDays) badges.push({ key: "offline", color: "orange", label: t("licenses.policy.offlineBadge", { count: policy.offlineTtlDays }) });
  if (policy.channels && !isDefaultChannels(policy.channels)) {
    badges.push({ key: "channels", color: "blue", label: t("licenses.channels.badge", { channels: channelList(policy.channels, t, i18n.language) }) });
  }

  if (badges.length === 0) {
    return (
      <Text size={size} c="dimmed" data-testid="policy-badges" style={{ whiteSpace: "nowrap" }}>
        {t("licenses.policy.nodeLocked")}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap" data-testid="policy-badges">
      {badges.map((badge) => (
        <Badge key={badge.key} size={size} color={badge.color} variant="light" title={badge.title} data-policy={badge.key} styles={fullLabel}>
          {badge.label}
        </Badge>
      ))}
    </Group>
  );
}
