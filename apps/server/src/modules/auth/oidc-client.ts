import type { FastifyBaseLogger } from "fastify";
import * as oidc from "openid-client";
import { isLoopbackHost } from "../../lib/outbound-address.js";

/** What single sign-on needs from the configuration (present only when OIDC_ISSUER is set). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  displayName: string;
  adminGroups: readonly string[];
  autoApproveDomains: readonly string[];
  /** Where the provider sends the browser back: PUBLIC_URL + /api/v1/auth/oidc/callback. */
  redirectUri: string;
}

/** Seconds one request to the provider may take (discovery, token, userinfo). */
const PROVIDER_TIMEOUT_SECONDS = 5;
/** After a failed discovery (or a provider refusing our client), the next try waits this long. */
const DEFAULT_RETRY_AFTER_MS = 30_000;
/** What the health answer waits for a discovery under way before it says "unavailable". */
const HEALTH_WAIT_MS = 2_000;

/**
 * The OpenID provider as this server knows it: discovered lazily, again after a failure once
 * `retryAfterMs` has passed. A provider that cannot be reached (or refuses our client) never stops the
 * server: the login page's button is hidden, the health answer says `sso: "unavailable"`, and the
 * log says why.
 */
export class OidcClient {
  private configuration: oidc.Configuration | undefined;
  private discovering: Promise<oidc.Configuration | undefined> | undefined;
  private failedAt: number | undefined;

  constructor(
    readonly settings: OidcSettings | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly retryAfterMs = DEFAULT_RETRY_AFTER_MS,
  ) {}

  get configured(): boolean {
    return this.settings !== undefined;
  }

  /** The discovered provider, or undefined (not configured, or not reachable now). */
  async ready(): Promise<oidc.Configuration | undefined> {
    if (!this.settings) return undefined;
    if (this.configuration) return this.configuration;
    if (this.discovering) return this.discovering;
    if (this.failedAt !== undefined && Date.now() - this.failedAt < this.retryAfterMs) return undefined;
    const settings = this.settings;
    this.discovering = this.discover(settings).finally(() => {
      this.discovering = undefined;
    });
    return this.discovering;
  }

  /** For the health answer: undefined when single sign-on is not configured. */
  async health(): Promise<"ok" | "unavailable" | undefined> {
    if (!this.settings) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), HEALTH_WAIT_MS);
    });
    try {
      return (await Promise.race([this.ready(), waited])) ? "ok" : "unavailable";
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The provider refused our client at its token endpoint (a wrong OIDC_CLIENT_SECRET or client id):
   * single sign-on is off until the next discovery, which is tried again after `retryAfterMs`.
   */
  clientRejected(reason: string): void {
    this.log.error({ issuer: this.settings?.issuer, reason }, "single sign-on: the OpenID provider refused this client (check OIDC_CLIENT_ID and OIDC_CLIENT_SECRET); the button is hidden until the next try");
    this.configuration = undefined;
    this.failedAt = Date.now();
  }

  private async discover(settings: OidcSettings): Promise<oidc.Configuration | undefined> {
    const issuer = new URL(settings.issuer);
    const insecure = issuer.protocol === "http:" && isLoopbackHost(issuer.hostname);
    try {
      const configuration = await oidc.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret === undefined ? undefined : { client_secret: settings.clientSecret },
        settings.clientSecret === undefined ? oidc.None() : oidc.ClientSecretPost(settings.clientSecret),
        { timeout: PROVIDER_TIMEOUT_SECONDS, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
      );
      this.configuration = configuration;
      this.failedAt = undefined;
      this.log.info({ issuer: settings.issuer }, "single sign-on: OpenID provider discovered");
      return configuration;
    } catch (error) {
      this.failedAt = Date.now();
      this.log.error(
        { issuer: settings.issuer, reason: describeError(error), retryInSeconds: Math.round(this.retryAfterMs / 1000) },
        "single sign-on unavailable: the OpenID provider's discovery failed (is OIDC_ISSUER right and reachable? a private CA needs NODE_EXTRA_CA_CERTS)",
      );
      return undefined;
    }
  }
}

/** One line for the log: the error's own text and, for a network failure, its cause. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  const code = "code" in error && typeof error.code === "string" ? ` (${error.code})` : "";
  return `${error.message}${code}${cause}`;
}
