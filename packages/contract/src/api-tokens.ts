import { z } from "zod";
import { requiredText, timestamp } from "./common.js";
import { messageOf } from "./messages.js";

/**
 * API tokens: a person's long-lived credential for their own systems (billing, CRM, build pipelines),
 * limited to scopes. `Authorization: Bearer pt_…` authenticates as the owner within those scopes.
 */
export const apiTokenScopes = [
  "read",
  "licenses:write",
  "tickets:write",
  "users:write",
  "catalogue:write",
  "updates:write",
  "webhooks:write",
  "audit:read",
] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** Scopes only an administrator may give a token; a customer asking for one gets 422 `token/invalid_scope`. */
export const adminOnlyApiTokenScopes = ["users:write", "catalogue:write", "updates:write", "webhooks:write", "audit:read"] as const satisfies readonly ApiTokenScope[];

export const isAdminOnlyScope = (scope: ApiTokenScope): boolean => (adminOnlyApiTokenScopes as readonly string[]).includes(scope);

/**
 * What a route needs from a token: a scope, or "none" for what a token may never do (token management,
 * password, e-mail, 2FA, ending sessions). Every non-public route declares one next to its access rule.
 */
export type RouteTokenScope = ApiTokenScope | "none";

/** `pt_` + 43 base64url characters (32 random bytes). */
export const API_TOKEN_PREFIX = "pt_";
export const API_TOKEN_PATTERN = /^pt_[A-Za-z0-9_-]{43}$/;
/** How much of the secret the list shows to tell tokens apart. */
export const API_TOKEN_SHOWN_PREFIX_LENGTH = 12;
/** Live (not revoked, not expired) tokens one user may hold. */
export const API_TOKEN_LIMIT = 50;

export const apiTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The secret's first 12 characters ("pt_" and 9 more). */
    prefix: z.string(),
    scopes: z.array(z.enum(apiTokenScopes)),
    createdAt: timestamp,
    expiresAt: timestamp.nullable(),
    lastUsedAt: timestamp.nullable(),
    lastUsedIp: z.string().nullable(),
    revokedAt: timestamp.nullable(),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenCreatedSchema = z
  .object({
    token: apiTokenSchema,
    /** Shown this once; only its SHA-256 is kept. */
    secret: z.string(),
  })
  .meta({ id: "ApiTokenCreated" });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const apiTokenBodySchema = z
  .strictObject({
    name: requiredText("Name", 100),
    scopes: z
      .array(z.string({ error: messageOf("apiTokens.validation.scope") }).max(50, { error: messageOf("apiTokens.validation.scope") }), {
        error: messageOf("validation.list", { items: "Scopes" }),
      })
      .min(1, { error: messageOf("apiTokens.validation.scopesRequired") })
      .max(apiTokenScopes.length, { error: messageOf("validation.atMostItems", { max: apiTokenScopes.length, items: "scopes" }) }),
    expiresAt: timestamp.optional(),
  })
  .meta({ id: "ApiTokenBody" });
export type ApiTokenBody = z.input<typeof apiTokenBodySchema>;

export const apiTokenListQuerySchema = z.strictObject({
  /** Admin only: another user's tokens. */
  userId: z.uuid({ error: messageOf("validation.notValidId") }).optional(),
});
export type ApiTokenListQuery = z.input<typeof apiTokenListQuerySchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) }).meta({ id: "ApiTokenList" });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;
