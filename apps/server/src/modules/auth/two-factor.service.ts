import { createHash, randomInt } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { RECOVERY_CODE_COUNT, type TwoFactorSetup } from "@portal/contract";
import type { Database, Executor } from "../../db/client.js";
import { recoveryCodes, users, type UserRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";
import { newTotpSecret, qrDataUrlFor, TOTP_PERIOD_SECONDS, TOTP_WINDOW, totpFor } from "../../lib/totp.js";

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}

function newRecoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

/**
 * What became of a second factor: spent; not a valid code; or a valid TOTP code of a time step this
 * account has already spent (typed twice, or replayed): the person should wait for the next code.
 */
export type SecondFactorCheck = "accepted" | "invalid" | "reused";

/**
 * Checks a 6-digit TOTP code (each time step accepted once) or an unused recovery code, and spends it.
 * Call inside the transaction of the login or change it authorises.
 */
export async function spendSecondFactor(tx: Executor, user: UserRow, code: string, secrets: SecretBox): Promise<SecondFactorCheck> {
  const compact = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(compact)) {
    if (!user.twoFactorSecret) return "invalid";
    const delta = totpFor(openTotpSecret(secrets, user.twoFactorSecret), user.email).validate({ token: compact, window: TOTP_WINDOW });
    if (delta === null) return "invalid";
    const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + delta;
    const [accepted] = await tx
      .update(users)
      .set({ twoFactorLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
      .returning({ id: users.id });
    return accepted ? "accepted" : "reused";
  }
  const [spent] = await tx
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, hashRecoveryCode(compact)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent ? "accepted" : "invalid";
}

/**
 * The base32 secret of a stored value. Values are sealed (lib/secret-box.ts); a plaintext one from
 * before encryption is still read until the start-up migration (two-factor-secrets.ts) seals it.
 */
function openTotpSecret(secrets: SecretBox, stored: string): string {
  return secrets.isSealed(stored) ? secrets.open(stored) : stored;
}

/** Outside login a refused code is a 400, never a 401 that would log the web client out. */
function refusedCode(check: Exclude<SecondFactorCheck, "accepted">): AppError {
  return new AppError(check === "reused" ? "auth/2fa_code_reused" : "auth/2fa_invalid", { status: 400 });
}

export async function startTwoFactorSetup(db: Database, user: UserRow, context: RequestContext, secrets: SecretBox): Promise<TwoFactorSetup> {
  if (user.twoFactorEnabled) throw new AppError("auth/2fa_already_enabled");
  const secret = newTotpSecret();
  const otpauthUrl = totpFor(secret, user.email).toString();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ twoFactorPendingSecret: secrets.seal(secret), updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await recordAudit(tx, context, { action: "auth.2fa_setup_started", targetType: "user", targetId: user.id });
  });
  return { secret, otpauthUrl, qrDataUrl: await qrDataUrlFor(otpauthUrl) };
}

export async function enableTwoFactor(db: Database, user: UserRow, code: string, context: RequestContext, secrets: SecretBox): Promise<string[]> {
  if (user.twoFactorEnabled) throw new AppError("auth/2fa_already_enabled");
  if (!user.twoFactorPendingSecret) throw new AppError("auth/2fa_setup_required");
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const pending = user.twoFactorPendingSecret;
  const sealed = secrets.isSealed(pending) ? pending : secrets.seal(pending);
  await db.transaction(async (tx) => {
    const candidate = { ...user, twoFactorSecret: sealed };
    const check = await spendSecondFactor(tx, candidate, code, secrets);
    if (check !== "accepted") throw refusedCode(check);
    await tx
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorSecret: sealed, twoFactorPendingSecret: null, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((recovery) => ({ userId: user.id, codeHash: hashRecoveryCode(recovery) })));
    await recordAudit(tx, context, { action: "auth.2fa_enabled", targetType: "user", targetId: user.id });
  });
  return codes;
}

export async function disableTwoFactor(db: Database, user: UserRow, code: string, context: RequestContext, secrets: SecretBox): Promise<void> {
  if (!user.twoFactorEnabled) throw new AppError("auth/2fa_not_enabled");
  await db.transaction(async (tx) => {
    const check = await spendSecondFactor(tx, user, code, secrets);
    if (check !== "accepted") throw refusedCode(check);
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await recordAudit(tx, context, { action: "auth.2fa_disabled", targetType: "user", targetId: user.id });
  });
}
