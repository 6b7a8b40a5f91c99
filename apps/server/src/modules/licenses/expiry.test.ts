import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import type { License, LicenseRequest, Plan, ValidationData } from "@portal/contract";
import { openDatabase, type DatabaseHandle } from "../../db/client.js";
import { migrationsFolder } from "../../db/migrate.js";
import { auditEvents, installations, licenses, licenseTokens, webhookEvents } from "../../db/schema/index.js";
import { adminToken, createCustomer, issueLicenses } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { multipartFile } from "../../test/multipart.js";
import { closeSecondProcess, createSecondProcess, useTestApp } from "../../test/test-app.js";
import { announceExpiredLicenses } from "./expiry-announcements.js";
import { fingerprintOf } from "./validation.service.js";

// The announcements run when a test calls them (a test app schedules no recurring job), and no job
// runner: webhook events are queued, never sent. Endpoints may point at 127.0.0.1.
const t = useTestApp(
  { VALIDATE_RATE_LIMIT_PER_MINUTE: "100000", VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "100000", WEBHOOK_ALLOW_HTTP: "1", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" },
  { runJobs: false },
);

type Strategy = "revoke" | "perpetual_fallback";

/** Moves a licence's end, and sets its strategy, in the database: the clock is never waited for. */
async function setTerms(licenseId: string, terms: { strategy?: Strategy; expiresAt?: ReturnType<typeof sql> }) {
  await t.database.db
    .update(licenses)
    .set({ ...(terms.strategy ? { expirationStrategy: terms.strategy } : {}), ...(terms.expiresAt ? { expiresAt: terms.expiresAt } : {}) })
    .where(eq(licenses.id, licenseId));
}
const HOUR_AGO = sql`now() - interval '1 hour'`;
const IN_A_DAY = sql`now() + interval '1 day'`;

/** A customer holding one licence of this strategy, not yet expired. */
async function licenseWith(strategy: Strategy, options: { maxActivations?: number } = {}) {
  const issued = await issueLicenses(t, { maxActivations: options.maxActivations ?? 5 });
  await setTerms(issued.licenses[0]!.id, { strategy });
  return { ...issued, license: issued.licenses[0]! };
}

async function validate(body: Record<string, unknown>): Promise<ValidationData> {
  const response = await t.app.inject({ method: "POST", url: "/api/v1/licenses/validate", payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: ValidationData }>(response).data;
}

async function publicKeyPem(): Promise<string> {
  return json<{ data: { publicKey: string } }>(await t.app.inject({ method: "GET", url: "/api/v1/licenses/public-key" })).data.publicKey;
}

const uploadReq = (token: string, content: string) => call(t.app, { method: "POST", url: "/api/v1/req/auth", token, ...multipartFile("file", "install.req", content) });

function licenseFilePayload(text: string) {
  const lines = text.trim().split("\n");
  const outer = JSON.parse(Buffer.from(lines.slice(1, -1).join(""), "base64").toString("utf8")) as { enc: string };
  return JSON.parse(Buffer.from(outer.enc, "base64").toString("utf8")) as { license: Record<string, unknown>; installation: unknown };
}

const installationCount = async (licenseId: string) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(installations).where(eq(installations.licenseId, licenseId)))[0]!.n;

describe("validation by expiry strategy", () => {
  it("answers VALID with expired:false for both strategies before expiresAt", async () => {
    for (const strategy of ["revoke", "perpetual_fallback"] as const) {
      const { license } = await licenseWith(strategy);
      await setTerms(license.id, { expiresAt: IN_A_DAY });
      expect(await validate({ key: license.key, fingerprint: `before-${strategy}` })).toMatchObject({
        valid: true,
        code: "VALID",
        expired: false,
        license: { expirationStrategy: strategy },
      });
    }
  });

  it("revoke: EXPIRED after expiresAt, and a new machine is not activated", async () => {
    const { license } = await licenseWith("revoke");
    expect((await validate({ key: license.key, fingerprint: "old-box" })).code).toBe("VALID");
    await setTerms(license.id, { expiresAt: HOUR_AGO });
    expect(await validate({ key: license.key })).toMatchObject({ valid: false, code: "EXPIRED", expired: true });
    expect(await validate({ key: license.key, fingerprint: "old-box" })).toMatchObject({ valid: false, code: "EXPIRED", expired: true });
    expect(await validate({ key: license.key, fingerprint: "new-box" })).toMatchObject({ valid: false, code: "EXPIRED", expired: true });
    expect(await installationCount(license.id)).toBe(1);
  });

  it("perpetual_fallback: VALID with expired:true after expiresAt, signed, and a new machine still activates", async () => {
    const { verifyValidationAnswer } = await import("@portal/license-verifier");
    const { license } = await licenseWith("perpetual_fallback");
    expect((await validate({ key: license.key, fingerprint: "old-box" })).code).toBe("VALID");
    await setTerms(license.id, { expiresAt: HOUR_AGO });

    const answer = await t.app.inject({ method: "POST", url: "/api/v1/licenses/validate", payload: { key: license.key, fingerprint: "old-box", nonce: "n-pf" } });
    const verified = verifyValidationAnswer(answer.body, await publicKeyPem(), { nonce: "n-pf", maxAgeSeconds: 60 });
    expect(verified).toMatchObject({ ok: true, data: { valid: true, code: "VALID", expired: true, license: { expirationStrategy: "perpetual_fallback" } } });

    expect(await validate({ key: license.key, fingerprint: "new-box" })).toMatchObject({ valid: true, code: "VALID", expired: true });
    expect(await installationCount(license.id)).toBe(2);
    const activated = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "license.activated"), eq(auditEvents.targetId, license.id)));
    expect(activated.map((event) => (event.details as { fingerprint: string }).fingerprint).sort()).toEqual(["new-box", "old-box"]);

    // A deactivated licence is refused whatever its strategy.
    const admin = await adminToken(t.app);
    await call(t.app, { method: "POST", url: `/api/v1/licenses/${license.id}/deactivate`, token: admin });
    expect(await validate({ key: license.key })).toMatchObject({ valid: false, code: "DEACTIVATED", expired: true });
  });

  it("keeps the strategy a perpetual_fallback plan issued the licence with, in the licence and its answers", async () => {
    const admin = await adminToken(t.app);
    const planResponse = await call(t.app, {
      method: "POST",
      url: "/api/v1/plans",
      token: admin,
      payload: { name: "Fallback plan", price: 10, currency: "USD", billingPeriod: "yearly", durationDays: 30, maxActivations: 2, expirationStrategy: "perpetual_fallback" },
    });
    expect(planResponse.statusCode, planResponse.body).toBe(201);
    const plan = json<{ data: Plan }>(planResponse).data;
    const customer = await createCustomer(t);
    const request = json<{ data: LicenseRequest }>(
      await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload: { planId: plan.id, quantity: 1 } }),
    ).data;
    const approved = json<{ data: LicenseRequest }>(await call(t.app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: admin })).data;
    const licenseId = approved.licenseIds[0]!;
    // Editing the plan later changes new licences only.
    const edited = await call(t.app, { method: "PUT", url: `/api/v1/plans/${plan.id}`, token: admin, payload: { name: "Fallback plan", price: 10, currency: "USD", billingPeriod: "yearly", durationDays: 30, maxActivations: 2, expirationStrategy: "revoke" } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<{ data: Plan }>(edited).data.expirationStrategy).toBe("revoke");
    await setTerms(licenseId, { expiresAt: HOUR_AGO });
    const license = json<{ data: License }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${licenseId}`, token: customer.token })).data;
    expect(license).toMatchObject({ expirationStrategy: "perpetual_fallback", expired: true });
    expect(await validate({ key: license.key })).toMatchObject({ valid: true, code: "VALID", expired: true });
  });
});

describe("the .req flow and the licence file by expiry strategy", () => {
  it("revoke: a .req after expiresAt is 409 license/expired and stores nothing; the licence file still downloads, as before", async () => {
    const { customer, license } = await licenseWith("revoke");
    await setTerms(license.id, { expiresAt: HOUR_AGO });
    const refused = await uploadReq(customer.token, `${license.key}\n{"hostname":"late-box"}\n`);
    expect(refused.statusCode).toBe(409);
    expect(firstError(refused).loc).toEqual(["license/expired"]);
    expect(await installationCount(license.id)).toBe(0);
    expect(await t.database.db.select().from(licenseTokens).where(eq(licenseTokens.licenseId, license.id))).toEqual([]);

    const file = await call(t.app, { method: "GET", url: `/api/v1/licenses/${license.id}/file`, token: customer.token });
    expect(file.statusCode).toBe(200);
    expect(licenseFilePayload(file.body).license).toMatchObject({ id: license.id, expirationStrategy: "revoke" });
    // Offline, the shipped verifier says it has ended.
    const { verifyLicenseFile } = await import("@portal/license-verifier");
    expect(verifyLicenseFile(file.body, await publicKeyPem())).toMatchObject({ ok: false, reason: "LICENSE_EXPIRED" });
  });

  it("perpetual_fallback: a .req after expiresAt activates, and its answer and licence file say the licence has ended", async () => {
    const { customer, license } = await licenseWith("perpetual_fallback");
    await setTerms(license.id, { expiresAt: HOUR_AGO });
    const [{ expiresAt }] = (await t.database.db.select({ expiresAt: licenses.expiresAt }).from(licenses).where(eq(licenses.id, license.id))) as [{ expiresAt: Date }];
    const installationData = JSON.stringify({ hostname: "late-box", nonce: "n-late" });
    const response = await uploadReq(customer.token, `${license.key}\n${installationData}\n`);
    expect(response.statusCode, response.body).toBe(200);
    const data = json<{ data: { licenseToken: string; license: License; licenseFile: string } }>(response).data;
    expect(data.license).toMatchObject({ id: license.id, status: "active", expired: true, expirationStrategy: "perpetual_fallback", expiresAt: expiresAt.toISOString() });
    expect(data.licenseToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const payload = licenseFilePayload(data.licenseFile);
    expect(payload.license).toMatchObject({ id: license.id, expiresAt: expiresAt.toISOString(), expirationStrategy: "perpetual_fallback" });
    expect(payload.installation).toEqual({ fingerprint: fingerprintOf(installationData), nonce: "n-late" });
    expect(await installationCount(license.id)).toBe(1);
    // Offline, the shipped verifier accepts it and says it has ended.
    const { verifyLicenseFile } = await import("@portal/license-verifier");
    expect(verifyLicenseFile(data.licenseFile, await publicKeyPem(), { fingerprint: fingerprintOf(installationData) })).toMatchObject({
      ok: true,
      expired: true,
      license: { expirationStrategy: "perpetual_fallback" },
    });

    const file = await call(t.app, { method: "GET", url: `/api/v1/licenses/${license.id}/file`, token: customer.token });
    expect(file.statusCode).toBe(200);
    expect(licenseFilePayload(file.body).license).toMatchObject({ expiresAt: expiresAt.toISOString(), expirationStrategy: "perpetual_fallback" });
  });
});

// ---------------------------------------------------------------- license.expired

async function listenToExpiries() {
  const admin = await adminToken(t.app);
  const response = await call(t.app, { method: "POST", url: "/api/v1/webhook-endpoints", token: admin, payload: { url: "http://127.0.0.1:9/expiries", events: ["license.expired"], description: "expiry test" } });
  expect(response.statusCode, response.body).toBe(201);
}

/** The `license.expired` audit events and webhook events of these licences, by licence. */
async function announcementsOf(ids: string[]) {
  const audits = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "license.expired"), inArray(auditEvents.targetId, ids)));
  const events = await t.database.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.type, "license.expired"), inArray(sql`${webhookEvents.payload}->'data'->>'id'`, ids)));
  return { audits, events: events.map((event) => event.payload as { type: string; data: License }) };
}

const announce = (handle: DatabaseHandle = t.database, batch?: number) => announceExpiredLicenses(handle.db, t.app.jobs, batch);

describe("license.expired", () => {
  it("announces each expired licence once, in an audit event without actor and a webhook event, deactivated ones too; none not yet expired", async () => {
    await listenToExpiries();
    await announce();
    const admin = await adminToken(t.app);
    const { licenses: issued } = await issueLicenses(t, { quantity: 4 });
    const [revoked, fallback, deactivated, running] = issued as [License, License, License, License];
    await setTerms(revoked.id, { expiresAt: HOUR_AGO });
    await setTerms(fallback.id, { strategy: "perpetual_fallback", expiresAt: sql`now() - interval '1 second'` });
    await call(t.app, { method: "POST", url: `/api/v1/licenses/${deactivated.id}/deactivate`, token: admin });
    await setTerms(deactivated.id, { expiresAt: HOUR_AGO });
    await setTerms(running.id, { expiresAt: sql`now() + interval '1 minute'` });
    const ids = issued.map((license) => license.id);

    expect(await announce()).toBe(3);
    expect(await announce()).toBe(0);
    const { audits, events } = await announcementsOf(ids);
    expect(audits.map((event) => event.targetId).sort()).toEqual([revoked.id, fallback.id, deactivated.id].sort());
    for (const event of audits) {
      expect(event).toMatchObject({ actorId: null, actorEmail: null, targetType: "license", outcome: "success" });
    }
    expect(audits.find((event) => event.targetId === fallback.id)!.details).toEqual({ expirationStrategy: "perpetual_fallback" });
    expect(audits.find((event) => event.targetId === revoked.id)!.details).toEqual({ expirationStrategy: "revoke" });
    expect(events.map((event) => event.data.id).sort()).toEqual([revoked.id, fallback.id, deactivated.id].sort());
    expect(events.find((event) => event.data.id === fallback.id)!.data).toMatchObject({ type: "standard", expired: true, expirationStrategy: "perpetual_fallback", key: fallback.key });
    expect(events.find((event) => event.data.id === deactivated.id)!.data).toMatchObject({ status: "deactivated", expired: true });
    const marked = await t.database.db.select({ id: licenses.id, at: licenses.expiryAnnouncedAt }).from(licenses).where(inArray(licenses.id, ids));
    expect(marked.filter((row) => row.at !== null).map((row) => row.id).sort()).toEqual([revoked.id, fallback.id, deactivated.id].sort());

    // The one still running is announced once its end has passed, and only then.
    await setTerms(running.id, { expiresAt: sql`now() - interval '1 second'` });
    expect(await announce()).toBe(1);
    expect(await announce()).toBe(0);
    const after = await announcementsOf(ids);
    expect(after.audits).toHaveLength(4);
    expect(after.events).toHaveLength(4);
  });

  it("never announces one licence twice across concurrent runs of two processes, in small batches", async () => {
    await listenToExpiries();
    await announce();
    const { licenses: issued } = await issueLicenses(t, { quantity: 30 });
    const ids = issued.map((license) => license.id);
    await t.database.db
      .update(licenses)
      .set({ expiresAt: sql`now() - (random() * interval '2 hours') - interval '1 second'` })
      .where(inArray(licenses.id, ids));
    const second = await createSecondProcess(t, { runJobs: false });
    try {
      const counts = await Promise.all([announce(t.database, 4), announce(second.database, 4), announce(t.database, 7), announce(second.database, 3)]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(30);
    } finally {
      await closeSecondProcess(second);
    }
    const { audits, events } = await announcementsOf(ids);
    expect(audits).toHaveLength(30);
    expect(new Set(audits.map((event) => event.targetId)).size).toBe(30);
    // Two endpoints listen now (one per test): one event each, whatever the number of listeners.
    expect(events).toHaveLength(30);
    expect(new Set(events.map((event) => event.data.id)).size).toBe(30);
    expect(await announce()).toBe(0);
  });

  it("announces nothing and queues no event when nothing has expired", async () => {
    await announce();
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents);
    const { licenses: issued } = await issueLicenses(t, { quantity: 2 });
    expect(await announce()).toBe(0);
    expect((await announcementsOf(issued.map((license) => license.id))).audits).toEqual([]);
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents)).toEqual(before);
  });
});

// ---------------------------------------------------------------- migration 0019

/** A copy of the committed migrations that stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "portal-migrations-"));
  await cp(migrationsFolder, directory, { recursive: true });
  const journalFile = path.join(directory, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return directory;
}

/** An empty database of its own: in-memory PGlite, or a new PostgreSQL database that the run's teardown drops. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE !== "postgres") return openDatabase({ kind: "pglite" });
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `portal_m_${inject("postgresRunId")}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
}

