import { Alert, Button, Divider, Drawer, Group, SimpleGrid, Skeleton, Stack, Text, useDirection } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { IconAlertTriangle, IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import type { License } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { DetailField } from "@/components/detail-field";
import { LicenseKey } from "@/components/license-key";
import { LicenseStatusBadge } from "@/components/license-status-badge";
import { parseApiError } from "@/lib/errors";
import { installationsQueryOptions } from "../api/installations";
import { useLicense } from "../api/licenses";
import { formatDate } from "@/lib/format";
import { isExpired } from "../lib/policy";
import { FeatureChips } from "./feature-chips";
import { InstallationsPanel } from "./installations-panel";
import { LicenseFileDownload } from "./license-file-download";
import type { ActivationTarget } from "./license-activation-toggle";
import { LicenseStateBadges } from "./license-state-badges";
import { LicensePolicySection } from "./license-policy-section";

function Details({ license, admin, onToggleActive }: { license: License; admin: boolean; onToggleActive: (target: ActivationTarget) => void }) {
  const { t, i18n } = useTranslation();
  const expired = isExpired(license);
  return (
    <Stack gap="lg" data-testid="license-detail">
      <Stack gap="xs">
        <LicenseStateBadges license={license} row gap="xs">
          <LicenseStatusBadge status={license.status} />
        </LicenseStateBadges>
        <LicenseKey value={license.key} />
      </Stack>
      {license.status === "deactivated" && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t("licenses.detail.deactivatedNote")}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <DetailField label={t("licenses.columns.plan")}>
          <Text size="sm" fw={500}>
            {license.planName}
          </Text>
        </DetailField>
        <DetailField label={t("licenses.columns.project")}>
          <Text size="sm">{license.projectName ?? "—"}</Text>
        </DetailField>
        <DetailField label={t("licenses.columns.issued")}>
          <Text size="sm">{formatDate(license.issuedAt, i18n.language)}</Text>
        </DetailField>
        <DetailField label={t("licenses.columns.expires")}>
          <Text size="sm" c={expired ? "red" : undefined}>
            {formatDate(license.expiresAt, i18n.language)}
          </Text>
        </DetailField>
        <DetailField label={license.floating ? t("licenses.licensePolicy.seats") : t("licenses.columns.activations")}>
          <Text size="sm" data-testid="detail-activations">
            {license.floating
              ? t("licenses.licensePolicy.seatsOf", license.seats)
              : t("licenses.activationsOf", { used: license.activations, max: license.maxActivations })}
          </Text>
        </DetailField>
        {admin && (
          <DetailField label={t("licenses.columns.owner")}>
            <Text size="sm" dir="ltr" ta="start" style={{ wordBreak: "break-all" }}>
              {license.ownerEmail}
            </Text>
          </DetailField>
        )}
      </SimpleGrid>
      <DetailField label={t("licenses.columns.features")}>
        {license.features.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <FeatureChips features={license.features} size="sm" />
        )}
      </DetailField>
      <Group gap="sm" wrap="wrap">
        <LicenseFileDownload license={license} />
        {admin &&
          (license.status === "deactivated" ? (
            <Button variant="light" color="teal" leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => onToggleActive({ license, active: true })}>
              {t("licenses.actions.reactivate")}
            </Button>
          ) : (
            <Button variant="light" color="red" leftSection={<IconPlayerPause size={16} aria-hidden />} onClick={() => onToggleActive({ license, active: false })}>
              {t("licenses.actions.deactivate")}
            </Button>
          ))}
      </Group>
      <Divider />
      <LicensePolicySection license={license} admin={admin} />
      <Divider />
      <InstallationsPanel license={license} admin={admin} />
    </Stack>
  );
}

/**
 * One licence in a side drawer (full width on phones): its data, the file download and its installations.
 * The installations are asked for together with the licence, not once the licence has come back and
 * its panel has been drawn: one round trip and one render less before the seats show (on a loaded
 * machine that waterfall took over a second of the drawer's time). The panel reads the same query.
 */
export function LicenseDetailDrawer({
  licenseId,
  admin,
  onClose,
  onToggleActive,
}: {
  licenseId: string | null;
  admin: boolean;
  onClose: () => void;
  onToggleActive: (target: ActivationTarget) => void;
}) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const narrow = useMediaQuery("(max-width: 40em)");
  const license = useLicense(licenseId);
  useQuery({ ...installationsQueryOptions(licenseId ?? ""), enabled: Boolean(licenseId) });
  return (
    <Drawer
      opened={licenseId !== null}
      onClose={onClose}
      position={dir === "rtl" ? "left" : "right"}
      size={narrow ? "100%" : "lg"}
      title={<Text fw={700}>{t("licenses.detail.title")}</Text>}
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {license.isPending ? (
        <Stack gap="md">
          <Skeleton height={28} width="60%" />
          <Skeleton height={120} />
          <Skeleton height={160} />
        </Stack>
      ) : license.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {parseApiError(license.error, t).message}
        </Alert>
      ) : (
        <Details license={license.data} admin={admin} onToggleActive={onToggleActive} />
      )}
    </Drawer>
  );
}
