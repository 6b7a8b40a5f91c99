import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Notification, notificationListQuerySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { notifications, type NotificationRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { pageWindow } from "../../lib/pagination.js";

type NotificationQuery = z.output<typeof notificationListQuerySchema>;

function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as Notification["type"],
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(db: Database, userId: string, query: NotificationQuery) {
  const mine = eq(notifications.userId, userId);
  const where = query.unread ? and(mine, isNull(notifications.readAt)) : mine;
  const { limit, offset } = pageWindow(query);
  const [rows, [counts]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset),
    db
      .select({
        total: sql<number>`count(*) filter (where ${query.unread ? sql`${notifications.readAt} is null` : sql`true`})::int`,
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`,
      })
      .from(notifications)
      .where(mine),
  ]);
  return { items: rows.map(presentNotification), total: counts?.total ?? 0, unread: counts?.unread ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function markRead(db: Database, userId: string, id: string): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw new AppError("common/not_found");
  return presentNotification(row);
}

export async function markAllRead(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
