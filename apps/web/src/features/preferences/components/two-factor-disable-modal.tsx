import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isRefusedTwoFactorCode, parseApiError } from "@/lib/errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { useDisableTwoFactor } from "../api/two-factor";

/** POST api/v1/auth/2fa/disable with a code from the app or an unused recovery code. */
export function TwoFactorDisableModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setError(t("accounts.validation.codeRequired"));
    disable.mutate(value, {
      onSuccess: () => {
        notifySuccess(t("accounts.preferences.twoFactor.disabled"));
        onClose();
      },
      onError: (failure) => {
        const parsed = parseApiError(failure, t);
        if (isRefusedTwoFactorCode(parsed.code) || parsed.items.some((item) => item.field === "code")) setError(parsed.message);
        else notifyMessage(parsed.message, parsed.type);
      },
    });
  };

  return (
    <Modal opened onClose={disable.isPending ? () => undefined : onClose} title={t("accounts.preferences.twoFactor.disableTitle")} centered data-testid="two-factor-disable-dialog">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t("accounts.preferences.twoFactor.disableText")}</Text>
          <TextInput
            label={t("accounts.preferences.twoFactor.disableCode")}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            autoComplete="one-time-code"
            required
            dir="ltr"
            data-autofocus
            data-testid="two-factor-disable-code"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={disable.isPending}>
              {t("accounts.common.cancel")}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending} data-testid="two-factor-disable-confirm">
              {t("accounts.preferences.twoFactor.disableConfirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
