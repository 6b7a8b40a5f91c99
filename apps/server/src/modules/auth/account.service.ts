import { eq, sql } from "drizzle-orm";
import {
  PASSWORD_CHANGE_MIN_UNIQUE_CHARACTERS,
  countUniqueCharacters,
  messageOf,
  meetsPasswordRequirements,
  type changePasswordBodySchema,
} from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { users, type UserRow } from "../../db/schema/index.js";
import { AppError, FieldError } from "../../lib/app-error.js";
import { hashPassword, verifyPassword } from "../../lib/passwords.js";
import type { RequestContext } from "../../lib/request-context.js";
import { consumeUserToken, issueUserToken } from "./user-tokens.js";
import { recordAudit } from "../../db/audit.js";
import { queueMail, type Mailing } from "../jobs/index.js";
import { revokeAllSessions } from "../users/index.js";
import { passwordChangedMail, passwordResetMail, verificationMail } from "./auth.mails.js";

/** Issues a new verification link and queues its mail in the caller's transaction. */
export async function queueVerificationLink(tx: Executor, user: UserRow, publicUrl: string): Promise<void> {
  const token = await issueUserToken(tx, user.id, "email_verification");
  await queueMail(tx, verificationMail(user, `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`));
}

export async function verifyEmail(db: Database, token: string, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, token, "email_verification");
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await recordAudit(tx, { ...context, actorId: userId }, { action: "auth.email_verified", targetType: "user", targetId: userId });
  });
}

/** Answers the same whether or not the address has an account, so it tells nobody which exist. */
export async function resendVerification(db: Database, email: string, context: RequestContext, mailing: Mailing) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user || user.emailVerifiedAt || user.status === "disabled") return;
    await queueVerificationLink(tx, user, mailing.publicUrl);
    await recordAudit(tx, { ...context, actorId: user.id }, { action: "auth.verification_resent", targetType: "user", targetId: user.id });
  });
  mailing.wake();
}

export async function requestPasswordReset(db: Database, email: string, context: RequestContext, mailing: Mailing) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user || user.status === "disabled") return;
    const token = await issueUserToken(tx, user.id, "password_reset");
    await recordAudit(tx, { ...context, actorId: user.id }, { action: "auth.password_reset_requested", targetType: "user", targetId: user.id });
    await queueMail(tx, passwordResetMail(user, `${mailing.publicUrl}/auth/recover-password-email?token=${encodeURIComponent(token)}`));
  });
  // The mail goes out from the job runner, never in this request: an SMTP round trip would tell an
  // existing account from a missing one.
  mailing.wake();
}

export async function resetPassword(db: Database, token: string, password: string, context: RequestContext): Promise<void> {
  if (!meetsPasswordRequirements(password)) throw new AppError("auth/password_requirements");
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, token, "password_reset");
    await tx.update(users).set({ passwordHash, failedLoginCount: 0, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    await recordAudit(tx, { ...context, actorId: userId }, { action: "auth.password_reset", targetType: "user", targetId: userId });
  });
}

type ChangePasswordInput = z.output<typeof changePasswordBodySchema>;

export async function changePassword(
  db: Database,
  user: UserRow,
  input: ChangePasswordInput,
  context: RequestContext,
  mailing: Mailing,
): Promise<void> {
  // An account made by single sign-on has no password: it sets one through password recovery.
  if (user.passwordHash === null || !(await verifyPassword(user.passwordHash, input.oldPassword))) throw new AppError("auth/old_password_incorrect");
  if (input.newPassword === input.oldPassword) throw new FieldError("body", "newPassword", messageOf("accounts.validation.mustDiffer"));
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword) {
    throw new FieldError("body", "confirmPassword", messageOf("accounts.validation.confirmMismatch"));
  }
  if (countUniqueCharacters(input.newPassword) < PASSWORD_CHANGE_MIN_UNIQUE_CHARACTERS) {
    throw new FieldError("body", "newPassword", messageOf("accounts.validation.uniqueCharacters"));
  }
  if (!meetsPasswordRequirements(input.newPassword)) throw new AppError("auth/password_requirements");

  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id);
    await recordAudit(tx, context, { action: "auth.password_changed", targetType: "user", targetId: user.id });
    await queueMail(tx, passwordChangedMail(user));
  });
  mailing.wake();
}
