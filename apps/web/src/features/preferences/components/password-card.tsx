import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Stack } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { changePasswordFormSchema, type ChangePasswordForm } from "@portal/contract";
import { useEffect, useState } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { PasswordField, RuleChecklist } from "@/components/form";
import { endSession } from "@/lib/auth";
import { SectionCard } from "@/components/section-card";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useChangePassword } from "../api/account";
import { newPasswordChecks, type NewPasswordRule } from "../lib/password-checks";

/** Spec sections 4 and 9: after a password change the user is logged out after 3 seconds. */
export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 3000;

const fields = ["oldPassword", "newPassword", "confirmPassword"] as const satisfies readonly Path<ChangePasswordForm>[];

function Requirements({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const checks = newPasswordChecks(password);
  return (
    <RuleChecklist
      id={id}
      label={t("accounts.preferences.password.requirementsTitle")}
      rules={(Object.keys(checks) as NewPasswordRule[]).map((rule) => ({ key: rule, text: t(`accounts.preferences.password.requirements.${rule}`), met: checks[rule] }))}
    />
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

  const onServerError = useServerErrors(form.setError, {
    fields,
    fieldByCode: { "auth/old_password_incorrect": "oldPassword", "auth/password_requirements": "newPassword" },
  });
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
        onError: onServerError,
      },
    );
  });

  return (
    <SectionCard id="password" testId="password-card" title={t("accounts.preferences.password.title")} description={t("accounts.preferences.password.description")}>
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
            <PasswordField control={form.control} name="oldPassword" label={t("accounts.preferences.password.oldPassword")} autoComplete="current-password" required />
            <div>
              <PasswordField
                control={form.control}
                name="newPassword"
                label={t("accounts.preferences.password.newPassword")}
                autoComplete="new-password"
                required
                aria-describedby="new-password-requirements"
              />
              <Requirements password={newPassword ?? ""} id="new-password-requirements" />
            </div>
            <PasswordField control={form.control} name="confirmPassword" label={t("accounts.preferences.password.confirmPassword")} autoComplete="new-password" required />
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending} data-testid="password-submit">
                {t("accounts.preferences.password.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}
