import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Page, User, userListQuerySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import { escapeLike, recordAudit } from "../audit/audit.service.js";
import { presentUser } from "./users.presenter.js";

type ParsedUserQuery = z.output<typeof userListQuerySchema>;

const sortColumns = {
  d_created: users.createdAt,
  email: users.email,
  userName: users.userName,
  firstname: users.firstname,
  lastname: users.lastname,
  status: users.status,
} as const;

export async function listUsers(db: Database, query: ParsedUserQuery): Promise<Page<User>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(users.status, query.status));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(
      sql`(${users.email} ilike ${pattern} or ${users.userName} ilike ${pattern} or ${users.firstname} ilike ${pattern} or ${users.lastname} ilike ${pattern})`,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const direction = query.order === "asc" ? asc : desc;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(direction(sortColumns[query.sort]), direction(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { items: rows.map(presentUser), total, page: query.page, pageSize: query.pageSize };
}

export async function getUser(db: Database, id: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError("common/not_found");
  return presentUser(row);
}

export async function approveUser(db: Database, id: string, context: RequestContext): Promise<User> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for("update").limit(1);
    if (!current) throw new AppError("common/not_found");
    if (current.status !== "pending") throw new AppError("user/not_pending");
    const [approved] = await tx
      .update(users)
      .set({ status: "active", approvedAt: sql`now()`, approvedBy: context.actorId, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    if (!approved) throw new AppError("common/not_found");
    await recordAudit(tx, context, { action: "user.approved", targetType: "user", targetId: id });
    return presentUser(approved);
  });
}
