import { Alert, Button, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { parseApiError } from "@/lib/errors";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useVerifyEmail } from "../api/registration";
import { AuthHeading } from "../components/auth-heading";

/** Opened from the e-mail the server sends after sign-up: confirms the address with the link's token. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.verify.title"));
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const verification = useVerifyEmail(token);

  let body;
  if (!token) {
    body = (
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert">
        {t("auth.verify.missingToken")}
      </Alert>
    );
  } else if (verification.isPending) {
    body = (
      <Stack align="center" gap="sm" py="md" role="status">
        <Loader aria-hidden />
        <Text c="dimmed">{t("auth.verify.verifying")}</Text>
      </Stack>
    );
  } else if (verification.isError) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" title={t("auth.verify.failedTitle")}>
        {parseApiError(verification.error, t).message}
      </Alert>
    );
  } else {
    body = (
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status" title={t("auth.verify.successTitle")} data-testid="email-verified">
        {t("auth.verify.successMessage")}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <AuthHeading title={t("auth.verify.title")} />
      {body}
      <Button component={Link} to={paths.auth.login} fullWidth variant={verification.isSuccess ? "filled" : "default"}>
        {t("auth.verify.logIn")}
      </Button>
    </Stack>
  );
}

export { VerifyEmailPage as Component };
