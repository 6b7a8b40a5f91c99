import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meetsPasswordRequirements } from "@portal/contract";
import type { DatabaseHandle } from "./client.js";
import { users } from "./schema/index.js";
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin, INITIAL_ADMIN_FILE } from "./seed.js";
import { verifyPassword } from "../lib/passwords.js";
import { openTestDatabase } from "../test/database.js";

let database: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-seed-"));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("first administrator", () => {
  it("is created once with a random password written to a file only its owner can read", async () => {
    const result = await ensureFirstAdmin(database.db, { dataDir });
    expect(result.created).toBe(true);
    if (!result.created || !result.generatedPassword) throw new Error("expected a generated password");
    expect(meetsPasswordRequirements(result.generatedPassword)).toBe(true);
    expect(result.email).toBe(DEFAULT_ADMIN_EMAIL);

    const file = path.join(dataDir, INITIAL_ADMIN_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, "utf8")).toContain(result.generatedPassword);

    const [admin] = await database.db.select().from(users).where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    expect(admin).toMatchObject({ isAdmin: true, status: "active", userName: "admin" });
    expect(await verifyPassword(admin!.passwordHash!, result.generatedPassword)).toBe(true);

    expect(await ensureFirstAdmin(database.db, { dataDir, email: "second@example.com", password: "Other-pass-1!" })).toEqual({
      created: false,
    });
  });
});
