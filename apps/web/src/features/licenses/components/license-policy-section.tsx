import { Button, Code, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAdjustments } from "@tabler/icons-react";
import { LEASE_DRIFT_SECONDS, type License } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DetailField } from "@/components/detail-field";
import { ChannelBadges } from "@/components/release-channels";
import { formatDate, formatNumber } from "@/lib/format";
import { heartbeatUnit, isExpired } from "../lib/policy";
import { LicenseChannelsModal } from "./license-channels-form";

/** "10 minutes", "2 hours", "90 seconds" in the interface language (Intl picks the words and plural). */
export function formatHeartbeat(seconds: number, language: string): string {
  const { value, unit } = heartbeatUnit(seconds);
  return formatNumber(value, language, { style: "unit", unit, unitDisplay: "long" });
}

/**
 * The licence detail's "Licence policy": what the licence was issued with, in words — its type (a
 * trial's end), node-locked or floating seats with the heartbeat that holds them, what expiry means
 * under its strategy, how long an offline machine's files stay valid, the release channels it follows
 * (an administrator changes them here) and its entitlements (its features by code, as licence files
 * and validation answers name them).
 */
export function LicensePolicySection({ license, now, admin = false }: { license: License; now?: number; admin?: boolean }) {
  const { t, i18n } = useTranslation();
  const [editingChannels, setEditingChannels] = useState(false);
  const entitlements = [...license.features].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const language = i18n.language;
  const date = formatDate(license.expiresAt, language);
  const ended = isExpired(license, now);
  return (
    <Stack gap="sm" component="section" aria-labelledby="license-policy-title" data-testid="license-policy">
      <Title order={3} fz="h5" id="license-policy-title">
        {t("licenses.licensePolicy.title")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <DetailField label={t("licenses.licensePolicy.type")}>
          <Text size="sm" data-testid="policy-type">
            {license.type === "trial"
              ? t(ended ? "licenses.licensePolicy.trialEndedOn" : "licenses.licensePolicy.trialEnds", { date })
              : t("licenses.type.standard")}
          </Text>
        </DetailField>
        <DetailField label={t("licenses.licensePolicy.seats")}>
          <Text size="sm" data-testid="policy-seats">
            {license.floating
              ? t("licenses.licensePolicy.floatingText", { count: license.seats.max, used: license.seats.used })
              : t("licenses.licensePolicy.nodeLocked", { count: license.maxActivations })}
          </Text>
        </DetailField>
        {license.floating && license.heartbeatSeconds !== null && (
          <DetailField label={t("licenses.licensePolicy.heartbeat")}>
            <Text size="sm" data-testid="policy-heartbeat">
              {t("licenses.licensePolicy.heartbeatText", {
                interval: formatHeartbeat(license.heartbeatSeconds, language),
                drift: formatHeartbeat(LEASE_DRIFT_SECONDS, language),
              })}
            </Text>
          </DetailField>
        )}
        <DetailField label={t("licenses.licensePolicy.atExpiry")}>
          <Text size="sm" data-testid="policy-expiry">
            {license.expirationStrategy === "perpetual_fallback" ? t("licenses.licensePolicy.perpetualFallback", { date }) : t("licenses.licensePolicy.revoke")}
          </Text>
        </DetailField>
        <DetailField label={t("licenses.licensePolicy.offline")}>
          <Text size="sm" data-testid="policy-offline">
            {license.offlineTtlDays === null ? t("licenses.licensePolicy.offlineNone") : t("licenses.licensePolicy.offlineDays", { count: license.offlineTtlDays })}
          </Text>
        </DetailField>
        <DetailField label={t("licenses.channels.title")}>
          <Group gap="xs" wrap="wrap" data-testid="policy-channels">
            <ChannelBadges channels={license.channels} />
            {admin && (
              <Button size="compact-xs" variant="subtle" leftSection={<IconAdjustments size={14} aria-hidden />} onClick={() => setEditingChannels(true)} aria-haspopup="dialog" data-testid="license-channels-change">
                {t("licenses.channels.change")}
              </Button>
            )}
          </Group>
        </DetailField>
      </SimpleGrid>
      <DetailField label={t("licenses.entitlements.title")}>
        {entitlements.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("licenses.entitlements.none")}
          </Text>
        ) : (
          <Group gap={6} wrap="wrap" component="ul" m={0} p={0} style={{ listStyle: "none" }} data-testid="policy-entitlements">
            {entitlements.map((feature) => (
              <li key={feature.id} data-testid="entitlement">
                <Code fz="xs" dir="ltr" title={feature.name}>
                  {feature.code}
                </Code>
              </li>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed" mt={4}>
          {t("licenses.entitlements.hint")}
        </Text>
      </DetailField>
      {admin && <LicenseChannelsModal license={license} opened={editingChannels} onClose={() => setEditingChannels(false)} />}
    </Stack>
  );
}

