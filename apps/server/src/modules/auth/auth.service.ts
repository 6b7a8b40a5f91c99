import { and, eq, ne, or, sql } from "drizzle-orm";
import {
  type ErrorCode,
  meetsPasswordRequirements,
  messageOf,
  type registerBodySchema,
  type tokenBodySchema,
  type TokenAnswer,
  type updateMeBodySchema,
  type User,
} from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor, Transaction } from "../../db/client.js";
import { users, type UserRow } from "../../db/schema/index.js";
import { AppError, FieldError } from "../../lib/app-error.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { uniqueViolationConstraint } from "../../lib/db-errors.js";
import { hashPassword, spendPasswordCheckTime, verifyPassword } from "../../lib/passwords.js";
import type { RequestContext } from "../../lib/request-context.js";
import { newOpaqueToken } from "../../lib/tokens.js";
import { recordAudit } from "../../db/audit.js";
import type { Mailing } from "../jobs/index.js";
import { presentUser, revokeSession, startSession } from "../users/index.js";
import { transactionWithWebhooks } from "../webhooks/index.js";
import { truncateText } from "../../lib/storable-text.js";
import { queueVerificationLink } from "./account.service.js";
import { spendSecondFactor, type SecondFactorCheck } from "./two-factor.service.js";

export const MAX_FAILED_LOGINS = 5;

type RegisterInput = z.output<typeof registerBodySchema>;
type TokenInput = z.output<typeof tokenBodySchema>;
type UpdateMeInput = z.output<typeof updateMeBodySchema>;

function findByLogin(db: Executor, identifier: string) {
  const lowered = identifier.trim().toLowerCase();
  return db
    .select()
    .from(users)
    .where(or(eq(users.email, lowered), eq(sql`lower(${users.userName})`, lowered)))
    // An e-mail match wins over another account's userName.
    .orderBy(sql`(${users.email} = ${lowered}) desc`)
    .limit(1)
    .then((rows) => rows[0]);
}

/** A userName that looks like an e-mail is only ever the account's own e-mail (the sign-up fallback). */
function checkUserNameShape(userName: string, email: string): void {
  if (userName.includes("@") && userName.toLowerCase() !== email) {
    throw new FieldError("body", "userName", messageOf("validation.userNameRule"));
  }
}

