import { Button, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { IconQrcode, IconShieldLock } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { parseApiError } from "@/lib/errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { isNotConfigured, useCurrentCode, useProvisionMfa } from "../api/mfa";
import { CurrentCodeCard } from "../components/current-code-card";
import { ProvisioningPanel } from "../components/provisioning-panel";
import { SectionCard } from "../components/section-card";
import { VerifyCodeCard } from "../components/verify-code-card";

/**
 * admin/mfa-authenticator (spec section 2): the system authenticator's current code with its
 * countdown, a code check, and its settings (QR setup, made on the server). Before the first setup
 * the page offers only that.
 */
export function MfaAuthenticatorPage() {
  const { t } = useTranslation();
  const code = useCurrentCode();
  const provision = useProvisionMfa();
  const [confirming, setConfirming] = useState(false);
  const notConfigured = isNotConfigured(code.error) && !provision.data;

  const generate = () =>
    provision.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess(t("mfa.settings.generated"));
      },
      onError: (error) => {
        setConfirming(false);
        const parsed = parseApiError(error, t);
        notifyMessage(`${t("mfa.settings.failed")}\n${parsed.message}`, parsed.type);
      },
    });

  const header = <PageHeader title={t("pages.admin.mfaAuthenticator.title")} description={t("mfa.description")} />;

  // Until the first answer it is not known whether there is anything to show or to replace.
  if (code.isPending && !provision.data) {
    return (
      <>
        {header}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy>
          <Skeleton height={220} radius="md" />
          <Skeleton height={220} radius="md" />
        </SimpleGrid>
      </>
    );
  }

  if (notConfigured) {
    return (
      <>
        {header}
        <EmptyPanel
          icon={<IconShieldLock size={28} aria-hidden />}
          title={t("mfa.notConfigured.title")}
          description={t("mfa.notConfigured.description")}
          action={
            <Button leftSection={<IconQrcode size={16} aria-hidden />} onClick={generate} loading={provision.isPending} data-testid="mfa-generate">
              {t("mfa.settings.generate")}
            </Button>
          }
        />
      </>
    );
  }

  return (
    <>
      {header}
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <CurrentCodeCard query={code} />
          <VerifyCodeCard />
        </SimpleGrid>
        <SectionCard id="mfa-settings-title" title={t("mfa.settings.title")} description={t("mfa.settings.description")}>
          {provision.data ? (
            <ProvisioningPanel provisioning={provision.data} />
          ) : (
            <Text size="sm">{t("mfa.settings.configuredSince")}</Text>
          )}
          <div>
            <Button variant="light" color="orange" leftSection={<IconQrcode size={16} aria-hidden />} onClick={() => setConfirming(true)} data-testid="mfa-rotate">
              {t("mfa.settings.regenerate")}
            </Button>
          </div>
        </SectionCard>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={generate}
        title={t("mfa.settings.confirmTitle")}
        confirmLabel={t("mfa.settings.confirm")}
        cancelLabel={t("mfa.settings.cancel")}
        danger
        loading={provision.isPending}
        testId="mfa-rotate-dialog"
        confirmTestId="mfa-rotate-confirm"
      >
        {t("mfa.settings.confirmText")}
      </ConfirmDialog>
    </>
  );
}

export { MfaAuthenticatorPage as Component };
