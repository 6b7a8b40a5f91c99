import { eq, sql } from "drizzle-orm";
import {
  defaultNotificationSettings,
  type NotificationSettings,
  type notificationSettingsPatchSchema,
} from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { notificationPreferences } from "../../db/schema/index.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";

type SettingsPatch = z.output<typeof notificationSettingsPatchSchema>;

/** Stored settings laid over the defaults, so a type added later starts with its default. */
function withDefaults(stored: Partial<NotificationSettings> | undefined): NotificationSettings {
  const channels = { ...defaultNotificationSettings.channels };
  for (const [type, channel] of Object.entries(stored?.channels ?? {})) {
    if (type in channels) channels[type as keyof typeof channels] = { ...channels[type as keyof typeof channels], ...channel };
  }
  return {
    channels,
    emailSubscriptions: { ...defaultNotificationSettings.emailSubscriptions, ...stored?.emailSubscriptions },
  };
}

export async function getNotificationSettings(executor: Executor, userId: string): Promise<NotificationSettings> {
  const [row] = await executor
    .select({ settings: notificationPreferences.settings })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return withDefaults(row?.settings);
}

export async function updateNotificationSettings(
  db: Database,
  userId: string,
  patch: SettingsPatch,
  context: RequestContext,
): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    // Serialises two saves of the same user so neither overwrites the other's half.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notification-settings:${userId}`}))`);
    const current = await getNotificationSettings(tx, userId);
    const next: NotificationSettings = {
      channels: { ...current.channels },
      emailSubscriptions: { ...current.emailSubscriptions, ...stripUndefined(patch.emailSubscriptions ?? {}) },
    };
    for (const [type, channel] of Object.entries(patch.channels ?? {})) {
      if (!channel) continue;
      const key = type as keyof NotificationSettings["channels"];
      next.channels[key] = { ...next.channels[key], ...stripUndefined(channel) };
    }
    await tx
      .insert(notificationPreferences)
      .values({ userId, settings: next })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { settings: next, updatedAt: sql`now()` } });
    await recordAudit(tx, context, { action: "notifications.settings_updated", targetType: "user", targetId: userId });
    return next;
  });
}

function stripUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as never;
}
