import { randomBytes } from "node:crypto";
import { writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Database } from "./client.js";
import { users } from "./schema/index.js";
import { hashPassword } from "../lib/passwords.js";
import { recordAudit } from "./audit.js";

export const DEFAULT_ADMIN_EMAIL = "admin@portal.local";
export const INITIAL_ADMIN_FILE = "initial-admin.txt";

export type FirstAdminResult =
  | { created: false }
  | { created: true; email: string; generatedPassword?: string; passwordFile?: string };

/** A random password that always meets the sign-up rule (letters, digits and a symbol). */
function generatePassword(): string {
  const body = randomBytes(18).toString("base64url");
  const digit = String(randomBytes(1)[0]! % 10);
  return `${body}-${digit}k`;
}

/** Creates the first administrator when the database has none. */
export async function ensureFirstAdmin(
  db: Database,
  options: { email?: string; password?: string; dataDir: string },
): Promise<FirstAdminResult> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.isAdmin, true));
  if ((existing?.count ?? 0) > 0) return { created: false };

  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const [clash] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (clash) {
    throw new Error(`ADMIN_EMAIL ${email} already belongs to a customer account; choose another address.`);
  }
  const generatedPassword = options.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(options.password ?? generatedPassword!);

  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        email,
        userName: email === DEFAULT_ADMIN_EMAIL ? "admin" : email,
        firstname: "Portal",
        lastname: "Administrator",
        passwordHash,
        isAdmin: true,
        status: "active",
        emailVerifiedAt: sql`now()`,
        approvedAt: sql`now()`,
      })
      .returning({ id: users.id });
    await recordAudit(tx, { actorId: null, ip: null, userAgent: "server start" }, {
      action: "user.first_admin_created",
      targetType: "user",
      ...(admin ? { targetId: admin.id } : {}),
    });
  });

  if (!generatedPassword) return { created: true, email };
  await mkdir(options.dataDir, { recursive: true });
  const passwordFile = path.join(options.dataDir, INITIAL_ADMIN_FILE);
  await writeFile(passwordFile, `email: ${email}\npassword: ${generatedPassword}\n`, { mode: 0o600 });
  return { created: true, email, generatedPassword, passwordFile };
}
