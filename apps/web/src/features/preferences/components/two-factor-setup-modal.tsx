import { Alert, Button, Center, Checkbox, Code, Group, Image, Loader, Modal, Paper, SimpleGrid, Stack, Stepper, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconDownload } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "@/components/form";
import { parseApiError } from "@/lib/errors";
import { notifySuccess } from "@/lib/notify";
import { useDownload } from "@/lib/use-download";
import { useEnableTwoFactor, useSetTwoFactorFlag, useStartTwoFactorSetup } from "../api/two-factor";
import { recoveryCodesText } from "../lib/recovery-codes";
import { useTwoFactorCode } from "../lib/two-factor-code";
import { CopyButton } from "@/components/copy-button";

const SIX_DIGITS = /^\d{6}$/;

/**
 * POST api/v1/auth/2fa/setup → the QR code and the key for manual entry → a code from the app →
 * POST api/v1/auth/2fa/enable → the ten recovery codes, shown this once with copy and download.
 * The 2FA flag turns on when the user closes the dialog (or leaves the page).
 */
export function TwoFactorSetupModal({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const download = useDownload();
  const setup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const setFlag = useSetTwoFactorFlag();
  const { code, setError: setCodeError, inputProps, onRefused } = useTwoFactorCode();
  const [saved, setSaved] = useState(false);
  const recoveryCodes = enable.data;
  const enabled = recoveryCodes !== undefined;

  // One setup per opening of the dialog (a new pending secret each time).
  const started = useRef(false);
  const { mutate: startSetup } = setup;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetup();
  }, [startSetup]);

  // Turned on but the dialog went away without "Done" (navigation): the flag must still follow.
  const enabledRef = useRef(false);
  useEffect(() => {
    enabledRef.current = enabled;
  }, [enabled]);
  useEffect(() => () => {
    if (enabledRef.current) setFlag(true);
  }, [setFlag]);

  const finish = () => {
    enabledRef.current = false;
    setFlag(true);
    notifySuccess(t("accounts.preferences.twoFactor.enabled"));
    onClose();
  };

  const submitCode = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, "");
    if (!value) return setCodeError(t("accounts.validation.codeRequired"));
    if (!SIX_DIGITS.test(value)) return setCodeError(t("accounts.validation.codeFormat"));
    setCodeError(undefined);
    enable.mutate(value, { onError: onRefused });
  };

  const codesFile = recoveryCodes
    ? recoveryCodesText(t("accounts.preferences.twoFactor.codesFileHeader", { email }), recoveryCodes)
    : "";

  let body: React.ReactNode;
  if (setup.isPending || setup.isIdle) {
    body = (
      <Center py="xl">
        <Loader aria-label={t("app.loading")} />
      </Center>
    );
  } else if (setup.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("accounts.preferences.twoFactor.setupFailed")} role="alert">
        <Text size="sm">{parseApiError(setup.error, t).message}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => startSetup()}>
          {t("accounts.common.retry")}
        </Button>
      </Alert>
    );
  } else if (!enabled) {
    const { secret, qrDataUrl } = setup.data;
    body = (
      <form noValidate onSubmit={submitCode}>
        <Stack gap="md">
          <Text size="sm">{t("accounts.preferences.twoFactor.scanText")}</Text>
          <Center>
            <Paper withBorder p="xs" radius="md" bg="white">
              <Image src={qrDataUrl} alt={t("accounts.preferences.twoFactor.qrAlt")} w={200} h={200} data-testid="two-factor-qr" />
            </Paper>
          </Center>
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t("accounts.preferences.twoFactor.manualText")}
            </Text>
            <Group gap="xs" wrap="wrap" align="center">
              <Code
                block
                dir="ltr"
                aria-label={t("accounts.preferences.twoFactor.secretLabel")}
                data-testid="two-factor-secret"
                style={{ flex: "1 1 220px", whiteSpace: "pre-wrap", wordBreak: "break-all", letterSpacing: "0.08em", fontSize: "var(--mantine-font-size-sm)" }}
              >
                {secret.replace(/(.{4})/g, "$1 ").trim()}
              </Code>
              <CopyButton value={secret} />
            </Group>
          </Stack>
          <TextInput
            label={t("accounts.preferences.twoFactor.code")}
            {...inputProps}
            inputMode="numeric"
            maxLength={7}
            data-autofocus
            data-testid="two-factor-code"
          />
          <FormActions cancelLabel={t("accounts.common.cancel")} onCancel={onClose} submitLabel={t("accounts.preferences.twoFactor.verify")} pending={enable.isPending} submitTestId="two-factor-verify" />
        </Stack>
      </form>
    );
  } else {
    body = (
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("accounts.preferences.twoFactor.codesTitle")}>
          <Text size="sm">{t("accounts.preferences.twoFactor.codesText")}</Text>
        </Alert>
        <SimpleGrid
          cols={2}
          spacing="xs"
          component="ol"
          aria-label={t("accounts.preferences.twoFactor.codesLabel")}
          data-testid="recovery-codes"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
        >
          {recoveryCodes.map((recovery) => (
            <Code key={recovery} component="li" dir="ltr" ta="center" py={6} fz="sm" style={{ letterSpacing: "0.06em" }}>
              {recovery}
            </Code>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <CopyButton value={recoveryCodes.join("\n")} data-testid="recovery-codes-copy" />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={download.isPending}
            onClick={() =>
              download.start({
                key: "recovery-codes",
                fileName: t("accounts.preferences.twoFactor.codesFileName"),
                content: () => new Blob([codesFile], { type: "text/plain;charset=utf-8" }),
              })
            }
            data-testid="recovery-codes-download"
          >
            {t("accounts.common.download")}
          </Button>
        </Group>
        <Checkbox
          checked={saved}
          onChange={(event) => setSaved(event.currentTarget.checked)}
          label={t("accounts.preferences.twoFactor.codesSaved")}
          data-testid="recovery-codes-saved"
        />
        <Group justify="flex-end">
          <Button onClick={finish} disabled={!saved} data-testid="two-factor-done">
            {t("accounts.preferences.twoFactor.done")}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={enabled ? () => undefined : onClose}
      withCloseButton={!enabled}
      closeOnClickOutside={!enabled}
      closeOnEscape={!enabled}
      title={t("accounts.preferences.twoFactor.setupTitle")}
      size="md"
      centered
      data-testid="two-factor-setup"
    >
      <Stepper active={enabled ? 1 : 0} size="xs" mb="lg" allowNextStepsSelect={false}>
        <Stepper.Step label={t("accounts.preferences.twoFactor.stepScan")} />
        <Stepper.Step label={t("accounts.preferences.twoFactor.stepCodes")} />
      </Stepper>
      {body}
    </Modal>
  );
}
