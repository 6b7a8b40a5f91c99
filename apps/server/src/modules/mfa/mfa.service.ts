import { eq, sql } from "drizzle-orm";
import type { MfaCurrentCode, MfaProvisioning, MfaStatus } from "@portal/contract";
import type { Database, Executor } from "../../db/client.js";
import { mfaAuthenticator } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { recordAudit } from "../../db/audit.js";
import { newTotpSecret, qrDataUrlFor, TOTP_PERIOD_SECONDS, TOTP_WINDOW, totpFor } from "../../lib/totp.js";

/** The account name an authenticator app shows beside the issuer ("Licence Portal"). */
export const SYSTEM_AUTHENTICATOR_LABEL = "System authenticator";
const SYSTEM_ROW = 1;
const audited = { targetType: "mfa_authenticator", targetId: "system" } as const;

/** The sealed secret as stored, or null before the first provisioning. */
export async function storedSystemSecret(executor: Executor): Promise<string | null> {
  const [row] = await executor.select({ secret: mfaAuthenticator.secret }).from(mfaAuthenticator).where(eq(mfaAuthenticator.id, SYSTEM_ROW)).limit(1);
  return row?.secret ?? null;
}

/** Whether a secret is stored, and since when; read-only and not audited (it tells nothing a code would open). */
export async function authenticatorStatus(executor: Executor): Promise<MfaStatus> {
  const [row] = await executor
    .select({ provisionedAt: mfaAuthenticator.provisionedAt })
    .from(mfaAuthenticator)
    .where(eq(mfaAuthenticator.id, SYSTEM_ROW))
    .limit(1);
  return { configured: row !== undefined, provisionedAt: row ? row.provisionedAt.toISOString() : null };
}

/** The base32 secret; `mfa/not_configured` before provisioning. A key that does not open it is a 503 (SecretBoxError). */
async function systemTotp(executor: Executor, secrets: SecretBox) {
  const sealed = await storedSystemSecret(executor);
  if (sealed === null) throw new AppError("mfa/not_configured");
  return totpFor(secrets.open(sealed), SYSTEM_AUTHENTICATOR_LABEL);
}

/** Whole seconds until the code of `now` changes: period at the start of a step, 1 in its last second. */
export function secondsRemaining(now: number, period = TOTP_PERIOD_SECONDS): number {
  return period - (Math.floor(now / 1000) % period);
}

/** The code an authenticator app shows now. Every view is in the audit log (the code opens what the authenticator guards). */
export async function currentCode(db: Database, secrets: SecretBox, context: RequestContext): Promise<MfaCurrentCode> {
  const totp = await systemTotp(db, secrets);
  const now = Date.now();
  await recordAudit(db, context, { action: "mfa.code_viewed", ...audited });
  return { code: totp.generate({ timestamp: now }), remainingSeconds: secondsRemaining(now), period: TOTP_PERIOD_SECONDS };
}

/**
 * Checks a code against the system secret, accepting the step before and after the current one (as
 * the users' two-factor codes). A code is not spent: this is a check any administrator can repeat
 * (the current code is on their screen anyway), not a login. Success and failure are both audited.
 */
export async function verifyCode(db: Database, secrets: SecretBox, code: string, context: RequestContext): Promise<void> {
  let valid = false;
  let reason: string | undefined;
  try {
    const compact = code.replace(/\s/g, "");
    valid = /^\d{6}$/.test(compact) && (await systemTotp(db, secrets)).validate({ token: compact, window: TOTP_WINDOW }) !== null;
  } catch (error) {
    if (!(error instanceof AppError && error.code === "mfa/not_configured")) throw error;
    reason = "not_configured";
  }
  await recordAudit(db, context, {
    action: valid ? "mfa.code_verified" : "mfa.code_rejected",
    ...audited,
    details: { outcome: valid ? "success" : "failure", ...(reason ? { reason } : {}) },
  });
  if (reason) throw new AppError("mfa/not_configured");
  if (!valid) throw new AppError("mfa/invalid_code");
}

/**
 * Makes the system secret, or replaces it (the old codes stop working at once), and answers the
 * otpauth URL and its QR code: the only time the secret leaves the server.
 */
export async function provisionAuthenticator(db: Database, secrets: SecretBox, context: RequestContext): Promise<MfaProvisioning> {
  const secret = newTotpSecret();
  const otpauthUrl = totpFor(secret, SYSTEM_AUTHENTICATOR_LABEL).toString();
  const sealed = secrets.seal(secret);
  await db.transaction(async (tx) => {
    // Two administrators rotating at once take turns: each audit event names the secret it replaced.
    const [previous] = await tx
      .select({ provisionedAt: mfaAuthenticator.provisionedAt })
      .from(mfaAuthenticator)
      .where(eq(mfaAuthenticator.id, SYSTEM_ROW))
      .for("update");
    await tx
      .insert(mfaAuthenticator)
      .values({ id: SYSTEM_ROW, secret: sealed, provisionedBy: context.actorId })
      .onConflictDoUpdate({ target: mfaAuthenticator.id, set: { secret: sealed, provisionedBy: context.actorId, provisionedAt: sql`now()` } });
    await recordAudit(tx, context, {
      action: previous ? "mfa.secret_rotated" : "mfa.provisioned",
      ...audited,
      ...(previous ? { details: { previousProvisionedAt: previous.provisionedAt.toISOString() } } : {}),
    });
  });
  return { otpauthUrl, qrDataUrl: await qrDataUrlFor(otpauthUrl) };
}
