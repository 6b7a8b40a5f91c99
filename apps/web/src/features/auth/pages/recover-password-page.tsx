import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { IconArrowLeft, IconMailCheck } from "@tabler/icons-react";
import { emailField } from "@portal/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { EmailField } from "@/components/form";
import { useServerErrors } from "@/lib/form-errors";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useRecoverPassword } from "../api/password-reset";
import { AuthHeading } from "../components/auth-heading";

const recoverSchema = z.object({ email: emailField });
type RecoverInput = z.input<typeof recoverSchema>;
type RecoverOutput = z.output<typeof recoverSchema>;

/** Step 1 of password recovery: ask for the account's e-mail; the server mails a reset link. */
export function RecoverPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.recover.title"));
  const recover = useRecoverPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<RecoverInput, unknown, RecoverOutput>({
    resolver: zodResolver(recoverSchema),
    mode: "onTouched",
    defaultValues: { email: "" },
  });

  const onServerError = useServerErrors(form.setError, { fields: ["email"] });
  const onSubmit = form.handleSubmit((values) => {
    recover.mutate(values, { onSuccess: () => setSentTo(values.email), onError: onServerError });
  });

  const backToLogin = (
    <Anchor component={Link} to={paths.auth.login} size="sm" ta="center" display="block">
      <IconArrowLeft size={14} className="mirror-rtl" style={{ verticalAlign: "middle" }} aria-hidden /> {t("auth.recover.backToLogin")}
    </Anchor>
  );

  if (sentTo) {
    return (
      <Stack gap="md">
        <AuthHeading title={t("auth.recover.sentTitle")} />
        <Alert color="teal" icon={<IconMailCheck aria-hidden />} role="status">
          {t("auth.recover.sentMessage", { email: sentTo })}
        </Alert>
        {backToLogin}
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <AuthHeading title={t("auth.recover.title")} subtitle={t("auth.recover.subtitle")} />
      <Stack gap="md">
        <EmailField control={form.control} name="email" label={t("auth.recover.email")} placeholder={t("auth.signup.emailPlaceholder")} />
        <Button type="submit" fullWidth size="md" loading={recover.isPending}>
          {t("auth.recover.submit")}
        </Button>
        {backToLogin}
      </Stack>
    </form>
  );
}

export { RecoverPasswordPage as Component };
