import { Anchor, Button, Group, PasswordInput, PinInput, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowLeft, IconShieldLock } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { endSession, startSession } from "@/lib/auth";
import { errorCodeOf, parseApiError } from "@/lib/errors";
import { i18n } from "@/lib/i18n";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { afterLoginTarget } from "@/lib/redirect";
import { useDocumentTitle } from "@/lib/use-document-title";
import { InvalidLoginResponseError, useLogin, type LoginInput } from "../api/login";
import { AuthHeading } from "../components/auth-heading";

interface CredentialsForm {
  username: string;
  password: string;
}

const OTP_LENGTH = 6;

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.login.title"));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const login = useLogin();
  /** Set when the server answered auth/2fa_required: the credentials wait for the code. */
  const [pending2fa, setPending2fa] = useState<CredentialsForm | null>(null);
  const [otp, setOtp] = useState("");
  const [otpError, setOtpError] = useState<string | null>(null);

  // Two fields with "required" rules: plain state keeps react-hook-form out of this page's bundle
  // (the login route has a 200 KB gzip budget); the other forms use react-hook-form.
  const [values, setValues] = useState<CredentialsForm>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof CredentialsForm, string>>>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const update = (field: keyof CredentialsForm) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submitCredentials = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (values.username.trim() === "") found.username = t("auth.login.usernameRequired");
    if (values.password === "") found.password = t("auth.login.passwordRequired");
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    submit(values);
  };

  const submit = (input: LoginInput) => {
    login.mutate(input, {
      onSuccess: (answer) => {
        startSession(queryClient, answer.access_token, answer.user);
        notifySuccess(t("auth.login.success"));
        void navigate(afterLoginTarget(params.get("redirect")), { replace: true });
      },
      onError: (error) => {
        const code = errorCodeOf(error);
        if (code === "auth/2fa_required") {
          setPending2fa({ username: input.username, password: input.password });
          setOtp("");
          setOtpError(null);
          const parsed = parseApiError(error, i18n.t);
          notifyMessage(parsed.message, parsed.type);
          return;
        }
        // A failed login or verification clears token and user (spec section 4).
        endSession(queryClient);
        if (error instanceof InvalidLoginResponseError) {
          notifyMessage(t("errors.invalidLoginResponse"), "error");
          return;
        }
        const parsed = parseApiError(error, i18n.t);
        if (code === "auth/2fa_invalid") {
          setOtpError(parsed.message);
          setOtp("");
        }
        notifyMessage(parsed.message, parsed.type);
      },
    });
  };

  if (pending2fa) {
    const verify = () => {
      if (otp.length !== OTP_LENGTH) {
        setOtpError(t("auth.login.twoFactor.codeRequired"));
        return;
      }
      submit({ ...pending2fa, otp });
    };
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          verify();
        }}
      >
        <Group gap="sm" mb="xs">
          <IconShieldLock size={28} color="var(--mantine-primary-color-filled)" aria-hidden />
        </Group>
        <AuthHeading title={t("auth.login.twoFactor.title")} subtitle={t("auth.login.twoFactor.description")} />
        <Stack gap="md">
          <Stack gap={6}>
            <Text component="label" htmlFor="otp-code" size="sm" fw={500}>
              {t("auth.login.twoFactor.code")}
            </Text>
            <PinInput
              id="otp-code"
              length={OTP_LENGTH}
              type="number"
              oneTimeCode
              autoFocus
              value={otp}
              onChange={(value) => {
                setOtp(value);
                setOtpError(null);
              }}
              error={Boolean(otpError)}
              aria-label={t("auth.login.twoFactor.code")}
              dir="ltr"
            />
            {otpError && (
              <Text size="sm" c="red" role="alert">
                {otpError}
              </Text>
            )}
          </Stack>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t("auth.login.twoFactor.submit")}
          </Button>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} className="mirror-rtl" aria-hidden />}
            onClick={() => {
              setPending2fa(null);
              setValues((current) => ({ ...current, password: "" }));
            }}
          >
            {t("auth.login.twoFactor.back")}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={submitCredentials}>
      <AuthHeading title={t("auth.login.title")} subtitle={t("auth.login.subtitle")} />
      <Stack gap="md">
        <TextInput
          ref={usernameRef}
          name="username"
          value={values.username}
          onChange={update("username")}
          label={t("auth.login.username")}
          placeholder={t("auth.login.usernamePlaceholder")}
          autoComplete="username"
          required
          error={errors.username}
        />
        <PasswordInput
          ref={passwordRef}
          name="password"
          value={values.password}
          onChange={update("password")}
          label={t("auth.login.password")}
          placeholder={t("auth.login.passwordPlaceholder")}
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.auth.recoverPassword} size="sm">
            {t("auth.login.forgotPassword")}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          {t("auth.login.submit")}
        </Button>
        <Text size="sm" ta="center">
          {t("auth.login.noAccount")}{" "}
          <Anchor component={Link} to={paths.auth.signup} fw={600}>
            {t("auth.login.signUp")}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

export { LoginPage as Component };
