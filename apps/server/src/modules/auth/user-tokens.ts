import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { userTokens } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { hashToken, newOpaqueToken } from "../../lib/tokens.js";

export type UserTokenPurpose = "email_verification" | "password_reset";

export const USER_TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = {
  email_verification: 48 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/** A new mailed-link token; earlier unused ones of the same purpose stop working. */
export async function issueUserToken(executor: Executor, userId: string, purpose: UserTokenPurpose): Promise<string> {
  const token = newOpaqueToken();
  await executor
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  await executor.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + USER_TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** Spends a token: one statement, so two clicks on the same link cannot both succeed. */
export async function consumeUserToken(executor: Executor, token: string, purpose: UserTokenPurpose): Promise<string> {
  const [spent] = await executor
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: userTokens.userId });
  if (!spent) throw new AppError("auth/token_invalid");
  return spent.userId;
}
