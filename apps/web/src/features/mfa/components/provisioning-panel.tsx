import { Alert, Button, Center, Code, Collapse, Group, Image, Paper, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconEye, IconEyeOff } from "@tabler/icons-react";
import type { MfaProvisioning } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "@/components/copy-button";

/**
 * What POST /mfa/provisioning answered: the QR code to scan now (it is never shown again) and the
 * otpauth URL, hidden until asked for because it holds the secret.
 */
export function ProvisioningPanel({ provisioning }: { provisioning: MfaProvisioning }) {
  const { t } = useTranslation();
  const [showUrl, setShowUrl] = useState(false);
  return (
    <Stack gap="md" data-testid="mfa-provisioning">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        <Text size="sm">{t("mfa.settings.scanNow")}</Text>
      </Alert>
      <Center>
        <Paper withBorder p="xs" radius="md" bg="white">
          <Image src={provisioning.qrDataUrl} alt={t("mfa.settings.qrAlt")} w={220} h={220} data-testid="mfa-qr" />
        </Paper>
      </Center>
      <Stack gap="xs">
        <Text size="sm" fw={500} id="mfa-otpauth-label">
          {t("mfa.settings.urlLabel")}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            size="xs"
            leftSection={showUrl ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
            onClick={() => setShowUrl((shown) => !shown)}
            aria-expanded={showUrl}
            aria-controls="mfa-otpauth-url"
            data-testid="mfa-show-url"
          >
            {showUrl ? t("mfa.settings.hideUrl") : t("mfa.settings.showUrl")}
          </Button>
          <CopyButton value={provisioning.otpauthUrl} label={t("mfa.settings.copyUrl")} data-testid="mfa-copy-url" />
        </Group>
        <Collapse expanded={showUrl} id="mfa-otpauth-url">
          <Code block dir="ltr" aria-labelledby="mfa-otpauth-label" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }} data-testid="mfa-otpauth-url">
            {provisioning.otpauthUrl}
          </Code>
        </Collapse>
        {!showUrl && (
          <Text size="xs" c="dimmed">
            {t("mfa.settings.urlHidden")}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
