import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft } from "@tabler/icons-react";
import { newPasswordFields, withRepeatedPassword } from "@portal/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useResetPassword } from "../api/password-reset";
import { AuthHeading } from "../components/auth-heading";
import { NewPasswordFields } from "../components/new-password-fields";

/** The same rules and messages as sign-up's. */
const resetSchema = withRepeatedPassword(z.object(newPasswordFields));
type ResetForm = z.infer<typeof resetSchema>;

/** Step 2 of password recovery, opened from the e-mailed link: `?token=` and a new password. */
export function RecoverPasswordEmailPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.reset.title"));
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetSchema),
    mode: "onTouched",
    defaultValues: { password: "", repeatPassword: "" },
  });
  const onServerError = useServerErrors(form.setError, { fields: ["password"], fieldByCode: { "auth/password_requirements": "password" } });

  if (!token) {
    return (
      <Stack gap="md">
        <AuthHeading title={t("auth.reset.missingTokenTitle")} />
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {t("auth.reset.missingTokenMessage")}
        </Alert>
        <Button component={Link} to={paths.auth.recoverPassword} fullWidth>
          {t("auth.reset.requestNewLink")}
        </Button>
      </Stack>
    );
  }

  const onSubmit = form.handleSubmit((values) => {
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          notifySuccess(t("auth.reset.success"));
          void navigate(paths.auth.login, { replace: true });
        },
        onError: onServerError,
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <AuthHeading title={t("auth.reset.title")} subtitle={t("auth.reset.subtitle")} />
      <Stack gap="md">
        <NewPasswordFields control={form.control} password={t("auth.reset.password")} repeatPassword={t("auth.reset.repeatPassword")} requirementsId="reset-password-requirements" />
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          {t("auth.reset.submit")}
        </Button>
        <Anchor component={Link} to={paths.auth.login} size="sm" ta="center" display="block">
          <IconArrowLeft size={14} className="mirror-rtl" style={{ verticalAlign: "middle" }} aria-hidden /> {t("auth.recover.backToLogin")}
        </Anchor>
      </Stack>
    </form>
  );
}

export { RecoverPasswordEmailPage as Component };
