import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";
import { migrateDatabase } from "./migrate.js";
import { users } from "./schema/index.js";
import { ensureFirstAdmin } from "./seed.js";

describe.runIf(process.env.TEST_DATABASE !== "postgres")("embedded database", () => {
  it("keeps its data in DATA_DIR/db across a restart, and migrating again changes nothing", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-restart-"));
    try {
      const first = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
      await migrateDatabase(first);
      await ensureFirstAdmin(first.db, { dataDir, email: "keep@example.com", password: "Keep-pass-1!" });
      await first.close();

      const second = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
      await migrateDatabase(second);
      const rows = await second.db.select().from(users).where(eq(users.email, "keep@example.com"));
      expect(rows).toHaveLength(1);
      expect(await ensureFirstAdmin(second.db, { dataDir })).toEqual({ created: false });
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
