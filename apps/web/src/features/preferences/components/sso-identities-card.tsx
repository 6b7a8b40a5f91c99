import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SectionCard } from "@/components/section-card";
import { formatDateTime } from "@/lib/format";
import { useSsoIdentities } from "../api/sso-identities";

/** The identity-provider accounts linked to this one (single sign-on); nothing when there are none. */
export function SsoIdentitiesCard() {
  const { t, i18n } = useTranslation();
  const { data: identities } = useSsoIdentities();
  if (!identities || identities.length === 0) return null;
  return (
    <SectionCard id="sso-identities" title={t("accounts.preferences.sso.title")} description={t("accounts.preferences.sso.description")}>
      <Stack gap="sm">
        {identities.map((identity) => (
          <Stack key={`${identity.issuer} ${identity.subject}`} gap={2} data-testid="sso-identity">
            <Text size="sm" fw={500}>
              {t("accounts.preferences.sso.linked")}: <span dir="ltr">{identity.email ?? identity.subject}</span>
            </Text>
            <Text size="xs" c="dimmed" dir="ltr" style={{ wordBreak: "break-all" }}>
              {identity.issuer}
            </Text>
            {identity.lastLoginAt && (
              <Text size="xs" c="dimmed">
                {t("accounts.preferences.sso.lastLogin", { date: formatDateTime(identity.lastLoginAt, i18n.resolvedLanguage) })}
              </Text>
            )}
          </Stack>
        ))}
        <Text size="sm" c="dimmed">
          {t("accounts.preferences.sso.setPassword")}
        </Text>
      </Stack>
    </SectionCard>
  );
}
