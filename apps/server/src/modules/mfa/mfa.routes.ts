import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mfaCurrentCodeSchema, mfaProvisioningSchema, mfaStatusSchema, mfaVerifyAnswerSchema, mfaVerifyBodySchema, successEnvelope } from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { refusals } from "../../plugins/openapi.js";
import { perAccountLimit } from "../../plugins/rate-limit.js";
import { authenticatorStatus, currentCode, provisionAuthenticator, verifyCode } from "./mfa.service.js";

/** admin/mfa-authenticator: the system authenticator of spec section 2 (API: MFA authenticator). */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: "admin" as const };

  app.get(
    "/mfa/status",
    {
      config: { ...admin, scope: "read" },
      schema: {
        tags: ["mfa"],
        operationId: "getMfaStatus",
        summary: "Whether the system authenticator is set up, and since when (admin; read-only)",
        description: "Asked before the current code: before the first provisioning the code answers 404 `mfa/not_configured`.",
        response: { 200: successEnvelope(mfaStatusSchema) },
      },
    },
    async () => ({ status: "success" as const, data: await authenticatorStatus(app.db) }),
  );

  app.get(
    "/mfa/current-code",
    {
      config: { ...admin, scope: "none" },
      schema: {
        tags: ["mfa"],
        operationId: "getCurrentMfaCode",
        summary: "The system authenticator's current code and the seconds it has left (admin; audited)",
        response: { 200: successEnvelope(mfaCurrentCodeSchema), ...refusals("mfa/not_configured", "common/unavailable") },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "success" as const, data: await currentCode(app.db, app.totpSecrets, requestContext(request)) };
    },
  );

  app.post(
    "/mfa/verify",
    {
      // Guessing codes is what an attacker would repeat: counted per administrator, like the login's limit per IP.
      config: {
        ...admin,
        rateLimit: perAccountLimit("mfa-verify", app.config.AUTH_RATE_LIMIT_PER_MINUTE),
        scope: "none",
      },
      schema: {
        tags: ["mfa"],
        operationId: "verifyMfaCode",
        summary: "Check a code against the system authenticator (the current step ±1; admin; audited)",
        body: mfaVerifyBodySchema,
        response: { 200: successEnvelope(mfaVerifyAnswerSchema), ...refusals("mfa/invalid_code", "mfa/not_configured", "common/unavailable") },
      },
    },
    async (request) => {
      await verifyCode(app.db, app.totpSecrets, request.body.code, requestContext(request));
      return { status: "success" as const, data: { valid: true as const } };
    },
  );

  app.post(
    "/mfa/provisioning",
    {
      config: { ...admin, scope: "none" },
      schema: {
        tags: ["mfa"],
        operationId: "provisionMfaAuthenticator",
        summary: "Make or replace the system secret; answers its otpauth URL and QR code once (admin; audited)",
        response: { 200: successEnvelope(mfaProvisioningSchema) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "success" as const, data: await provisionAuthenticator(app.db, app.totpSecrets, requestContext(request)) };
    },
  );
};
