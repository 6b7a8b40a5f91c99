import { Alert, Anchor, Button, Divider, Group, Loader, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowLeft, IconKey, IconMailForward, IconShieldLock } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { TokenAnswer } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { endSession, startSession } from "@/lib/auth";
import { errorCodeOf, isRefusedTwoFactorCode, parseApiError, parseErrorBody } from "@/lib/errors";
import { notifyError, notifyMessage, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { afterLoginTarget } from "@/lib/redirect";
import { useDocumentTitle } from "@/lib/use-document-title";
import { InvalidLoginResponseError, useLogin, type LoginInput } from "../api/session";
import { useResendVerification } from "../api/registration";
import { ssoStartUrl, useSsoExchange, useSsoStatus, type SsoExchangeInput } from "../api/sso";
import { AuthHeading } from "../components/auth-heading";

interface Credentials {
  username: string;
  password: string;
}

const OTP_LENGTH = 6;
const OtpCodeInput = lazy(() => import("../components/otp-code-input").then((module) => ({ default: module.OtpCodeInput })));

/**
 * Log in with e-mail or username and password. When the server answers auth/2fa_required, a second
 * step asks for the authenticator code (or a recovery code) and sends the credentials again with it.
 * The two fields use plain state: react-hook-form would add 11 KB gzip to the login route, whose
 * JavaScript has a 200 KB budget; the other forms use react-hook-form.
 *
 * Single sign-on: with the server's OpenID provider enabled, a "Sign in with …" button leads to the
 * server's start. The provider's answer comes back here as `?sso=<one-time code>` (exchanged at once
 * for a session, the two-factor step included) or `?sso_error=<code>` (a translated toast).
 */
export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.login.title"));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const login = useLogin();
  const resend = useResendVerification();
  const sso = useSsoStatus();
  const ssoExchange = useSsoExchange();

  const [values, setValues] = useState<Credentials>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof Credentials, string>>>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  /** The address to offer a new verification link for, after auth/email_verification. */
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  /** Set when the server answered auth/2fa_required: the credentials wait for the code. */
  const [pending2fa, setPending2fa] = useState<Credentials | null>(null);
  /** Set when the exchange of a single sign-on code answered auth/2fa_required: the code waits for the authenticator's. */
  const [pendingSso, setPendingSso] = useState<string | null>(null);
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);

  const loggedIn = (answer: TokenAnswer) => {
    startSession(queryClient, answer.access_token, answer.user);
    notifySuccess(t("auth.login.success"));
    void navigate(afterLoginTarget(params.get("redirect")), { replace: true });
  };

  /** A refused login or exchange; `askForCode` keeps what waits for the authenticator's code. */
  const refused = (error: unknown, askForCode: () => void, username?: string) => {
    const errorCode = errorCodeOf(error);
    const parsed = parseApiError(error, t);
    if (errorCode === "auth/2fa_required") {
      askForCode();
      setCode("");
      setCodeError(null);
      notifyMessage(parsed.message, parsed.type);
      return;
    }
    // A failed login or verification clears token and user (spec section 4).
    endSession(queryClient);
    if (error instanceof InvalidLoginResponseError) {
      notifyMessage(t("errors.invalidLoginResponse"), "error");
      return;
    }
    if (isRefusedTwoFactorCode(errorCode)) {
      setCodeError(parsed.message);
      setCode("");
    }
    if (errorCode === "auth/email_verification" && username?.includes("@")) setUnverifiedEmail(username.trim());
    notifyMessage(parsed.message, parsed.type);
  };

  const submit = (input: LoginInput) => {
    setUnverifiedEmail(null);
    login.mutate(input, {
      onSuccess: loggedIn,
      onError: (error) => refused(error, () => setPending2fa({ username: input.username, password: input.password }), input.username),
    });
  };

  const submitSso = (input: SsoExchangeInput) => {
    ssoExchange.mutate(input, {
      onSuccess: loggedIn,
      onError: (error) => refused(error, () => setPendingSso(input.code)),
    });
  };

  // ?sso= and ?sso_error= are read once, then leave the address bar (the code is single use).
  const ssoAnswerRead = useRef(false);
  useEffect(() => {
    if (ssoAnswerRead.current) return;
    const ssoCode = params.get("sso");
    const ssoError = params.get("sso_error");
    if (!ssoCode && !ssoError) return;
    ssoAnswerRead.current = true;
    const rest = new URLSearchParams(params);
    rest.delete("sso");
    rest.delete("sso_error");
    setParams(rest, { replace: true });
    if (ssoError) {
      const parsed = parseErrorBody({ detail: [{ loc: [ssoError] }] }, t);
      notifyMessage(parsed.message, parsed.type);
      return;
    }
    if (ssoCode) submitSso({ code: ssoCode });
    // Once, on arrival: the answer in the address is the provider's, not the reader's later edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = (field: keyof Credentials) => (event: ChangeEvent<HTMLInputElement>) => {
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

  if (pending2fa || pendingSso) {
    const verify = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const compact = code.replace(/\s/g, "");
      if (useRecoveryCode ? compact === "" : compact.length !== OTP_LENGTH) {
        setCodeError(useRecoveryCode ? t("auth.login.twoFactor.recoveryCodeRequired") : t("auth.login.twoFactor.codeRequired"));
        return;
      }
      if (pendingSso) submitSso({ code: pendingSso, otp: compact });
      else if (pending2fa) submit({ ...pending2fa, otp: compact });
    };
    return (
      <form noValidate onSubmit={verify} data-testid="two-factor-step">
        <Group gap="sm" mb="xs">
          <IconShieldLock size={28} color="var(--mantine-primary-color-filled)" aria-hidden />
        </Group>
        <AuthHeading
          title={t("auth.login.twoFactor.title")}
          subtitle={useRecoveryCode ? t("auth.login.twoFactor.recoveryDescription") : t("auth.login.twoFactor.description")}
        />
        <Stack gap="md">
          {useRecoveryCode ? (
            <TextInput
              label={t("auth.login.twoFactor.recoveryCode")}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setCodeError(null);
              }}
              autoComplete="one-time-code"
              autoFocus
              dir="ltr"
              error={codeError}
            />
          ) : (
            <Stack gap={6}>
              <Text component="label" htmlFor="otp-code" id="otp-code-label" size="sm" fw={500}>
                {t("auth.login.twoFactor.code")}
              </Text>
              <Group justify="center" dir="ltr">
                <Suspense fallback={<Loader size="sm" aria-label={t("app.loading")} />}>
                  <OtpCodeInput
                    length={OTP_LENGTH}
                    value={code}
                    invalid={Boolean(codeError)}
                    onChange={(value) => {
                      setCode(value);
                      setCodeError(null);
                    }}
                  />
                </Suspense>
              </Group>
              {codeError && (
                <Text size="sm" c="red" role="alert">
                  {codeError}
                </Text>
              )}
            </Stack>
          )}
          <Button type="submit" fullWidth size="md" loading={login.isPending || ssoExchange.isPending}>
            {t("auth.login.twoFactor.submit")}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => {
              setUseRecoveryCode((value) => !value);
              setCode("");
              setCodeError(null);
            }}
          >
            {useRecoveryCode ? t("auth.login.twoFactor.useAuthenticator") : t("auth.login.twoFactor.useRecoveryCode")}
          </Anchor>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} className="mirror-rtl" aria-hidden />}
            onClick={() => {
              setPending2fa(null);
              setPendingSso(null);
              setUseRecoveryCode(false);
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
        {unverifiedEmail && (
          <Alert color="yellow" icon={<IconMailForward aria-hidden />} data-testid="resend-verification">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("errors.codes.auth/email_verification")}</Text>
              {resend.isSuccess ? (
                <Text size="sm" role="status">
                  {t("auth.verify.resent")}
                </Text>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  color="yellow"
                  loading={resend.isPending}
                  onClick={() => resend.mutate({ email: unverifiedEmail }, { onError: (error) => { notifyError(error); } })}
                >
                  {t("auth.verify.resend")}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Button type="submit" fullWidth size="md" loading={login.isPending || ssoExchange.isPending}>
          {t("auth.login.submit")}
        </Button>
        {sso.data?.enabled && (
          <>
            <Divider label={t("auth.login.or")} labelPosition="center" />
            <Button
              component="a"
              href={ssoStartUrl(params.get("redirect"))}
              variant="default"
              fullWidth
              size="md"
              leftSection={<IconKey size={18} aria-hidden />}
              data-testid="sso-button"
            >
              {t("auth.login.sso", { name: sso.data.displayName })}
            </Button>
          </>
        )}
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