describe("migration 0019", () => {
  it("marks the licences that had already ended as announced, so the job does not announce them all at once", async () => {
    const before = await migrationsBefore("0019_licensing_models");
    const handle = await emptyDatabase();
    try {
      const migrateWith = (folder: string) => handle.withExclusiveLock(7_340_002, (db) => migratePg(db as unknown as NodePgDatabase, { migrationsFolder: folder }));
      await migrateWith(before);
      const { rows } = (await handle.db.execute(sql`
        with owner as (
          insert into users (email, user_name, firstname, lastname, password_hash) values ('old@example.com', 'old', 'Old', 'Timer', 'x') returning id
        ), plan as (
          insert into plans (name, price_cents, currency, billing_period, duration_days, max_activations) values ('Old plan', 100, 'USD', 'yearly', 365, 1) returning id
        )
        insert into licenses (key_compact, owner_id, plan_id, expires_at, max_activations)
        select key, owner.id, plan.id, ends, 1 from owner, plan,
          (values ('ENDEDLONGAGO', now() - interval '300 days'), ('ENDEDJUSTNOW', now() - interval '1 second'), ('STILLRUNNING', now() + interval '30 days')) as l(key, ends)
        returning key_compact`)) as unknown as { rows: unknown[] };
      expect(rows).toHaveLength(3);

      await migrateWith(migrationsFolder);
      const marked = await handle.db.select({ key: licenses.keyCompact, announced: licenses.expiryAnnouncedAt, strategy: licenses.expirationStrategy }).from(licenses);
      expect(Object.fromEntries(marked.map((row) => [row.key, row.announced !== null]))).toEqual({ ENDEDLONGAGO: true, ENDEDJUSTNOW: true, STILLRUNNING: false });
      expect(new Set(marked.map((row) => row.strategy))).toEqual(new Set(["revoke"]));
      // What is left for the job: none of them until the running one ends.
      expect(await announceExpiredLicenses(handle.db, { wake: () => undefined })).toBe(0);
    } finally {
      await handle.close();
      await rm(before, { recursive: true, force: true });
    }
  }, 120_000);
});
