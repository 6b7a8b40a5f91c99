import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as oidc from "openid-client";
import { z } from "zod";
import {
  ssoCallbackQuerySchema,
  ssoExchangeBodySchema,
  ssoIdentitySchema,
  ssoStartQuerySchema,
  ssoStatusSchema,
  successEnvelope,
  tokenAnswerSchema,
  type ErrorCode,
} from "@portal/contract";
import { AppError } from "../../lib/app-error.js";
import { requestContext } from "../../lib/request-context.js";
import { newOpaqueToken } from "../../lib/tokens.js";
import { currentUser } from "../../plugins/auth.js";
import { refusals } from "../../plugins/openapi.js";
import { describeError } from "./oidc-client.js";
import {
  completeSsoLogin,
  exchangeSsoCode,
  identitiesOf,
  LOGIN_FLOW_SECONDS,
  sameSitePath,
  saveLoginFlow,
  SsoRefusal,
  takeLoginFlow,
  type ProviderClaims,
} from "./oidc.service.js";

/** The browser's half of a login at the provider; the state, nonce and PKCE verifier stay in the database. */
const FLOW_COOKIE = "portal_oidc";
const COOKIE_PATH = "/api/v1/auth/oidc";

const redirectAnswer = z.null().describe("Redirect: the `location` header says where");

/**
 * The cookie's value as sent: ours is base64url and set unencoded, so it is never decoded here (a
 * forged value that is not valid percent-encoding would make `decodeURIComponent` throw: a 500).
 */
