import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { parseApiError } from "@/lib/errors";
import { notifyMessage } from "@/lib/notify";
import { useVerifyMfaCode } from "../api/mfa";

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
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="mfa-verify-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4" id="mfa-verify-title">
              {t("mfa.verify.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("mfa.verify.description")}
            </Text>
          </Stack>
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
    </Paper>
  );
}
