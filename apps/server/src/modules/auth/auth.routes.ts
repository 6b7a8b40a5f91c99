import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changePasswordBodySchema,
  emailOnlyBodySchema,
  resetPasswordBodySchema,
  twoFactorCodeBodySchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  verifyEmailBodySchema,
  registerBodySchema,
  successEnvelope,
  tokenAnswerSchema,
  tokenBodySchema,
  updateMeBodySchema,
  userSchema,
} from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { presentUser } from "../users/index.js";
import { changePassword, requestPasswordReset, resendVerification, resetPassword, verifyEmail } from "./account.service.js";
import { login, logout, register, updateMe } from "./auth.service.js";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from "./two-factor.service.js";
import { currentUser } from "../../plugins/auth.js";
import { refusals } from "../../plugins/openapi.js";
import { perAccountLimit } from "../../plugins/rate-limit.js";

const done = <T extends z.ZodRawShape>(shape: T) => successEnvelope(z.object(shape));

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per IP: the calls an attacker would repeat (guessing passwords, flooding sign-ups or mail).
  const publicLimited = {
    access: "public" as const,
    rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
  };
  const mailing = () => app.mailing;
  // Per account: a 2FA code or the old password guessed from a signed-in session, counted like login's attempts.
  const accountLimited = (name: string) => ({ rateLimit: perAccountLimit(name, app.config.AUTH_RATE_LIMIT_PER_MINUTE) });

  app.post(
    "/auth/token",
    {
      config: publicLimited,
      schema: {
        tags: ["auth"],
        operationId: "login",
        summary: "Log in (OAuth2 password form: username is the e-mail or userName)",
        consumes: ["application/x-www-form-urlencoded", "application/json"],
        body: tokenBodySchema,
        response: { 200: successEnvelope(tokenAnswerSchema), ...refusals("auth/invalid_credentials", "auth/2fa_required", "auth/2fa_invalid", "auth/2fa_code_reused", "auth/registration_status", "auth/account_disabled", "auth/email_verification", "auth/account_locked") },
      },
    },
    async (request, reply) => {
      const answer = await login(app.db, request.body, requestContext(request), app.config.TOKEN_TTL_MINUTES, app.totpSecrets);
      reply.header("cache-control", "no-store");
      return { status: "success" as const, data: answer };
    },
  );

  app.post(
    "/auth/register",
    {
      config: publicLimited,
      schema: {
        tags: ["auth"],
        operationId: "register",
        summary: "Create an account; it stays pending until an administrator approves it",
        body: registerBodySchema,
        response: { 201: successEnvelope(z.object({ user: userSchema })), ...refusals("auth/email_taken", "auth/username_taken", "auth/password_requirements") },
      },
    },
    async (request, reply) => {
      const user = await register(app.db, request.body, requestContext(request), mailing());
      return reply.status(201).send({ status: "success" as const, data: { user } });
    },
  );

  app.get(
    "/auth/me",
    {
      config: { scope: "read" },
      schema: {
        tags: ["auth"],
        operationId: "getMe",
        summary: "The current user",
        response: { 200: successEnvelope(userSchema) },
      },
    },
    async (request) => ({ status: "success" as const, data: presentUser(currentUser(request.user)) }),
  );

  app.put(
    "/auth/me",
    {
      config: { scope: "none" },
      schema: {
        tags: ["auth"],
        operationId: "updateMe",
        summary: "Change the current user's names",
        body: updateMeBodySchema,
        response: { 200: successEnvelope(userSchema), ...refusals("auth/username_taken") },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await updateMe(app.db, currentUser(request.user), request.body, requestContext(request)),
    }),
  );

  app.post(
    "/auth/logout",
    {
      config: { scope: "none" },
      schema: {
        tags: ["auth"],
        operationId: "logout",
        summary: "Revoke the token this call carries",
        response: { 200: successEnvelope(z.object({ loggedOut: z.literal(true) })) },
      },
    },
    async (request) => {
      if (request.sessionId) await logout(app.db, request.sessionId, requestContext(request));
      return { status: "success" as const, data: { loggedOut: true as const } };
    },
  );

  app.post(
    "/auth/verify-email",
    {
      config: publicLimited,
      schema: {
        tags: ["auth"],
        operationId: "verifyEmail",
        summary: "Mark the e-mail verified with the token of the mailed link (single use)",
        body: verifyEmailBodySchema,
        response: { 200: done({ emailVerified: z.literal(true) }), ...refusals("auth/token_invalid") },
      },
    },
    async (request) => {
      await verifyEmail(app.db, request.body.token, requestContext(request));
      return { status: "success" as const, data: { emailVerified: true as const } };
    },
  );

  app.post(
    "/auth/verify-email/resend",
    {
      config: publicLimited,
      schema: {
        tags: ["auth"],
        operationId: "resendVerificationEmail",
        summary: "Mail a new verification link (same answer whether or not the address has an account)",
        body: emailOnlyBodySchema,
        response: { 200: done({ sent: z.literal(true) }) },
      },
    },
    async (request) => {
      await resendVerification(app.db, request.body.email, requestContext(request), mailing());
      return { status: "success" as const, data: { sent: true as const } };
    },
  );

  app.post(
    "/auth/recover-password",
    {
      config: publicLimited,
      schema: {
        tags: ["auth"],
        operationId: "recoverPassword",
        summary: "Mail a password-reset link (always 200: no account enumeration)",
        body: emailOnlyBodySchema,
        response: { 200: done({ sent: z.literal(true) }) },
      },
    },
    async (request) => {
      await requestPasswordReset(app.db, request.body.email, requestContext(request), mailing());
      return { status: "success" as const, data: { sent: true as const } };
    },
  );

  app.post(
    "/auth/reset-password",
    {
      config: publicLimited,
      schema: {
        tags: ["auth"],
        operationId: "resetPassword",
        summary: "Set a new password with the token of the mailed link; every session is revoked",
        body: resetPasswordBodySchema,
        response: { 200: done({ passwordReset: z.literal(true) }), ...refusals("auth/token_invalid", "auth/password_requirements") },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body.token, request.body.password, requestContext(request));
      return { status: "success" as const, data: { passwordReset: true as const } };
    },
  );

  app.post(
    "/auth/password",
    {
      config: { ...accountLimited("password-change"), scope: "none" },
      schema: {
        tags: ["auth"],
        operationId: "changePassword",
        summary: "Change the password; every session of the user is revoked",
        body: changePasswordBodySchema,
        response: { 200: done({ passwordChanged: z.literal(true) }), ...refusals("auth/old_password_incorrect", "auth/password_requirements") },
      },
    },
    async (request) => {
      await changePassword(app.db, currentUser(request.user), request.body, requestContext(request), app.mailing);
      return { status: "success" as const, data: { passwordChanged: true as const } };
    },
  );

  app.post(
    "/auth/2fa/setup",
    {
      config: { scope: "none" },
      schema: {
        tags: ["auth"],
        operationId: "startTwoFactorSetup",
        summary: "Start TOTP setup: a new secret, its otpauth URL and QR code",
        response: { 200: successEnvelope(twoFactorSetupSchema), ...refusals("auth/2fa_already_enabled") },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return {
        status: "success" as const,
        data: await startTwoFactorSetup(app.db, currentUser(request.user), requestContext(request), app.totpSecrets),
      };
    },
  );

  app.post(
    "/auth/2fa/enable",
    {
      config: { ...accountLimited("2fa-enable"), scope: "none" },
      schema: {
        tags: ["auth"],
        operationId: "enableTwoFactor",
        summary: "Turn 2FA on with a code from the authenticator; answers ten one-time recovery codes, once",
        body: twoFactorCodeBodySchema,
        response: { 200: successEnvelope(twoFactorEnabledSchema), ...refusals({ code: "auth/2fa_invalid", status: 400 }, { code: "auth/2fa_code_reused", status: 400 }, "auth/2fa_already_enabled", "auth/2fa_setup_required") },
      },
    },
    async (request, reply) => {
      const recoveryCodes = await enableTwoFactor(app.db, currentUser(request.user), request.body.code, requestContext(request), app.totpSecrets);
      reply.header("cache-control", "no-store");
      return { status: "success" as const, data: { enabled: true as const, recoveryCodes } };
    },
  );

  app.post(
    "/auth/2fa/disable",
    {
      config: { ...accountLimited("2fa-disable"), scope: "none" },
      schema: {
        tags: ["auth"],
        operationId: "disableTwoFactor",
        summary: "Turn 2FA off with a current code or a recovery code",
        body: twoFactorCodeBodySchema,
        response: { 200: done({ enabled: z.literal(false) }), ...refusals({ code: "auth/2fa_invalid", status: 400 }, { code: "auth/2fa_code_reused", status: 400 }, "auth/2fa_not_enabled") },
      },
    },
    async (request) => {
      await disableTwoFactor(app.db, currentUser(request.user), request.body.code, requestContext(request), app.totpSecrets);
      return { status: "success" as const, data: { enabled: false as const } };
    },
  );
};
