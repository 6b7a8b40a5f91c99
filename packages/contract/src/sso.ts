import { z } from "zod";
import { timestamp } from "./common.js";

/** GET /api/v1/auth/oidc: whether the login page offers "Sign in with {displayName}". */
export const ssoStatusSchema = z
  .object({ enabled: z.boolean(), displayName: z.string() })
  .meta({ id: "SsoStatus" });
export type SsoStatus = z.infer<typeof ssoStatusSchema>;

/** GET /api/v1/auth/oidc/start: where to land after the login (a path on this site; anything else is ignored). */
export const ssoStartQuerySchema = z.object({ redirect: z.string().max(2000).optional() });

/** GET /api/v1/auth/oidc/callback: what the provider sends back (checked by the OpenID client, not here). */
export const ssoCallbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});

/**
 * POST /api/v1/auth/oidc/exchange: the one-time code of the callback (60 s, single use), and the
 * authenticator code when the account has two-factor authentication (answered auth/2fa_required first).
 */
export const ssoExchangeBodySchema = z
  .strictObject({
    code: z.string().trim().min(1).max(200),
    otp: z.string().trim().max(32).optional(),
  })
  .meta({ id: "SsoExchangeBody" });
export type SsoExchangeBody = z.input<typeof ssoExchangeBodySchema>;

/** One provider identity linked to the signed-in account (GET /api/v1/auth/oidc/identities). */
export const ssoIdentitySchema = z
  .object({
    issuer: z.string(),
    subject: z.string(),
    email: z.string().nullable(),
    d_created: timestamp,
    lastLoginAt: timestamp.nullable(),
  })
  .meta({ id: "SsoIdentity" });
export type SsoIdentity = z.infer<typeof ssoIdentitySchema>;
