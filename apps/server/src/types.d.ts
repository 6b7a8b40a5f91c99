import type { ApiTokenScope, RouteTokenScope } from "@portal/contract";
import type { Config } from "./config.js";
import type { Database, DatabaseHandle, DatabaseKind } from "./db/client.js";
import type { UserRow } from "./db/schema/index.js";
import type { FileStore } from "./lib/file-store.js";
import type { Mailer } from "./lib/mailer.js";
import type { JobRunner, Mailing } from "./modules/jobs/index.js";
import type { SecretBox } from "./lib/secret-box.js";
import type { Signer } from "./lib/signing.js";
import type { ValidationCounter } from "./modules/dashboards/index.js";
import type { TokenUsageRecorder } from "./modules/api-tokens/index.js";
import type { OidcClient } from "./modules/auth/index.js";

/**
 * "license": a licence token from the .req flow (header X-License-Token) or a bearer token; the route
 * itself decides what each may reach (updates' downloads, which installers call unattended).
 */
export type Access = "public" | "user" | "admin" | "license";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseKind;
    preparedQuery: DatabaseHandle["preparedQuery"];
    config: Config;
    mailer: Mailer;
    /** The durable job queue's runner of this process (mail, recurring jobs). */
    jobs: JobRunner;
    /** Handed to services that queue mail: links' base URL and the runner's wake-up. */
    mailing: Mailing;
    signer: Signer;
    /** Seals TOTP secrets at rest (TOTP_ENCRYPTION_KEY or DATA_DIR/totp-encryption.key). */
    totpSecrets: SecretBox;
    /** Uploaded files, content-addressed under DATA_DIR/files (ticket attachments, update packages). */
    files: FileStore;
    /** Validations answered by this process, counted in memory and flushed in batches (dashboards). */
    validationCounter: ValidationCounter;
    /** API tokens' last use, kept in memory and written in batches (api-tokens). */
    apiTokenUsage: TokenUsageRecorder;
    /** Single sign-on's OpenID provider (OIDC_ISSUER), discovered lazily; `settings` undefined when not configured. */
    oidc: OidcClient;
  }
  interface FastifyRequest {
    /** The caller, loaded once per request by the auth plugin; null on public routes without a token. */
    user: UserRow | null;
    sessionId: string | null;
    /** Set when the caller authenticated with an API token (`pt_…`) instead of a session. */
    apiTokenId: string | null;
    /** The API token's scopes; null for a session, which is limited only by the user's role. */
    apiTokenScopes: readonly ApiTokenScope[] | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every route under /api/v1 is "user" unless it says otherwise. */
    access?: Access;
    /** false: no CSP, framing or cross-origin headers (the web build's hashed scripts and styles). */
    securityHeaders?: false;
    /**
     * What an API token needs to call the route: one of its scopes, or "none" (never through a token:
     * token management, password, e-mail, 2FA, ending sessions). Every non-public route declares it;
     * the server refuses to start with one that does not.
     */
    scope?: RouteTokenScope;
  }
}
