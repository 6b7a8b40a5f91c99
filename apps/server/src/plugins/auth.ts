import { and, eq, isNull, lt, sql } from "drizzle-orm";
import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import type { Database } from "../db/client.js";
import { preparedStatement } from "../db/prepared.js";
import { sessions, users } from "../db/schema/index.js";
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

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Default-deny: every route is for logged-in users unless its config says `access: "public"`;
 * `access: "admin"` also needs isAdmin. `access: "license"` takes a bearer token when one is sent, and
 * leaves a call with an X-License-Token header (or with neither) to the route, which checks the
 * licence token itself. Runs on onRequest, before the body is even read.
 */
export const authPlugin = fp(
  async (app) => {
    // The OpenAPI document marks public routes as needing no bearer token.
    app.addHook("onRoute", (route) => {
      if (route.config?.access === "public" && route.schema) route.schema = { ...route.schema, security: [] };
      if (route.config?.access === "license" && route.schema) route.schema = { security: [{ licenseToken: [] }, { bearer: [] }], ...route.schema };
    });
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);

    app.addHook("onRequest", async (request) => {
      // No matched route: let the not-found handler answer 404.
      if (!request.routeOptions.url) return;
      const access = request.routeOptions.config.access ?? "user";
      const token = bearerToken(request);
      // A licence token speaks for the call by itself: a stale session beside it does not matter.
      const optional = access === "public" || (access === "license" && (!token || request.headers["x-license-token"] !== undefined));
      if (!token) {
        if (optional) return;
        throw new AppError("auth/not_authenticated");
      }

      const [found] = await sessionByToken(app.db).execute({ tokenHash: hashToken(token) });

      const now = Date.now();
      let refusal: AppError | undefined;
      if (!found || found.session.revokedAt) refusal = new AppError("auth/not_authenticated");
      else if (found.session.expiresAt.getTime() <= now) refusal = new AppError("auth/token_expired");
      else if (found.user.status === "locked") refusal = new AppError("auth/account_locked");
      else if (found.user.status !== "active") refusal = new AppError("auth/not_authenticated");

      if (refusal) {
        // A public route still answers an anonymous caller whose stale token the client forgot to drop.
        if (optional) return;
        throw refusal;
      }
      if (!found) return;

      request.user = found.user;
      request.sessionId = found.session.id;
      if (access === "admin" && !found.user.isAdmin) throw new AppError("auth/forbidden");

      if (now - found.session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
        await app.db
          .update(sessions)
          .set({ lastSeenAt: sql`now()` })
          .where(and(eq(sessions.id, found.session.id), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`), isNull(sessions.revokedAt)));
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
