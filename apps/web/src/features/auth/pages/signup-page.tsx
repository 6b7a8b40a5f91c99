import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { signUpFormSchema, type SignUpForm } from "@portal/contract";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { EmailField, TextField } from "@/components/form";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useRegister } from "../api/registration";
import { AuthHeading } from "../components/auth-heading";
import { NewPasswordFields } from "../components/new-password-fields";

type SignUpOutput = z.output<typeof signUpFormSchema>;

const fields = ["firstname", "lastname", "email", "userName", "password", "repeatPassword"] as const satisfies readonly Path<SignUpForm>[];

/** Sign-up: the spec section 5 rules in the browser first (the contract's schema), then the server's codes. */
export function SignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.signup.title"));
  const register = useRegister();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const form = useForm<SignUpForm, unknown, SignUpOutput>({
    resolver: zodResolver(signUpFormSchema),
    mode: "onTouched",
    defaultValues: { firstname: "", lastname: "", email: "", userName: "", password: "", repeatPassword: "" },
  });

  const onServerError = useServerErrors(form.setError, {
    fields,
    fieldByCode: { "auth/email_taken": "email", "auth/username_taken": "userName", "auth/password_requirements": "password" },
  });
  const onSubmit = form.handleSubmit((values) => {
    register.mutate(
      {
        firstname: values.firstname,
        lastname: values.lastname,
        email: values.email,
        userName: values.userName ? values.userName : undefined,
        password: values.password,
      },
      {
        onSuccess: (user) => {
          setRegisteredEmail(user.email);
          notifySuccess(t("auth.signup.successTitle"));
        },
        onError: onServerError,
      },
    );
  });

  if (registeredEmail) {
    return (
      <Stack gap="md">
        <AuthHeading title={t("auth.signup.successTitle")} />
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status" data-testid="signup-success">
          {t("auth.signup.successMessage")}
        </Alert>
        <Text size="sm" c="dimmed" dir="ltr" ta="start">
          {registeredEmail}
        </Text>
        <Button component={Link} to={paths.auth.login} fullWidth>
          {t("auth.signup.logIn")}
        </Button>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <AuthHeading title={t("auth.signup.title")} subtitle={t("auth.signup.subtitle")} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={form.control} name="firstname" label={t("auth.signup.firstname")} autoComplete="given-name" required />
          <TextField control={form.control} name="lastname" label={t("auth.signup.lastname")} autoComplete="family-name" required />
        </SimpleGrid>
        <EmailField control={form.control} name="email" label={t("auth.signup.email")} placeholder={t("auth.signup.emailPlaceholder")} />
        <TextField
          control={form.control}
          name="userName"
          label={`${t("auth.signup.userName")} (${t("common.optional")})`}
          description={t("auth.signup.userNameHint")}
          autoComplete="username"
        />
        <NewPasswordFields control={form.control} password={t("auth.signup.password")} repeatPassword={t("auth.signup.repeatPassword")} requirementsId="password-requirements" />
        <Button type="submit" fullWidth size="md" loading={register.isPending}>
          {t("auth.signup.submit")}
        </Button>
        <Text size="sm" ta="center">
          {t("auth.signup.haveAccount")}{" "}
          <Anchor component={Link} to={paths.auth.login} fw={600}>
            {t("auth.signup.logIn")}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

export { SignupPage as Component };
