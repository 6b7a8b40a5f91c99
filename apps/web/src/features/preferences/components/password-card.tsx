import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Group, List, PasswordInput, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconCircleCheck, IconX } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { changePasswordFormSchema, type ChangePasswordForm } from "@portal/contract";
import { useEffect, useState } from "react";
import { Controller, useForm, useWatch, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { endSession } from "@/lib/auth";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { translateMessage } from "@/lib/messages";
import { useChangePassword } from "../api/account";
import { newPasswordChecks, type NewPasswordRule } from "../lib/password-checks";

/** Spec sections 4 and 9: after a password change the user is logged out after 3 seconds. */
export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 3000;

const fields = ["oldPassword", "newPassword", "confirmPassword"] as const satisfies readonly Path<ChangePasswordForm>[];

function Requirements({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const checks = newPasswordChecks(password);
  return (
    <List id={id} size="sm" spacing={4} center aria-label={t("accounts.preferences.password.requirementsTitle")} mt={6}>
      {(Object.keys(checks) as NewPasswordRule[]).map((rule) => (
        <List.Item
          key={rule}
          c={checks[rule] ? "teal" : "dimmed"}
          icon={
            <ThemeIcon size={16} radius="xl" color={checks[rule] ? "teal" : "gray"} variant={checks[rule] ? "filled" : "light"}>
              {checks[rule] ? <IconCheck size={11} aria-hidden /> : <IconX size={11} aria-hidden />}
            </ThemeIcon>
          }
        >
          {t(`accounts.preferences.password.requirements.${rule}`)}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * Old, new and confirm password, checked with the contract's `changePasswordFormSchema` (spec
 * section 5), then POST api/v1/auth/password. The server revokes every session; this page says so
 * and logs out exactly 3 seconds later, then shows the login page.
 */
export function PasswordCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const [loggingOut, setLoggingOut] = useState(false);

  const form = useForm<ChangePasswordForm, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: "onTouched",
    defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" },
  });
  const newPassword = useWatch({ control: form.control, name: "newPassword" });

  // The session is already revoked on the server. The countdown is not cancelled when the user
  // leaves the page: in 3 seconds the client forgets the token and shows the login page.
  useEffect(() => {
    if (!loggingOut) return;
    setTimeout(() => {
      endSession(queryClient);
      void navigate(paths.auth.login, { replace: true });
    }, LOGOUT_AFTER_PASSWORD_CHANGE_MS);
  }, [loggingOut, queryClient, navigate]);

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword, confirmPassword: values.confirmPassword },
      {
        onSuccess: () => {
          setLoggingOut(true);
          form.reset();
          notifySuccess(t("accounts.preferences.password.changedTitle"));
          // The old token is already revoked: stop anything that would ask the server before the 3 s are over.
          void queryClient.cancelQueries();
        },
        onError: (error) => {
          const parsed = parseApiError(error, t);
          const rest = applyServerErrors(parsed, form.setError, {
            fields,
            fieldByCode: { "auth/old_password_incorrect": "oldPassword", "auth/password_requirements": "newPassword" },
          });
          if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => item.message))].join("\n"), parsed.type);
        },
      },
    );
  });

  const errorOf = (name: (typeof fields)[number]) => translateMessage(form.formState.errors[name]?.message, t);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="password-title" data-testid="password-card">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="password-title">
            {t("accounts.preferences.password.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("accounts.preferences.password.description")}
          </Text>
        </div>
        {loggingOut ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            title={t("accounts.preferences.password.changedTitle")}
            role="status"
            data-testid="password-changed"
          >
            {t("accounts.preferences.password.changedMessage", { seconds: LOGOUT_AFTER_PASSWORD_CHANGE_MS / 1000 })}
          </Alert>
        ) : (
          <form noValidate onSubmit={onSubmit} aria-labelledby="password-title">
            <Stack gap="md">
              <Controller
                control={form.control}
                name="oldPassword"
                render={({ field }) => (
                  <PasswordInput {...field} label={t("accounts.preferences.password.oldPassword")} autoComplete="current-password" required error={errorOf("oldPassword")} />
                )}
              />
              <Controller
                control={form.control}
                name="newPassword"
                render={({ field }) => (
                  <div>
                    <PasswordInput
                      {...field}
                      label={t("accounts.preferences.password.newPassword")}
                      autoComplete="new-password"
                      required
                      error={errorOf("newPassword")}
                      aria-describedby="new-password-requirements"
                    />
                    <Requirements password={newPassword ?? ""} id="new-password-requirements" />
                  </div>
                )}
              />
              <Controller
                control={form.control}
                name="confirmPassword"
                render={({ field }) => (
                  <PasswordInput {...field} label={t("accounts.preferences.password.confirmPassword")} autoComplete="new-password" required error={errorOf("confirmPassword")} />
                )}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={change.isPending} data-testid="password-submit">
                  {t("accounts.preferences.password.submit")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
