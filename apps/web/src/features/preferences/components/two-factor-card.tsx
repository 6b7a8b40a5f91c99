import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconShieldCheck, IconShieldOff } from "@tabler/icons-react";
import type { User } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TwoFactorDisableModal } from "./two-factor-disable-modal";
import { TwoFactorSetupModal } from "./two-factor-setup-modal";

/** 2FA on or off, with the setup (QR, key, code, recovery codes) and the way back (a code). */
export function TwoFactorCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<"setup" | "disable" | null>(null);
  const enabled = user.twoFactorEnabled;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="two-factor-title" data-testid="two-factor-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} fz="h4" id="two-factor-title">
              {t("accounts.preferences.twoFactor.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("accounts.preferences.twoFactor.description")}
            </Text>
          </div>
          <Badge color={enabled ? "teal" : "gray"} variant="light" size="lg" data-testid="two-factor-status" style={{ flexShrink: 0 }} styles={{ label: { overflow: "visible" } }}>
            {enabled ? t("accounts.preferences.twoFactor.statusOn") : t("accounts.preferences.twoFactor.statusOff")}
          </Badge>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="xl" variant="light" color={enabled ? "teal" : "gray"} aria-hidden>
            {enabled ? <IconShieldCheck size={20} /> : <IconShieldOff size={20} />}
          </ThemeIcon>
          <Text size="sm">{enabled ? t("accounts.preferences.twoFactor.enabledText") : t("accounts.preferences.twoFactor.disabledText")}</Text>
        </Group>
        <Group justify="flex-end">
          {enabled ? (
            <Button variant="default" color="red" onClick={() => setDialog("disable")} data-testid="two-factor-disable">
              {t("accounts.preferences.twoFactor.disable")}
            </Button>
          ) : (
            <Button onClick={() => setDialog("setup")} leftSection={<IconShieldCheck size={16} aria-hidden />} data-testid="two-factor-enable">
              {t("accounts.preferences.twoFactor.enable")}
            </Button>
          )}
        </Group>
      </Stack>
      {dialog === "setup" && <TwoFactorSetupModal email={user.email} onClose={() => setDialog(null)} />}
      {dialog === "disable" && <TwoFactorDisableModal onClose={() => setDialog(null)} />}
    </Card>
  );
}
