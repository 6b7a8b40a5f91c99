import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { parseApiError } from "@/lib/errors";
import { notifyMessage } from "@/lib/notify";
import { useVerifyMfaCode } from "../api/mfa";
import { SectionCard } from "./section-card";

/** A code checked against the system authenticator (spec section 5: "code required"). */
export function VerifyCodeCard() {
  const { t } = useTranslation();
  const verify = useVerifyMfaCode();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t("mfa.verify.required"));
      return;
    }
    setError(undefined);
    verify.mutate(value, {
      onError: (failure) => {
        const parsed = parseApiError(failure, t);
        if (parsed.code === "mfa/invalid_code") setError(t("mfa.verify.invalid"));
        else if (parsed.items.some((item) => item.field === "code")) setError(t("mfa.verify.required"));
        else notifyMessage(`${t("mfa.verify.failed")}\n${parsed.message}`, parsed.type);
      },
    });
  };

  return (
    <SectionCard id="mfa-verify-title" title={t("mfa.verify.title")} description={t("mfa.verify.description")}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label={t("mfa.verify.code")}
              placeholder={t("mfa.verify.placeholder")}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setError(undefined);
                verify.reset();
              }}
              error={error}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              dir="ltr"
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.08em" } }}
              style={{ flex: "1 1 160px" }}
              maw={240}
              data-testid="mfa-verify-code"
            />
            <Button type="submit" loading={verify.isPending} mt={25} data-testid="mfa-verify-submit">
              {t("mfa.verify.submit")}
            </Button>
          </Group>
          {verify.isSuccess && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status" data-testid="mfa-verify-valid">
              {t("mfa.verify.valid")}
            </Alert>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