function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function groupsClaim(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const client = app.oidc;
  const settings = client.settings;
  const secureCookie = app.config.publicUrl.startsWith("https:");
  const publicLimited = {
    access: "public" as const,
    rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
  };

  const flowCookie = (value: string, maxAge: number) =>
    `${FLOW_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureCookie ? "; Secure" : ""}`;

  /** Back to the login page: with the one-time code, or with the refusal's code. */
  const toLoginPage = (reply: FastifyReply, outcome: { code: string; redirect?: string | undefined } | { error: ErrorCode }) => {
    const query = new URLSearchParams("error" in outcome ? { sso_error: outcome.error } : { sso: outcome.code });
    if (!("error" in outcome) && outcome.redirect) query.set("redirect", outcome.redirect);
    reply.header("set-cookie", flowCookie("", 0));
    reply.header("cache-control", "no-store");
    return reply.redirect(`/auth/login?${query.toString()}`, 302);
  };

  app.get(
    "/auth/oidc",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        operationId: "getSsoStatus",
        summary: "Whether single sign-on is offered, and the button's text (no login)",
        response: { 200: successEnvelope(ssoStatusSchema) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const enabled = (await client.ready()) !== undefined;
      return { status: "success" as const, data: { enabled, displayName: settings?.displayName ?? "" } };
    },
  );

  app.get(
    "/auth/oidc/start",
    {
      config: publicLimited,
      schema: {
        tags: ["auth"],
        operationId: "startSso",
        summary: "Start single sign-on: 302 to the OpenID provider (authorization code flow with PKCE, state and nonce)",
        querystring: ssoStartQuerySchema,
        response: { 302: redirectAnswer, ...refusals("auth/sso_not_configured") },
      },
    },
    async (request, reply) => {
      const configuration = await client.ready();
      if (!settings || !configuration) throw new AppError("auth/sso_not_configured");
      const secret = newOpaqueToken();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
      await saveLoginFlow(app.db, { secret, state, nonce, codeVerifier, redirect: sameSitePath(request.query.redirect) });
      const target = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: settings.redirectUri,
        scope: "openid email profile",
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      });
      reply.header("set-cookie", flowCookie(secret, LOGIN_FLOW_SECONDS));
      reply.header("cache-control", "no-store");
      return reply.redirect(target.href, 302);
    },
  );

  app.get(
    "/auth/oidc/callback",
    {
      config: publicLimited,
      schema: {
        tags: ["auth"],
        operationId: "finishSso",
        summary: "Where the OpenID provider sends the browser back: 302 to /auth/login?sso=<one-time code, 60 s> or ?sso_error=<code>",
        querystring: ssoCallbackQuerySchema,
        response: { 302: redirectAnswer },
      },
    },
    async (request, reply) => {
      const configuration = await client.ready();
      if (!settings || !configuration) return toLoginPage(reply, { error: "auth/sso_not_configured" });
      const secret = cookieOf(request, FLOW_COOKIE);
      const flow = secret ? await takeLoginFlow(app.db, secret) : undefined;
      if (!flow) {
        request.log.warn("single sign-on: a callback without a login started in this browser (no cookie, or it expired or was used)");
        return toLoginPage(reply, { error: "auth/sso_failed" });
      }

      let claims: ProviderClaims;
      try {
        const currentUrl = new URL(settings.redirectUri);
        const query = request.url.indexOf("?");
        currentUrl.search = query >= 0 ? request.url.slice(query) : "";
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error("no ID token");
        let merged: Record<string, unknown> = { ...idToken };
        if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
          const userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
          merged = { ...userinfo, ...Object.fromEntries(Object.entries(idToken).filter(([, value]) => value !== undefined)) };
          // What the userinfo says about e-mail and groups completes the ID token, never contradicts it.
          for (const key of ["email", "email_verified", "groups", "given_name", "family_name", "name"]) {
            if (idToken[key] === undefined && userinfo[key] !== undefined) merged[key] = userinfo[key];
          }
        }
        claims = {
          subject: idToken.sub,
          email: stringClaim(merged.email),
          emailVerified: merged.email_verified === true || merged.email_verified === "true",
          groups: groupsClaim(merged.groups),
          givenName: stringClaim(merged.given_name),
          familyName: stringClaim(merged.family_name),
          name: stringClaim(merged.name),
        };
      } catch (error) {
        const rejected =
          (error instanceof oidc.ResponseBodyError && error.error === "invalid_client") ||
          (error instanceof oidc.WWWAuthenticateChallengeError && error.response.status === 401);
        if (rejected) client.clientRejected(describeError(error));
        else request.log.warn({ reason: describeError(error) }, "single sign-on refused: the provider's answer did not check out");
        return toLoginPage(reply, { error: "auth/sso_failed" });
      }

      try {
        const code = await completeSsoLogin(app.db, settings, claims, requestContext(request), app.mailing);
        return toLoginPage(reply, { code, redirect: flow.redirect });
      } catch (error) {
        if (error instanceof SsoRefusal) return toLoginPage(reply, { error: error.code });
        request.log.error({ err: error }, "single sign-on: the login could not be completed");
        return toLoginPage(reply, { error: "auth/sso_failed" });
      }
    },
  );

  app.post(
    "/auth/oidc/exchange",
    {
      config: publicLimited,
      schema: {
        tags: ["auth"],
        operationId: "exchangeSsoCode",
        summary: "The one-time code of the callback for a session: the same answer as POST /auth/token",
        body: ssoExchangeBodySchema,
        response: {
          200: successEnvelope(tokenAnswerSchema),
          ...refusals("auth/sso_failed", "auth/sso_not_configured", "auth/2fa_required", "auth/2fa_invalid", "auth/2fa_code_reused", "auth/registration_status", "auth/account_disabled", "auth/email_verification", "auth/account_locked"),
        },
      },
    },
    async (request, reply) => {
      if (!settings) throw new AppError("auth/sso_not_configured");
      const answer = await exchangeSsoCode(app.db, request.body, requestContext(request), app.config.TOKEN_TTL_MINUTES, app.totpSecrets);
      reply.header("cache-control", "no-store");
      return { status: "success" as const, data: answer };
    },
  );

  app.get(
    "/auth/oidc/identities",
    {
      config: { scope: "read" },
      schema: {
        tags: ["auth"],
        operationId: "listMySsoIdentities",
        summary: "The OpenID provider identities linked to the current account",
        response: { 200: successEnvelope(z.array(ssoIdentitySchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await identitiesOf(app.db, currentUser(request.user).id) }),
  );
};
