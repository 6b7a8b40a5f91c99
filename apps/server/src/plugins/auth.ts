import { and, eq, isNull, lt, sql } from "drizzle-orm";
import fp from "fastify-plugin";
import type { FastifyRequest, RouteOptions } from "fastify";
import { API_TOKEN_PATTERN, apiTokenScopes, isAdminOnlyScope, type ApiTokenScope, type RouteTokenScope } from "@portal/contract";
import type { Database } from "../db/client.js";
import { preparedStatement } from "../db/prepared.js";
import { apiTokens, sessions, users, type UserRow } from "../db/schema/index.js";
import { AppError } from "../lib/app-error.js";
import { hashToken } from "../lib/tokens.js";

// Touching last_seen_at on every call would turn each read into a write; once a minute is enough.
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Every signed-in request's first statement: the session its token names, with its user. */
const sessionByToken = (db: Database) =>
  preparedStatement(db, "auth_session", {}, (_shape, name) =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
      .limit(1)
      .prepare(name),
  );

/** The same for an API token (`pt_…`): the token with its owner, in one statement. */
const apiTokenByHash = (db: Database) =>
  preparedStatement(db, "auth_api_token", {}, (_shape, name) =>
    db
      .select({
        token: { id: apiTokens.id, scopes: apiTokens.scopes, expiresAt: apiTokens.expiresAt, revokedAt: apiTokens.revokedAt },
        user: users,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, sql.placeholder("tokenHash")))
      .limit(1)
      .prepare(name),
  );

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Who a bearer token speaks for, or why it does not. */
type Authentication =
  | { refusal: AppError }
  | { refusal?: undefined; user: UserRow; sessionId: string | null; apiToken: { id: string; scopes: readonly ApiTokenScope[] } | null; staleSession: boolean };

/** The refusal an account's state gives any of its credentials, checked after the credential itself. */
function accountRefusal(user: UserRow): AppError | undefined {
  if (user.status === "locked") return new AppError("auth/account_locked");
  if (user.status !== "active") return new AppError("auth/not_authenticated");
  return undefined;
}

const knownScopes: readonly string[] = [...apiTokenScopes, "none"];

/**
 * Every route under /api/v1 that is not public says what a token needs to call it, next to its access
 * rule; one without (or with an admin-only scope on a route customers may call) stops the server from
 * starting, so a new route cannot ship reachable by every token.
 */
function checkDeclaredScope(route: RouteOptions): void {
  const access = route.config?.access ?? "user";
  const scope = route.config?.scope;
  const label = `${String(route.method)} ${route.url}`;
  if (access === "public") {
    if (scope !== undefined) throw new Error(`${label}: a public route needs no token scope`);
    return;
  }
  if (scope === undefined) throw new Error(`${label}: declare the API token scope (config.scope) next to its access rule`);
  if (!knownScopes.includes(scope)) throw new Error(`${label}: unknown API token scope "${scope}"`);
  if (scope !== "none" && isAdminOnlyScope(scope) && access !== "admin") throw new Error(`${label}: the admin-only scope "${scope}" on a route that is not admin-only`);
}

/** The OpenAPI security of a route: a session, or a token holding its scope (none for "none"). */
function securityOf(access: string, scope: RouteTokenScope | undefined): Record<string, string[]>[] {
  if (access === "public") return [];
  const byToken = scope && scope !== "none" ? [{ apiToken: [scope] }] : [];
  if (access === "license") return [{ licenseToken: [] }, { bearer: [] }, ...byToken];
  return [{ bearer: [] }, ...byToken];
}

/**
 * Default-deny: every route is for logged-in users unless its config says `access: "public"`;
 * `access: "admin"` also needs isAdmin. `access: "license"` takes a bearer token when one is sent, and
 * leaves a call with an X-License-Token header (or with neither) to the route, which checks the
 * licence token itself. A bearer token is a session or an API token (`pt_…`); an API token also needs
 * the route's `scope`. Runs on onRequest, before the body is even read.
 */
