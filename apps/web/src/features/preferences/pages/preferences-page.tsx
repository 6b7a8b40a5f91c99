import { SimpleGrid, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { FullPageLoader } from "@/components/full-page-loader";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/lib/auth";
import { ApiTokensCard } from "../components/api-tokens-card";
import { NotificationSettingsCards } from "../components/notification-settings-cards";
import { PasswordCard } from "../components/password-card";
import { ProfileCard } from "../components/profile-card";
import { SsoIdentitiesCard } from "../components/sso-identities-card";
import { TwoFactorCard } from "../components/two-factor-card";

/** preferences: member since, name, password, 2FA, API tokens (their own page), e-mail subscriptions and notification settings (spec section 2). */
export function PreferencesPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  // The guard loads the user before any protected page renders; this only covers a refetch gap.
  if (!user) return <FullPageLoader minHeight="40vh" />;

  return (
    <>
      <PageHeader title={t("pages.preferences.title")} description={t("accounts.preferences.subtitle")} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
        <Stack gap="lg">
          <ProfileCard user={user} />
          <PasswordCard />
          <SsoIdentitiesCard />
        </Stack>
        <Stack gap="lg">
          <TwoFactorCard user={user} />
          <ApiTokensCard />
          <NotificationSettingsCards />
        </Stack>
      </SimpleGrid>
    </>
  );
}

export { PreferencesPage as Component };
