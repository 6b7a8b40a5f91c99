import { and, count, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import {
  API_TOKEN_LIMIT,
  API_TOKEN_PREFIX,
  API_TOKEN_SHOWN_PREFIX_LENGTH,
  apiTokenScopes,
  isAdminOnlyScope,
  messageOf,
  type ApiToken,
  type ApiTokenBody,
  type ApiTokenCreated,
  type ApiTokenList,
  type ApiTokenScope,
} from "@portal/contract";
import { recordAudit } from "../../db/audit.js";
import type { Database } from "../../db/client.js";
import { apiTokens, users, type UserRow } from "../../db/schema/index.js";
import { AppError, FieldError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import { hashToken, newOpaqueToken } from "../../lib/tokens.js";
import type { Mailing } from "../jobs/index.js";
import { notifyTokenCreated, notifyTokenRevoked } from "./api-tokens.notifications.js";
import { presentApiToken } from "./api-tokens.presenters.js";

/**
 * How many of a user's tokens the list shows, newest first: every live one (at most API_TOKEN_LIMIT)
 * and the latest revoked or expired, so a list never grows with years of rotation.
 */
export const API_TOKEN_LIST_MAX = 200;

type Caller = Pick<UserRow, "id" | "isAdmin">;

/** Each scope must exist and be the caller's to give: admin-only scopes only for administrators. */
function checkedScopes(scopes: readonly string[], caller: Caller): ApiTokenScope[] {
  const known: readonly string[] = apiTokenScopes;
  for (const scope of scopes) {
    if (!known.includes(scope) || (isAdminOnlyScope(scope as ApiTokenScope) && !caller.isAdmin)) throw new AppError("token/invalid_scope", { field: "scopes" });
  }
  // In the contract's order, once each: the answer reads the same however the body listed them.
  return apiTokenScopes.filter((scope) => scopes.includes(scope));
}

const live = (now: Date) => and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)));

export async function createApiToken(db: Database, caller: UserRow, input: ApiTokenBody, context: RequestContext, mailing: Mailing): Promise<ApiTokenCreated> {
  const scopes = checkedScopes(input.scopes, caller);
  const now = new Date();
  const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new FieldError("body", "expiresAt", messageOf("apiTokens.validation.expiresAtPast"));

  const secret = `${API_TOKEN_PREFIX}${newOpaqueToken()}`;
  const created = await db.transaction(async (tx) => {
    // The owner's row lock makes two creations at once count one after the other: never a 51st token.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.id)).for("update");
    const [held] = await tx.select({ total: count() }).from(apiTokens).where(and(eq(apiTokens.userId, caller.id), live(now)));
    if ((held?.total ?? 0) >= API_TOKEN_LIMIT) throw new AppError("token/limit_reached");
    const [row] = await tx
      .insert(apiTokens)
      .values({ userId: caller.id, name: input.name, tokenHash: hashToken(secret), prefix: secret.slice(0, API_TOKEN_SHOWN_PREFIX_LENGTH), scopes, expiresAt })
      .returning();
    await recordAudit(tx, context, { action: "api_token.created", targetType: "api_token", targetId: row!.id, details: { name: row!.name, scopes, expiresAt: expiresAt?.toISOString() ?? null } });
    await notifyTokenCreated(tx, caller, row!, mailing.publicUrl);
    return row!;
  });
  mailing.wake();
  return { token: presentApiToken(created), secret };
}

/**
 * The caller's tokens, newest first; an administrator may name another user. A customer naming anybody
 * but themself gets 404, as for any resource of another customer.
 */
export async function listApiTokens(db: Database, caller: Caller, userId: string | undefined): Promise<ApiTokenList> {
  const ownerId = userId ?? caller.id;
  if (ownerId !== caller.id) {
    if (!caller.isAdmin) throw new AppError("common/not_found");
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).limit(1);
    if (!owner) throw new AppError("common/not_found");
  }
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, ownerId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(API_TOKEN_LIST_MAX);
  return { items: rows.map(presentApiToken) };
}

/** Revokes at once (the next call through it is a 401); revoking a revoked token answers it unchanged. */
export async function revokeApiToken(db: Database, caller: Caller, id: string, context: RequestContext, mailing: Mailing): Promise<ApiToken> {
  const mine = caller.isAdmin ? eq(apiTokens.id, id) : and(eq(apiTokens.id, id), eq(apiTokens.userId, caller.id));
  let revokedNow = false;
  const row = await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(mine, isNull(apiTokens.revokedAt)))
      .returning();
    if (!revoked) {
      const [existing] = await tx.select().from(apiTokens).where(mine).limit(1);
      if (!existing) throw new AppError("token/not_found");
      return existing;
    }
    revokedNow = true;
    await recordAudit(tx, context, { action: "api_token.revoked", targetType: "api_token", targetId: revoked.id, details: { name: revoked.name, userId: revoked.userId } });
    const [owner] = await tx.select({ id: users.id, email: users.email, firstname: users.firstname }).from(users).where(eq(users.id, revoked.userId)).limit(1);
    if (owner) await notifyTokenRevoked(tx, owner, revoked, owner.id === caller.id, mailing.publicUrl);
    return revoked;
  });
  if (revokedNow) mailing.wake();
  return presentApiToken(row);
}
