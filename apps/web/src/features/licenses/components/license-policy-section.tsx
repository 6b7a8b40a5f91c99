import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { LEASE_DRIFT_SECONDS, type License } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { DetailField } from "@/components/detail-field";
import { formatDate, formatNumber } from "@/lib/format";
import { heartbeatUnit, isExpired } from "../lib/policy";

/** "10 minutes", "2 hours", "90 seconds" in the interface language (Intl picks the words and plural). */
export function formatHeartbeat(seconds: number, language: string): string {
  const { value, unit } = heartbeatUnit(seconds);
  return formatNumber(value, language, { style: "unit", unit, unitDisplay: "long" });
}

/**
 * The licence detail's "Licence policy": what the licence was issued with, in words — its type (a
 * trial's end), node-locked or floating seats with the heartbeat that holds them, what expiry means
 * under its strategy, and how long an offline machine's files stay valid.
 */
export function LicensePolicySection({ license, now }: { license: License; now?: number }) {
  const { t, i18n } = useTranslation();
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
      </SimpleGrid>
    </Stack>
  );
}

