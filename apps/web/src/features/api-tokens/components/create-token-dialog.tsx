import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Badge, Button, Checkbox, Code, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { apiTokenBodySchema, apiTokenScopes, isAdminOnlyScope, messageOf, type ApiTokenCreated } from "@portal/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { OneTimeSecret } from "@/components/one-time-secret";
import { CheckboxGroupField, FormActions, TextField } from "@/components/form";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
import { useCreateApiToken } from "../api/api-tokens";
import { endOfDay, isoDay, isolated, scopeKey } from "../lib/token-status";

/**
 * The contract's body, except the end: the form asks for a day ("" for none), sent as the end of that
 * day; it must lie after today.
 */
const tokenFormSchema = apiTokenBodySchema.extend({
  expiresAt: z
    .string()
    .refine((day) => day === "" || day > isoDay(new Date()), { error: messageOf("apiTokens.validation.expiresAtPast") }),
});
type TokenFormInput = z.input<typeof tokenFormSchema>;
type TokenFormOutput = z.output<typeof tokenFormSchema>;
const tokenFields = ["name", "scopes", "expiresAt"] as const;

/** "Create token": name, scopes, an optional end; then the secret, shown this once with a copy button. */
export function CreateTokenDialog({ opened, onClose, isAdmin }: { opened: boolean; onClose: () => void; isAdmin: boolean }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      // The secret is never shown again: closing it takes an explicit "Done", not a stray click or Escape.
      onClose={created ? () => undefined : close}
      withCloseButton={!created}
      closeOnClickOutside={!created}
      closeOnEscape={!created}
      title={created ? t("apiTokens.secret.title") : t("apiTokens.create.title")}
      size="lg"
      centered
      data-testid="api-token-create-dialog"
    >
      {opened && (created ? <SecretOnce created={created} onDone={close} /> : <TokenForm isAdmin={isAdmin} onCancel={close} onCreated={setCreated} />)}
    </Modal>
  );
}

function TokenForm({ isAdmin, onCancel, onCreated }: { isAdmin: boolean; onCancel: () => void; onCreated: (created: ApiTokenCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const form = useForm<TokenFormInput, unknown, TokenFormOutput>({
    resolver: zodResolver(tokenFormSchema),
    mode: "onTouched",
    defaultValues: { name: "", scopes: ["read"], expiresAt: "" },
  });
  const onServerError = useServerErrors(form.setError, {
    fields: tokenFields,
    fieldByCode: { "token/invalid_scope": "scopes", "token/limit_reached": "root" },
  });
  const scopes = apiTokenScopes.filter((scope) => isAdmin || !isAdminOnlyScope(scope));
  const formError = form.formState.errors.root?.message;
  // The first day the date picker offers, fixed when the form opens.
  const [tomorrow] = useState(() => {
    const day = new Date();
    day.setDate(day.getDate() + 1);
    return isoDay(day);
  });

  const submit = form.handleSubmit((values) => {
    form.clearErrors("root");
    create.mutate(
      { name: values.name, scopes: values.scopes, expiresAt: values.expiresAt ? endOfDay(values.expiresAt) : undefined },
      { onSuccess: onCreated, onError: onServerError },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="api-token-form">
      <Stack gap="md">
        {formError && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="api-token-form-error">
            <Text size="sm">{formError}</Text>
          </Alert>
        )}
        <TextField
          control={form.control}
          name="name"
          label={t("apiTokens.create.name")}
          description={t("apiTokens.create.nameHint")}
          required
          maxLength={100}
          data-autofocus
          data-testid="api-token-name"
        />
        <CheckboxGroupField control={form.control} name="scopes" label={t("apiTokens.create.scopes")} description={t("apiTokens.create.scopesHint")} required data-testid="api-token-scopes">
          <Stack gap="sm" mt="xs">
            {scopes.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={
                  <Group gap={6} wrap="wrap">
                    <Code dir="ltr">{scope}</Code>
                    {isAdminOnlyScope(scope) && (
                      <Badge size="xs" variant="light" color="grape">
                        {t("apiTokens.create.adminOnly")}
                      </Badge>
                    )}
                  </Group>
                }
                description={t(`apiTokens.scopes.${scopeKey(scope)}` as "apiTokens.scopes.read")}
                data-testid={`api-token-scope-${scope}`}
              />
            ))}
          </Stack>
        </CheckboxGroupField>
        <TextField
          control={form.control}
          name="expiresAt"
          type="date"
          label={`${t("apiTokens.create.expiresAt")} (${t("common.optional")})`}
          description={t("apiTokens.create.expiresAtHint")}
          min={tomorrow}
          data-testid="api-token-expires"
        />
        <FormActions cancelLabel={t("accounts.common.cancel")} onCancel={onCancel} submitLabel={t("apiTokens.create.submit")} pending={create.isPending} submitTestId="api-token-submit" />
      </Stack>
    </form>
  );
}

/** The new secret: shown now and never again (only its SHA-256 is kept), with a copy button and the warning. */
function SecretOnce({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <OneTimeSecret
        secret={created.secret}
        label={t("apiTokens.secret.label", { name: isolated(created.token.name) })}
        warningTitle={t("apiTokens.secret.warningTitle")}
        warning={<Text size="sm">{t("apiTokens.secret.warning")}</Text>}
        testId="api-token-secret"
        copyTestId="api-token-copy"
      >
        <Text size="xs" c="dimmed">
          {t("apiTokens.secret.usage")}{" "}
          <Code dir="ltr">Authorization: Bearer pt_…</Code>
        </Text>
      </OneTimeSecret>
      <Group justify="flex-end">
        <Button
          onClick={() => {
            notifySuccess(t("apiTokens.create.done", { name: isolated(created.token.name) }));
            onDone();
          }}
          data-testid="api-token-done"
        >
          {t("apiTokens.secret.done")}
        </Button>
      </Group>
    </Stack>
  );
}
