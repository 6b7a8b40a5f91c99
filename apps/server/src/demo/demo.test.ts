import { createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.js";
import { DEMO_CUSTOMER, DEMO_FEATURES, DEMO_PLANS, DEMO_TICKETS, DEMO_UPDATE, seedDemo, type DemoUpdateDeps } from "./demo.js";
import { licenses, notifications, planFeatures, plans, ticketMessages, tickets, updateFiles, updates, updateVerifications, users } from "../db/schema/index.js";
import { LocalFileStore } from "../lib/file-store.js";
import { verifyPassword } from "../lib/passwords.js";
import { signerFromPrivateKey } from "../lib/signing.js";
import { openTestDatabase } from "../test/database.js";

let database: DatabaseHandle;
let filesDir: string;
let deps: DemoUpdateDeps;
beforeAll(async () => {
  database = await openTestDatabase();
  filesDir = await mkdtemp(path.join(os.tmpdir(), "portal-demo-files-"));
  deps = {
    files: new LocalFileStore(filesDir),
    signer: signerFromPrivateKey(generateKeyPairSync("ed25519").privateKey),
    mailing: { publicUrl: "https://portal.example.com", wake: () => undefined },
  };
});
afterAll(async () => {
  await database.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe("SEED_DEMO", () => {
  it("loads the FAQ's products as a living catalogue, once", async () => {
    expect(await seedDemo(database.db, deps)).toEqual({ created: true });
    expect(await seedDemo(database.db, deps)).toEqual({ created: false });
    const planRows = await database.db.select().from(plans);
    expect(planRows.map((plan) => plan.name).sort()).toEqual(DEMO_PLANS.map((plan) => plan.name).sort());
    const [links] = await database.db.select({ count: sql<number>`count(*)::int` }).from(planFeatures);
    expect(links?.count).toBe(DEMO_PLANS.reduce((sum, plan) => sum + plan.features.length, 0));
    expect(DEMO_FEATURES.length).toBe(6);
    const [customer] = await database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(customer).toMatchObject({ status: "active", isAdmin: false });
    expect(await verifyPassword(customer!.passwordHash!, DEMO_CUSTOMER.password)).toBe(true);

    const ticketRows = await database.db.select().from(tickets).where(eq(tickets.userId, customer!.id));
    expect(ticketRows.map((ticket) => ticket.status).sort()).toEqual(["closed", "in_progress", "open", "resolved"]);
    expect(ticketRows).toHaveLength(DEMO_TICKETS.length);
    const [notes] = await database.db.select({ count: sql<number>`count(*)::int` }).from(ticketMessages).where(eq(ticketMessages.internal, true));
    expect(notes?.count).toBeGreaterThanOrEqual(1);
  });

  it("publishes one signed update verified for the demo customer's licence, once", async () => {
    const [customer] = await database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    const published = await database.db.select().from(updates);
    expect(published).toHaveLength(1);
    const [update] = published;
    expect(update).toMatchObject({ status: "published", version: DEMO_UPDATE.version, commands: DEMO_UPDATE.commands });
    const signature = Buffer.from(update!.manifestSignature!, "base64");
    expect(verify(null, Buffer.from(update!.manifest!, "utf8"), createPublicKey(deps.signer.publicKeyPem), signature)).toBe(true);
    const files = await database.db.select().from(updateFiles).where(eq(updateFiles.updateId, update!.id));
    expect(files.map((file) => file.path)).toEqual(["backend.zip", "frontend.zip"]);
    for (const key of [...files.map((file) => file.sha256), update!.packageSha256!]) expect(await deps.files.exists(key)).toBe(true);
    const [license] = await database.db.select().from(licenses).where(eq(licenses.ownerId, customer!.id));
    const verified = await database.db.select().from(updateVerifications).where(eq(updateVerifications.updateId, update!.id));
    expect(verified.map((row) => row.licenseId)).toEqual([license!.id]);
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, customer!.id));
    expect(told.map((notice) => notice.type)).toContain("maintenance_updates");
    expect(await seedDemo(database.db, deps)).toEqual({ created: false });
    expect(await database.db.select().from(updates)).toHaveLength(1);
  });
});