async function assertUserNameFree(db: Executor, userName: string, exceptUserId?: string): Promise<void> {
  const clash = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.userName})`, userName.toLowerCase()),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  if (clash.length) throw new AppError("auth/username_taken");
}

function conflictFromUniqueViolation(error: unknown): never {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === "users_email_key") throw new AppError("auth/email_taken");
  if (constraint === "users_user_name_key") throw new AppError("auth/username_taken");
  throw error;
}

export async function register(
  db: Database,
  input: RegisterInput,
  context: RequestContext,
  mailing: Mailing,
): Promise<User> {
  const userName = input.userName ?? input.email;
  checkUserNameShape(userName, input.email);
  if (!meetsPasswordRequirements(input.password)) throw new AppError("auth/password_requirements");

  const [emailOwner] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (emailOwner) throw new AppError("auth/email_taken");
  await assertUserNameFree(db, userName);

  const passwordHash = await hashPassword(input.password);
  let registered: User;
  try {
    registered = await transactionWithWebhooks(db, mailing, async (tx, webhooks) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          userName,
          firstname: input.firstname,
          lastname: input.lastname,
          passwordHash,
          status: "pending",
        })
        .returning();
      if (!created) throw new Error("insert returned no row");
      await recordAudit(tx, { ...context, actorId: created.id }, {
        action: "auth.register",
        targetType: "user",
        targetId: created.id,
      });
      await queueVerificationLink(tx, created, mailing.publicUrl);
      return webhooks.emit("user.registered", presentUser(created));
    });
  } catch (error) {
    // Two sign-ups racing for the same e-mail or userName: the loser gets the same 409.
    conflictFromUniqueViolation(error);
  }
  mailing.wake();
  return registered;
}

export async function recordLoginFailure(
  db: Database,
  context: RequestContext,
  reason: string,
  user: UserRow | undefined,
  attemptedLogin: string,
  extraDetails?: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    let lockedNow = false;
    // A replayed code counts like a wrong one: a person types it twice once, a guesser many times.
    if (user && (reason === "wrong_password" || reason === "wrong_otp" || reason === "reused_otp")) {
      const [updated] = await tx
        .update(users)
        .set({
          failedLoginCount: sql`${users.failedLoginCount} + 1`,
          status: sql`case when ${users.failedLoginCount} + 1 >= ${MAX_FAILED_LOGINS} and ${users.status} = 'active' then 'locked' else ${users.status} end`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, user.id))
        .returning({ status: users.status, failedLoginCount: users.failedLoginCount });
      lockedNow = user.status === "active" && updated?.status === "locked";
    }
    await recordAudit(tx, { ...context, actorId: user?.id ?? null }, {
      action: "auth.login_failed",
      outcome: "failure",
      targetType: "user",
      ...(user ? { targetId: user.id } : {}),
      details: { reason, login: truncateText(attemptedLogin, 254), ...extraDetails },
    });
    if (lockedNow && user) {
      await recordAudit(tx, { ...context, actorId: null }, {
        action: "user.locked",
        targetType: "user",
        targetId: user.id,
        details: { reason: "too_many_failed_logins", failedLogins: MAX_FAILED_LOGINS },
      });
    }
  });
}

export async function login(
  db: Database,
  input: TokenInput,
  context: RequestContext,
  tokenTtlMinutes: number,
  totpSecrets: SecretBox,
): Promise<TokenAnswer> {
  const user = await findByLogin(db, input.username);
  if (!user) {
    await spendPasswordCheckTime(input.password);
    await recordLoginFailure(db, context, "unknown_user", undefined, input.username);
    throw new AppError("auth/invalid_credentials");
  }
  if (user.passwordHash === null) {
    // Made by single sign-on and no password set yet (recovery sets one): the ordinary refusal,
    // not counted towards the lock, which would let anyone lock an account that has no password.
    await spendPasswordCheckTime(input.password);
    await recordLoginFailure(db, context, "no_password", user, input.username);
    throw new AppError("auth/invalid_credentials");
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordLoginFailure(db, context, "wrong_password", user, input.username);
    throw new AppError("auth/invalid_credentials");
  }
  return signIn(db, user, { otp: input.otp, login: input.username, context, tokenTtlMinutes, totpSecrets });
}

/** The refusals of an account that may not sign in, whatever proved who it is (password or single sign-on). */
export const statusRefusals: Partial<Record<UserRow["status"], ErrorCode>> = {
  locked: "auth/account_locked",
  pending: "auth/registration_status",
  disabled: "auth/account_disabled",
};

export interface SignInOptions {
  otp: string | undefined;
  /** What the person typed (or the provider's e-mail): recorded with a refused attempt. */
  login: string;
  context: RequestContext;
  tokenTtlMinutes: number;
  totpSecrets: SecretBox;
  /** Recorded with the login's audit event (single sign-on: method, issuer, subject). */
  details?: Record<string, unknown>;
  /**
   * Run in the session's transaction before it starts (single sign-on spends its one-time code
   * there); false refuses the login with `refusal`.
   */
  claim?: (tx: Transaction) => Promise<boolean>;
  refusal?: ErrorCode;
}

/**
 * The part of a login after the account has been identified: the account's status, its e-mail
 * verification, the second factor, then a new session (one transaction with its audit event).
 */
export async function signIn(db: Database, user: UserRow, options: SignInOptions): Promise<TokenAnswer> {
  const { otp, login: attemptedLogin, context, tokenTtlMinutes, totpSecrets } = options;
  const refusal = statusRefusals[user.status];
  if (refusal) {
    await recordLoginFailure(db, context, user.status, user, attemptedLogin, options.details);
    throw new AppError(refusal);
  }
  if (!user.emailVerifiedAt) {
    await recordLoginFailure(db, context, "email_not_verified", user, attemptedLogin, options.details);
    throw new AppError("auth/email_verification");
  }
  if (user.twoFactorEnabled && !otp) {
    await recordLoginFailure(db, context, "2fa_required", user, attemptedLogin, options.details);
    throw new AppError("auth/2fa_required");
  }

  const token = newOpaqueToken();
  const expiresInSeconds = tokenTtlMinutes * 60;
  const signedIn = await db.transaction(async (tx): Promise<UserRow | Exclude<SecondFactorCheck, "accepted"> | "unclaimed"> => {
    if (user.twoFactorEnabled) {
      const check = await spendSecondFactor(tx, user, otp ?? "", totpSecrets);
      if (check !== "accepted") return check;
    }
    if (options.claim && !(await options.claim(tx))) return "unclaimed";
    const [updated] = await tx
      .update(users)
      .set({ failedLoginCount: 0 })
      .where(eq(users.id, user.id))
      .returning();
    const sessionId = await startSession(tx, user.id, token, expiresInSeconds, context);
    await recordAudit(tx, { ...context, actorId: user.id }, {
      action: "auth.login",
      targetType: "session",
      targetId: sessionId,
      ...(options.details ? { details: options.details } : {}),
    });
    return updated ?? user;
  });
  if (signedIn === "unclaimed") throw new AppError(options.refusal ?? "auth/invalid_credentials");
  if (signedIn === "reused") {
    await recordLoginFailure(db, context, "reused_otp", user, attemptedLogin, options.details);
    throw new AppError("auth/2fa_code_reused");
  }
  if (signedIn === "invalid") {
    await recordLoginFailure(db, context, "wrong_otp", user, attemptedLogin, options.details);
    throw new AppError("auth/2fa_invalid");
  }

  return { access_token: token, token_type: "bearer", expires_in: expiresInSeconds, user: presentUser(signedIn) };
}

export async function logout(db: Database, sessionId: string, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId);
    await recordAudit(tx, context, { action: "auth.logout", targetType: "session", targetId: sessionId });
  });
}

export async function updateMe(db: Database, user: UserRow, input: UpdateMeInput, context: RequestContext): Promise<User> {
  const changes: Partial<Pick<UserRow, "firstname" | "lastname" | "userName">> = {};
  if (input.firstname !== undefined && input.firstname !== user.firstname) changes.firstname = input.firstname;
  if (input.lastname !== undefined && input.lastname !== user.lastname) changes.lastname = input.lastname;
  if (input.userName !== undefined && input.userName !== user.userName) {
    checkUserNameShape(input.userName, user.email);
    await assertUserNameFree(db, input.userName, user.id);
    changes.userName = input.userName;
  }
  if (Object.keys(changes).length === 0) return presentUser(user);

  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw new AppError("common/not_found");
      await recordAudit(tx, context, {
        action: "user.profile_updated",
        targetType: "user",
        targetId: user.id,
        details: { fields: Object.keys(changes) },
      });
      return presentUser(updated);
    });
  } catch (error) {
    conflictFromUniqueViolation(error);
  }
}
