import { eq, sql } from "drizzle-orm";
import { defaultUserSettings, type SettingsLanguage, type UserSettings, type UserSettingsPatch } from "@portal/contract";
import type { Database, Executor } from "../../db/client.js";
import { userSettings } from "../../db/schema/index.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";

/** The user's settings, and when they were last saved (`undefined`: never, these are the defaults). */
export interface StoredSettings {
  settings: UserSettings;
  savedAt: Date | undefined;
}

export async function getUserSettings(executor: Executor, userId: string): Promise<StoredSettings> {
  const [row] = await executor.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  if (!row) return { settings: { ...defaultUserSettings }, savedAt: undefined };
  return {
    settings: {
      theme: row.theme,
      language: row.language as SettingsLanguage,
      sidebarCollapsed: row.sidebarCollapsed,
      tableDensity: row.tableDensity,
      timeZone: row.timeZone,
    },
    savedAt: row.updatedAt,
  };
}

/** Lays what was sent over what is stored (or the defaults), in one transaction with its audit event. */
export async function updateUserSettings(db: Database, userId: string, patch: UserSettingsPatch, context: RequestContext): Promise<StoredSettings> {
  return db.transaction(async (tx) => {
    // Serialises two saves of the same user (two tabs, two devices) so neither loses the other's field.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-settings:${userId}`}))`);
    const { settings: current } = await getUserSettings(tx, userId);
    const sent = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<UserSettings>;
    const next: UserSettings = { ...current, ...sent };
    const [saved] = await tx
      .insert(userSettings)
      .values({ userId, ...next })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...next, updatedAt: sql`now()` } })
      .returning({ updatedAt: userSettings.updatedAt });
    await recordAudit(tx, context, {
      action: "settings.updated",
      targetType: "user",
      targetId: userId,
      details: { changed: Object.keys(sent).sort() },
    });
    return { settings: next, savedAt: saved!.updatedAt };
  });
}
