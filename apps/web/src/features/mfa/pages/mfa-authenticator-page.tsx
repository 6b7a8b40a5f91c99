import { Alert, Button, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconQrcode, IconShieldLock } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { parseApiError } from "@/lib/errors";
import { formatDateTime } from "@/lib/format";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { isNotConfigured, useCurrentCode, useMfaStatus, useProvisionMfa } from "../api/mfa";
import { CurrentCodeCard } from "../components/current-code-card";
import { ProvisioningPanel } from "../components/provisioning-panel";
import { SectionCard } from "../components/section-card";
import { VerifyCodeCard } from "../components/verify-code-card";

/**
 * admin/mfa-authenticator (spec section 2): the system authenticator's current code with its
 * countdown, a code check, and its settings (QR setup, made on the server). It asks the status
 * first: before the first setup the page offers only that, without asking for a code.
 */
export function MfaAuthenticatorPage() {
  const { t, i18n } = useTranslation();
  const status = useMfaStatus();
  const provision = useProvisionMfa();
  const configured = status.data?.configured === true || provision.data !== undefined;
  // Only a secret that exists has a code: before the setup the page never asks for one (it would be a 404).
  const code = useCurrentCode(configured);
  const [confirming, setConfirming] = useState(false);
  // Removed since the status was read (another administrator's reset): the setup again.
  const notConfigured = (status.data?.configured === false || isNotConfigured(code.error)) && !provision.data;

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

  if (status.isError && !provision.data) {
    return (
      <>
        {header}
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("mfa.status.failed")} role="alert" data-testid="mfa-status-error">
          <Text size="sm">{parseApiError(status.error, t).message}</Text>
          <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void status.refetch()} loading={status.isFetching}>
            {t("mfa.code.retry")}
          </Button>
        </Alert>
      </>
    );
  }

  // Until the first answer it is not known whether there is anything to show or to replace.
  if ((status.isPending || (configured && code.isPending && code.fetchStatus !== "idle")) && !provision.data) {
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
            <Text size="sm">
              {status.data?.provisionedAt
                ? t("mfa.settings.configuredOn", { date: formatDateTime(status.data.provisionedAt, i18n.language) })
                : t("mfa.settings.configuredSince")}
            </Text>
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
