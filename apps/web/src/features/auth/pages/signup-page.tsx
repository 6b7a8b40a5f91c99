import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { signUpFormSchema, type SignUpForm } from "@portal/contract";
import { useState } from "react";
import { Controller, useForm, useWatch, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { translateMessage } from "@/lib/messages";
import { useRegister } from "../api/registration";
import { AuthHeading } from "../components/auth-heading";
import { PasswordRequirements } from "../components/password-requirements";

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
  const password = useWatch({ control: form.control, name: "password" });

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
        onError: (error) => {
          const parsed = parseApiError(error, t);
          const rest = applyServerErrors(parsed, form.setError, {
            fields,
            fieldByCode: {
              "auth/email_taken": "email",
              "auth/username_taken": "userName",
              "auth/password_requirements": "password",
            },
          });
          if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => item.message))].join("\n"), parsed.type);
        },
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

  const errorOf = (name: (typeof fields)[number]) => {
    const message = form.formState.errors[name]?.message;
    return message ? translateMessage(message, t) : undefined;
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <AuthHeading title={t("auth.signup.title")} subtitle={t("auth.signup.subtitle")} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={form.control}
            name="firstname"
            render={({ field }) => (
              <TextInput {...field} label={t("auth.signup.firstname")} autoComplete="given-name" required error={errorOf("firstname")} />
            )}
          />
          <Controller
            control={form.control}
            name="lastname"
            render={({ field }) => (
              <TextInput {...field} label={t("auth.signup.lastname")} autoComplete="family-name" required error={errorOf("lastname")} />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="email"
          render={({ field }) => (
            <TextInput
              {...field}
              type="email"
              label={t("auth.signup.email")}
              placeholder={t("auth.signup.emailPlaceholder")}
              autoComplete="email"
              required
              error={errorOf("email")}
            />
          )}
        />
        <Controller
          control={form.control}
          name="userName"
          render={({ field }) => (
            <TextInput
              {...field}
              value={field.value ?? ""}
              label={`${t("auth.signup.userName")} (${t("common.optional")})`}
              description={t("auth.signup.userNameHint")}
              autoComplete="username"
              error={errorOf("userName")}
            />
          )}
        />
        <Controller
          control={form.control}
          name="password"
          render={({ field }) => (
            <div>
              <PasswordInput
                {...field}
                label={t("auth.signup.password")}
                autoComplete="new-password"
                required
                error={errorOf("password")}
                aria-describedby="password-requirements"
              />
              <PasswordRequirements password={password ?? ""} id="password-requirements" />
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="repeatPassword"
          render={({ field }) => (
            <PasswordInput
              {...field}
              label={t("auth.signup.repeatPassword")}
              autoComplete="new-password"
              required
              error={errorOf("repeatPassword")}
            />
          )}
        />
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