export const authPlugin = fp(
  async (app) => {
    app.addHook("onRoute", (route) => {
      checkDeclaredScope(route);
      if (!route.schema) return;
      const access = route.config?.access ?? "user";
      const scope = route.config?.scope;
      // A route that names its own security (the licence token alone) keeps it; `x-token-scope` still says
      // what an API token needs there ("none": never through a token).
      route.schema = {
        security: securityOf(access, scope),
        ...route.schema,
        ...(access === "public" ? {} : { "x-token-scope": scope }),
      };
    });
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);
    app.decorateRequest("apiTokenId", null);
    app.decorateRequest("apiTokenScopes", null);

    async function authenticate(token: string, now: number): Promise<Authentication> {
      if (API_TOKEN_PATTERN.test(token)) {
        const [found] = await apiTokenByHash(app.db).execute({ tokenHash: hashToken(token) });
        if (!found || found.token.revokedAt) return { refusal: new AppError("auth/not_authenticated") };
        if (found.token.expiresAt && found.token.expiresAt.getTime() <= now) return { refusal: new AppError("auth/token_expired") };
        const refusal = accountRefusal(found.user);
        if (refusal) return { refusal };
        return { user: found.user, sessionId: null, apiToken: { id: found.token.id, scopes: found.token.scopes as ApiTokenScope[] }, staleSession: false };
      }
      const [found] = await sessionByToken(app.db).execute({ tokenHash: hashToken(token) });
      if (!found || found.session.revokedAt) return { refusal: new AppError("auth/not_authenticated") };
      if (found.session.expiresAt.getTime() <= now) return { refusal: new AppError("auth/token_expired") };
      const refusal = accountRefusal(found.user);
      if (refusal) return { refusal };
      return { user: found.user, sessionId: found.session.id, apiToken: null, staleSession: now - found.session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS };
    }

    app.addHook("onRequest", async (request) => {
      // No matched route: let the not-found handler answer 404.
      if (!request.routeOptions.url) return;
      const { access = "user", scope } = request.routeOptions.config;
      const token = bearerToken(request);
      // A licence token speaks for the call by itself: a stale session beside it does not matter.
      const optional = access === "public" || (access === "license" && (!token || request.headers["x-license-token"] !== undefined));
      if (!token) {
        if (optional) return;
        throw new AppError("auth/not_authenticated");
      }

      const now = Date.now();
      const found = await authenticate(token, now);
      if (found.refusal) {
        // A public route still answers an anonymous caller whose stale token the client forgot to drop.
        if (optional) return;
        throw found.refusal;
      }

      if (found.apiToken) {
        // Public routes need nothing of a token; everything else needs the route's scope, which "none" never is.
        const allowed = scope === undefined || (scope !== "none" && found.apiToken.scopes.includes(scope));
        if (!allowed) {
          // The licence token beside it speaks for the call: the API token adds nothing.
          if (optional) return;
          throw new AppError("token/insufficient_scope");
        }
        app.apiTokenUsage.record(found.apiToken.id, request.ip ?? null, new Date(now));
        request.apiTokenId = found.apiToken.id;
        request.apiTokenScopes = found.apiToken.scopes;
      }

      request.user = found.user;
      request.sessionId = found.sessionId;
      // Checked on every call against the owner as they are now: a demoted admin's tokens lose admin routes at once.
      if (access === "admin" && !found.user.isAdmin) throw new AppError("auth/forbidden");

      if (found.staleSession && found.sessionId) {
        await app.db
          .update(sessions)
          .set({ lastSeenAt: sql`now()` })
          .where(and(eq(sessions.id, found.sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`), isNull(sessions.revokedAt)));
      }
    });
  },
  { name: "auth" },
);

/** The auth plugin guarantees a user on non-public routes; this narrows the type for the handler. */
export function currentUser<T>(user: T | null): T {
  if (!user) throw new AppError("auth/not_authenticated");
  return user;
}
