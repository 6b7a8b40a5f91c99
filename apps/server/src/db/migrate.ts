import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { DatabaseHandle } from "./client.js";

// Both src/db and dist/db sit two levels below the package, so this finds the committed SQL from either.
export const migrationsFolder = fileURLToPath(new URL("../../src/db/migrations", import.meta.url));

const MIGRATION_LOCK_ID = 7_340_001;

/** Applies the committed migrations; several servers starting at once on PostgreSQL take turns. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withExclusiveLock(MIGRATION_LOCK_ID, async (db) => {
    // Both databases are reached through `pg` (PGlite through its worker), so one migrator serves both.
    await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
  });
}
