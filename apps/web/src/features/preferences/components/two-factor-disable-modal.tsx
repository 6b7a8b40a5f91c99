import { Modal, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { FormActions } from "@/components/form";
import { notifySuccess } from "@/lib/notify";
import { useDisableTwoFactor } from "../api/two-factor";
import { useTwoFactorCode } from "../lib/two-factor-code";

/** POST api/v1/auth/2fa/disable with a code from the app or an unused recovery code. */
export function TwoFactorDisableModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const { code, setError, inputProps, onRefused } = useTwoFactorCode();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setError(t("accounts.validation.codeRequired"));
    disable.mutate(value, {
      onSuccess: () => {
        notifySuccess(t("accounts.preferences.twoFactor.disabled"));
        onClose();
      },
      onError: onRefused,
    });
  };

  return (
    <Modal opened onClose={disable.isPending ? () => undefined : onClose} title={t("accounts.preferences.twoFactor.disableTitle")} centered data-testid="two-factor-disable-dialog">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t("accounts.preferences.twoFactor.disableText")}</Text>
          <TextInput label={t("accounts.preferences.twoFactor.disableCode")} {...inputProps} data-autofocus data-testid="two-factor-disable-code" />
          <FormActions cancelLabel={t("accounts.common.cancel")} onCancel={onClose} submitLabel={t("accounts.preferences.twoFactor.disableConfirm")} pending={disable.isPending} color="red" submitTestId="two-factor-disable-confirm" />
        </Stack>
      </form>
    </Modal>
  );
}
