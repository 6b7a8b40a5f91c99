import { and, eq, isNotNull, isNull, or } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { storedSystemSecret } from "../mfa/index.js";
import { SecretBoxError, TOTP_KEY_FILE, TOTP_KEY_VARIABLE, type SecretBox } from "../../lib/secret-box.js";

/**
 * Run at start, after the migrations: checks that the key opens every sealed TOTP secret, the
 * users' and the system authenticator's (a wrong key stops the start instead of failing logins and
 * codes), then seals the secrets still stored in clear
 * (written before encryption at rest) in one transaction. Each row is rewritten only if it still
 * holds what was read, so processes starting together do not seal a value twice. Writes no audit
 * event: no one acted on the accounts.
 */
export async function sealTotpSecrets(db: Database, secrets: SecretBox): Promise<{ sealed: number }> {
  const rows = await db
    .select({ id: users.id, secret: users.twoFactorSecret, pending: users.twoFactorPendingSecret })
    .from(users)
    .where(or(isNotNull(users.twoFactorSecret), isNotNull(users.twoFactorPendingSecret)));

  const opensWithThisKey = (value: string | null) => {
    if (value === null || !secrets.isSealed(value)) return true;
    try {
      secrets.open(value);
      return true;
    } catch {
      return false;
    }
  };
  const unreadable = rows.filter((row) => !opensWithThisKey(row.secret) || !opensWithThisKey(row.pending)).length;
  const systemUnreadable = !opensWithThisKey(await storedSystemSecret(db));
  if (unreadable > 0 || systemUnreadable) {
    const what = [
      ...(unreadable > 0 ? [`the two-factor secrets of ${unreadable} account(s)`] : []),
      ...(systemUnreadable ? ["the MFA authenticator's secret"] : []),
    ].join(" and ");
    throw new SecretBoxError(`${TOTP_KEY_VARIABLE} (or DATA_DIR/${TOTP_KEY_FILE}) does not open ${what}: start with the key that encrypted them`);
  }

  const inClear = rows.filter((row) => (row.secret !== null && !secrets.isSealed(row.secret)) || (row.pending !== null && !secrets.isSealed(row.pending)));
  if (inClear.length === 0) return { sealed: 0 };
  const seal = (value: string | null) => (value === null || secrets.isSealed(value) ? value : secrets.seal(value));
  const holds = (column: typeof users.twoFactorSecret | typeof users.twoFactorPendingSecret, value: string | null) => (value === null ? isNull(column) : eq(column, value));
  let sealed = 0;
  await db.transaction(async (tx) => {
    for (const row of inClear) {
      const updated = await tx
        .update(users)
        .set({ twoFactorSecret: seal(row.secret), twoFactorPendingSecret: seal(row.pending) })
        .where(and(eq(users.id, row.id), holds(users.twoFactorSecret, row.secret), holds(users.twoFactorPendingSecret, row.pending)))
        .returning({ id: users.id });
      sealed += updated.length;
    }
  });
  return { sealed };
}
