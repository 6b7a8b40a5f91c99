import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { sessions } from "../../db/schema/index.js";
import type { RequestContext } from "../../lib/request-context.js";
import { hashToken } from "../../lib/tokens.js";

/**
 * Where sessions begin and end. Only the token's SHA-256 is stored; plugins/auth.ts finds the session
 * of each call by it, and refuses it once `revoked_at` is set.
 */

/** Stores a new session for `token` (login); answers its id. */
export async function startSession(tx: Executor, userId: string, token: string, expiresInSeconds: number, context: RequestContext): Promise<string> {
  const [session] = await tx
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
      ip: context.ip,
      userAgent: context.userAgent,
    })
    .returning({ id: sessions.id });
  return session!.id;
}

/** Sets `revoked_at` on the live sessions `which` selects; an ended session keeps the time it ended. */
async function revoke(executor: Executor, which: SQL): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(which, isNull(sessions.revokedAt)));
}

/** Ends one session (logout). */
export async function revokeSession(executor: Executor, sessionId: string): Promise<void> {
  await revoke(executor, eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change or reset, lock, disable). */
export async function revokeAllSessions(executor: Executor, userId: string): Promise<void> {
  await revoke(executor, eq(sessions.userId, userId));
}
