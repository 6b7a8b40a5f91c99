import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Page, User, userListQuerySchema, userPatchBodySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database, Transaction } from "../../db/client.js";
import { users, type UserRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { queueMail, type Mailing } from "../jobs/index.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";
import { containsPattern, countRows, pageOrder } from "../../lib/pagination.js";
import { readPreparedPage } from "../../db/pages.js";
import { presentUser } from "./users.presenters.js";
import { accountApprovedMail } from "./users.mails.js";
import { transactionWithWebhooks } from "../webhooks/index.js";
import { revokeAllSessions } from "./sessions.js";

type ParsedUserQuery = z.output<typeof userListQuerySchema>;
type UserPatch = z.output<typeof userPatchBodySchema>;

const sortColumns = {
  d_created: users.createdAt,
  email: users.email,
  userName: users.userName,
  firstname: users.firstname,
  lastname: users.lastname,
  status: users.status,
} as const;

/** What a user list's statements depend on, besides values: the same shape, the same SQL. */
interface ListShape extends Record<string, string | boolean> {
  status: boolean;
  isAdmin: boolean;
  q: boolean;
}

function listWhere(shape: ListShape): SQL | undefined {
  const pattern = sql.placeholder("pattern");
  return and(
    shape.status ? eq(users.status, sql.placeholder("status")) : undefined,
    shape.isAdmin ? eq(users.isAdmin, sql.placeholder("isAdmin")) : undefined,
    shape.q ? sql`(${users.email} ilike ${pattern} or ${users.userName} ilike ${pattern} or ${users.firstname} ilike ${pattern} or ${users.lastname} ilike ${pattern})` : undefined,
  );
}

export async function listUsers(db: Database, query: ParsedUserQuery): Promise<Page<User>> {
  const shape: ListShape = { status: Boolean(query.status), isAdmin: query.isAdmin !== undefined, q: Boolean(query.q) };
  const values = { status: query.status, isAdmin: query.isAdmin, pattern: query.q && containsPattern(query.q) };
  return readPreparedPage(db, query, {
    kind: "users",
    shape,
    values,
    count: (counted, name) => db.select(countRows()).from(users).where(listWhere(counted)).prepare(name),
    page: (page, name) =>
      db
        .select()
        .from(users)
        .where(listWhere(page))
        .orderBy(...pageOrder(page.direction, sortColumns[page.sort], users.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(name),
    present: async (rows) => rows.map(presentUser),
  });
}

export async function getUser(db: Database, id: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError("common/not_found");
  return presentUser(row);
}

async function lockedRow(tx: Transaction, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update").limit(1);
  if (!row) throw new AppError("common/not_found");
  return row;
}

/**
 * Whether an active administrator other than `exceptId` exists. The admins are locked first, so two
 * administrators demoting each other at once cannot both succeed.
 */
export async function hasAnotherActiveAdmin(tx: Transaction, exceptId: string): Promise<boolean> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.status, "active"), ne(users.id, exceptId)))
    .for("update");
  return others.length > 0;
}

/** Refuses a change that would leave no active administrator. */
async function assertAnotherActiveAdmin(tx: Transaction, exceptId: string): Promise<void> {
  if (!(await hasAnotherActiveAdmin(tx, exceptId))) throw new AppError("user/last_admin");
}

export async function approveUser(
  db: Database,
  id: string,
  context: RequestContext,
  mailing: Mailing,
): Promise<User> {
  const approved = await transactionWithWebhooks(db, mailing, async (tx, webhooks) => {
    const current = await lockedRow(tx, id);
    if (current.status !== "pending") throw new AppError("user/not_pending");
    const [row] = await tx
      .update(users)
      .set({ status: "active", approvedAt: sql`now()`, approvedBy: context.actorId, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new AppError("common/not_found");
    await recordAudit(tx, context, { action: "user.approved", targetType: "user", targetId: id });
    await queueMail(tx, accountApprovedMail(row, `${mailing.publicUrl}/auth/login`));
    return webhooks.emit("user.approved", presentUser(row));
  });
  mailing.wake();
  return approved;
}

/**
 * Marks the account's e-mail address verified, as its mailed link would: without SMTP the link is a
 * file on the server, so an administrator vouches for the address instead. Already verified: no change.
 */
export async function verifyUserEmail(db: Database, id: string, context: RequestContext): Promise<User> {
  return db.transaction(async (tx) => {
    const current = await lockedRow(tx, id);
    if (current.emailVerifiedAt) return presentUser(current);
    const [row] = await tx.update(users).set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    await recordAudit(tx, context, { action: "user.email_verified", targetType: "user", targetId: id, details: { email: current.email } });
    return presentUser(row!);
  });
}

export async function lockUser(db: Database, id: string, context: RequestContext): Promise<User> {
  return db.transaction(async (tx) => {
    const current = await lockedRow(tx, id);
    if (current.isAdmin && current.status === "active") await assertAnotherActiveAdmin(tx, id);
    const [row] = await tx.update(users).set({ status: "locked", updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    await revokeAllSessions(tx, id);
    await recordAudit(tx, context, { action: "user.locked", targetType: "user", targetId: id, details: { by: "admin", previousStatus: current.status } });
    return presentUser(row!);
  });
}

export async function unlockUser(db: Database, id: string, context: RequestContext): Promise<User> {
  return db.transaction(async (tx) => {
    const current = await lockedRow(tx, id);
    if (current.status !== "locked") throw new AppError("user/not_locked");
    const [row] = await tx
      .update(users)
      .set({ status: "active", failedLoginCount: 0, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, context, { action: "user.unlocked", targetType: "user", targetId: id });
    return presentUser(row!);
  });
}

export async function patchUser(db: Database, id: string, patch: UserPatch, context: RequestContext): Promise<User> {
  return db.transaction(async (tx) => {
    const current = await lockedRow(tx, id);
    const changes: Partial<Pick<UserRow, "firstname" | "lastname" | "isAdmin" | "status">> = {};
    if (patch.firstname !== undefined && patch.firstname !== current.firstname) changes.firstname = patch.firstname;
    if (patch.lastname !== undefined && patch.lastname !== current.lastname) changes.lastname = patch.lastname;
    if (patch.isAdmin !== undefined && patch.isAdmin !== current.isAdmin) changes.isAdmin = patch.isAdmin;
    if (patch.status !== undefined && patch.status !== current.status) {
      // Pending accounts are approved, locked ones unlocked, through their own calls.
      if (patch.status === "active" && current.status !== "disabled") throw new AppError("common/conflict");
      changes.status = patch.status;
    }
    if (Object.keys(changes).length === 0) return presentUser(current);

    const losesAdmin = current.isAdmin && current.status === "active" && (changes.isAdmin === false || changes.status === "disabled");
    if (losesAdmin) await assertAnotherActiveAdmin(tx, id);

    const [row] = await tx.update(users).set({ ...changes, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    if (changes.status === "disabled") await revokeAllSessions(tx, id);
    const action =
      changes.status === "disabled"
        ? "user.disabled"
        : changes.status === "active"
          ? "user.enabled"
          : changes.isAdmin === true
            ? "user.admin_granted"
            : changes.isAdmin === false
              ? "user.admin_revoked"
              : "user.updated";
    await recordAudit(tx, context, { action, targetType: "user", targetId: id, details: { changes } });
    return presentUser(row!);
  });
}
