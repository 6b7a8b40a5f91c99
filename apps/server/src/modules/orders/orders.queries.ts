import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Order, orderListQuerySchema, Page } from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { orders, users, type OrderRow, type UserRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { containsPattern, countRows, pageOrder, pageWindow, toPageOf } from "../../lib/pagination.js";
import { presentOrder, presentOrders } from "./orders.presenters.js";

type OrderQuery = z.output<typeof orderListQuerySchema>;

const sortColumns = { number: orders.sequence, createdAt: orders.createdAt, total: orders.totalCents, status: orders.status } as const;

/** A customer's orders are theirs alone; an administrator sees every order. */
export const visibleTo = (user: Pick<UserRow, "id" | "isAdmin">): SQL | undefined => (user.isAdmin ? undefined : eq(orders.userId, user.id));

/** "O-000123" as SQL, for searching by the number people see (lpad alone would cut a seventh digit). */
const numberText = sql`'O-' || lpad(${orders.sequence}::text, greatest(6, length(${orders.sequence}::text)), '0')`;

export async function listOrders(db: Database, user: UserRow, query: OrderQuery): Promise<Page<Order>> {
  const filters = [visibleTo(user)];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (user.isAdmin && query.userId) filters.push(eq(orders.userId, query.userId));
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(
      sql`(${numberText} ilike ${pattern} or ${orders.invoiceNumber} ilike ${pattern} or exists (select 1 from ${users} where ${users.id} = ${orders.userId} and (${users.email} ilike ${pattern} or ${users.firstname} || ' ' || ${users.lastname} ilike ${pattern})))`,
    );
  }
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  return toPageOf(
    query,
    db.select().from(orders).where(where).orderBy(...pageOrder(query.order, sortColumns[query.sort], orders.id)).limit(limit).offset(offset),
    db.select(countRows()).from(orders).where(where),
    (rows) => presentOrders(db, rows),
  );
}

/** The order if `user` may see it (its owner, or an administrator), locked for the caller's transaction when asked; another customer's is not found. */
export async function findOrder(executor: Executor, user: Pick<UserRow, "id" | "isAdmin">, id: string, options: { forUpdate?: boolean; ownerOnly?: boolean } = {}): Promise<OrderRow> {
  const scope = options.ownerOnly ? eq(orders.userId, user.id) : visibleTo(user);
  const query = executor.select().from(orders).where(and(eq(orders.id, id), scope));
  const [row] = await (options.forUpdate ? query.for("update") : query).limit(1);
  if (!row) throw new AppError("order/not_found");
  return row;
}

export async function getOrder(db: Database, user: UserRow, id: string): Promise<Order> {
  return presentOrder(db, await findOrder(db, user, id));
}
