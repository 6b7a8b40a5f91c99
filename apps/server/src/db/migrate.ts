import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { DatabaseHandle } from "./client.js";

// Both src/db and dist/db sit two levels below the package, so this finds the committed SQL from either.
export const migrationsFolder = fileURLToPath(new URL("../../src/db/migrations", import.meta.url));

const MIGRATION_LOCK_ID = 7_340_001;

/** Applies the committed migrations; several servers starting at once on PostgreSQL take turns. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withExclusiveLock(MIGRATION_LOCK_ID, async (db) => {
    if (handle.kind === "pglite") {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}
