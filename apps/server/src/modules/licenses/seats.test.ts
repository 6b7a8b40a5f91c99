import { createPublicKey, randomBytes, verify } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatLicenseKey, licenseKeyCheckCharacter, type AdminDashboard, type InstallationList, type License, type LicenseRequest, type Page, type Plan, type ValidationData } from "@portal/contract";
import { auditEvents, installations, jobs, licenses, webhookEndpoints, webhookEvents } from "../../db/schema/index.js";
import { pruneDoneRuns } from "../jobs/index.js";
import { adminToken, createCustomer, issueLicenses } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";
import { markLapsedSeatsDead } from "./seats.service.js";

// The job runner stays off: the lapse job is run by hand, and the deliveries stay queued.
const t = useTestApp({ VALIDATE_RATE_LIMIT_PER_MINUTE: "100000", VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "100000" }, { runJobs: false });

interface Signed {
  status: string;
  data: ValidationData;
  signature: string;
}

let plans = 0;

/** A customer holding a licence of a new floating plan with `seats` seats (heartbeat 60 s). */
async function floatingLicense(seats: number) {
  const admin = await adminToken(t.app);
  const planResponse = await call(t.app, {
    method: "POST",
    url: "/api/v1/plans",
    token: admin,
    payload: {
      name: `Floating plan ${++plans} ${randomBytes(3).toString("hex")}`,
      price: 100,
      currency: "USD",
      billingPeriod: "yearly",
      durationDays: 30,
      maxActivations: seats,
      floating: true,
      heartbeatSeconds: 60,
    },
  });
  expect(planResponse.statusCode).toBe(201);
  const plan = json<{ data: Plan }>(planResponse).data;
  const customer = await createCustomer(t);
  const request = json<{ data: LicenseRequest }>(
    await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload: { planId: plan.id, quantity: 1 } }),
  ).data;
  expect((await call(t.app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: admin })).statusCode).toBe(200);
  const license = json<{ data: Page<License> }>(await call(t.app, { method: "GET", url: "/api/v1/licenses", token: customer.token })).data.items[0]!;
  expect(license).toMatchObject({ floating: true, heartbeatSeconds: 60, seats: { used: 0, max: seats } });
  return { admin, customer, license, key: license.key };
}

async function post(path: "validate" | "heartbeat" | "release", body: Record<string, unknown>) {
  const response = await t.app.inject({ method: "POST", url: `/api/v1/licenses/${path}`, payload: body });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  const signed = json<Signed>(response);
  // Signed over the exact bytes of `data` in the body.
  expect(response.body).toContain(JSON.stringify(signed.data));
  const { publicKey } = json<{ data: { publicKey: string } }>(await t.app.inject({ method: "GET", url: "/api/v1/licenses/public-key" })).data;
  expect(verify(null, Buffer.from(JSON.stringify(signed.data)), createPublicKey(publicKey), Buffer.from(signed.signature, "base64"))).toBe(true);
  return signed.data;
}
const validate = (key: string, fingerprint?: string) => post("validate", { key, ...(fingerprint === undefined ? {} : { fingerprint }) });
const heartbeat = (key: string, fingerprint: string) => post("heartbeat", { key, fingerprint, nonce: "beat" });
const release = (key: string, fingerprint: string) => post("release", { key, fingerprint });

async function installationOf(licenseId: string, fingerprint: string) {
  const [row] = await t.database.db
    .select()
    .from(installations)
    .where(and(eq(installations.licenseId, licenseId), eq(installations.fingerprint, fingerprint)));
  return row!;
}

/** Moves a seat's lease end to `secondsFromNow` (negative: in the past), as time passing would. */
async function setLease(licenseId: string, fingerprint: string, secondsFromNow: number) {
  await t.database.db
    .update(installations)
    .set({ leaseExpiresAt: sql`now() + make_interval(secs => ${secondsFromNow})` })
    .where(and(eq(installations.licenseId, licenseId), eq(installations.fingerprint, fingerprint)));
}

const seatsOf = async (id: string, token: string) => json<{ data: License }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${id}`, token })).data.seats;

/** Seconds from now to an ISO time. */
const secondsAhead = (iso: string | null) => (Date.parse(iso!) - Date.now()) / 1000;

describe("floating seats", () => {
  it("takes a seat by validation and refreshes its lease by validation and heartbeat, one installation throughout", async () => {
    const { customer, license, key } = await floatingLicense(2);
    const taken = await validate(key, "desk-1");
    expect(taken).toMatchObject({ valid: true, code: "VALID", fingerprint: "desk-1", license: { status: "active", floating: true, heartbeatSeconds: 60 } });
    expect(secondsAhead(taken.leaseExpiresAt)).toBeGreaterThan(50);
    expect(secondsAhead(taken.leaseExpiresAt)).toBeLessThanOrEqual(61);
    const row = await installationOf(license.id, "desk-1");
    expect(row).toMatchObject({ releasedAt: null, deadAt: null });
    expect(row.lastHeartbeatAt).not.toBeNull();
    expect(await seatsOf(license.id, customer.token)).toEqual({ used: 1, max: 2 });

    await setLease(license.id, "desk-1", 5);
    const beat = await heartbeat(key, "desk-1");
    expect(beat).toMatchObject({ valid: true, code: "VALID", nonce: "beat", fingerprint: "desk-1", license: { id: license.id } });
    expect(secondsAhead(beat.leaseExpiresAt)).toBeGreaterThan(50);
    expect((await installationOf(license.id, "desk-1")).leaseExpiresAt!.toISOString()).toBe(beat.leaseExpiresAt);

    await setLease(license.id, "desk-1", 5);
    const again = await validate(key, "desk-1");
    expect(again.code).toBe("VALID");
    expect(secondsAhead(again.leaseExpiresAt)).toBeGreaterThan(50);
    // Validation without a fingerprint takes no seat.
    expect(await validate(key)).toMatchObject({ code: "VALID", leaseExpiresAt: null });

    const rows = await t.database.db.select().from(installations).where(eq(installations.licenseId, license.id));
    expect(rows).toHaveLength(1);
    const audits = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, license.id), eq(auditEvents.action, "license.activated")));
    expect(audits).toHaveLength(1);
  });

  it("refreshes a seat in its drift allowance (lease ended less than 30 s ago) by heartbeat and by validation", async () => {
    const { license, key } = await floatingLicense(1);
    await validate(key, "drifting");
    await setLease(license.id, "drifting", -10);
    const beat = await heartbeat(key, "drifting");
    expect(beat.code).toBe("VALID");
    expect(secondsAhead(beat.leaseExpiresAt)).toBeGreaterThan(50);
    await setLease(license.id, "drifting", -10);
    expect((await validate(key, "other")).code).toBe("TOO_MANY_ACTIVATIONS");
    const validated = await validate(key, "drifting");
    expect(validated.code).toBe("VALID");
    expect(secondsAhead(validated.leaseExpiresAt)).toBeGreaterThan(50);
  });

  it("counts seats: a full licence refuses a new fingerprint, a lapsed lease frees its seat at once, the lapsed machine then finds none", async () => {
    const { customer, license, key } = await floatingLicense(2);
    expect((await validate(key, "a")).code).toBe("VALID");
    expect((await validate(key, "b")).code).toBe("VALID");
    expect(await validate(key, "c")).toMatchObject({ valid: false, code: "TOO_MANY_ACTIVATIONS", leaseExpiresAt: null });
    expect(await heartbeat(key, "c")).toMatchObject({ valid: false, code: "NOT_FOUND" });

    // 31 s past its end: past the 30 s drift allowance, not yet marked dead by the job.
    await setLease(license.id, "a", -31);
    expect(await seatsOf(license.id, customer.token)).toEqual({ used: 1, max: 2 });
    expect(await heartbeat(key, "a")).toMatchObject({ valid: false, code: "LEASE_EXPIRED", leaseExpiresAt: null });
    expect((await validate(key, "c")).code).toBe("VALID");
    expect(await validate(key, "a")).toMatchObject({ valid: false, code: "TOO_MANY_ACTIVATIONS" });
    expect(await seatsOf(license.id, customer.token)).toEqual({ used: 2, max: 2 });
    // A lapsed seat is no release: nothing counted against the releases per 30 days.
    const list = json<{ data: InstallationList }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${license.id}/installations`, token: customer.token })).data;
    expect(list.releasesLast30Days).toBe(0);
    expect(list.items.map((item) => item.fingerprint)).toEqual([expect.any(String), expect.any(String), "a"]);
    expect(list.items.slice(0, 2).map((item) => item.fingerprint).sort()).toEqual(["b", "c"]);
  });

  it("takes a lapsed seat again by validating (resurrection): the same installation, dead_at cleared, no new activation", async () => {
    const { license, key } = await floatingLicense(1);
    await validate(key, "phoenix");
    const first = await installationOf(license.id, "phoenix");
    await setLease(license.id, "phoenix", -40);
    await markLapsedSeatsDead(t.database.db, t.app.jobs);
    expect((await installationOf(license.id, "phoenix")).deadAt).not.toBeNull();
    expect(await heartbeat(key, "phoenix")).toMatchObject({ code: "LEASE_EXPIRED" });

    const back = await validate(key, "phoenix");
    expect(back.code).toBe("VALID");
    expect(secondsAhead(back.leaseExpiresAt)).toBeGreaterThan(50);
    const row = await installationOf(license.id, "phoenix");
    expect(row).toMatchObject({ id: first.id, deadAt: null, releasedAt: null });
    expect((await heartbeat(key, "phoenix")).code).toBe("VALID");
    const activated = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, license.id), eq(auditEvents.action, "license.activated")));
    expect(activated).toHaveLength(1);
  });

  it("checks a seat in (release): free for another fingerprint at once, LEASE_EXPIRED after, no heartbeat-dead event, no release counted", async () => {
    const { customer, license, key } = await floatingLicense(1);
    await validate(key, "leaving");
    expect((await validate(key, "arriving")).code).toBe("TOO_MANY_ACTIVATIONS");
    const released = await release(key, "leaving");
    expect(released).toMatchObject({ valid: false, code: "LEASE_EXPIRED", fingerprint: "leaving" });
    expect(Math.abs(secondsAhead(released.leaseExpiresAt))).toBeLessThan(5);
    const row = await installationOf(license.id, "leaving");
    expect(row.deadAt).not.toBeNull();
    expect(row.releasedAt).toBeNull();

    expect((await validate(key, "arriving")).code).toBe("VALID");
    expect(await heartbeat(key, "leaving")).toMatchObject({ valid: false, code: "LEASE_EXPIRED" });
    // Released again: the same answer, the lease's end unchanged.
    expect((await release(key, "leaving")).leaseExpiresAt).toBe(released.leaseExpiresAt);

    await setLease(license.id, "leaving", -100);
    await markLapsedSeatsDead(t.database.db, t.app.jobs);
    const dead = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, license.id), eq(auditEvents.action, "license.heartbeat_dead")));
    expect(dead).toEqual([]);
    const list = json<{ data: InstallationList }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${license.id}/installations`, token: customer.token })).data;
    expect(list.releasesLast30Days).toBe(0);
    expect(list.items.map((item) => [item.fingerprint, item.deadAt !== null])).toEqual([
      ["arriving", false],
      ["leaving", true],
    ]);
  });

  it("checks a seat in from the installations panel: not counted against the releases per 30 days, no released_at", async () => {
    const { customer, license, key } = await floatingLicense(1);
    await validate(key, "panel");
    const [item] = json<{ data: InstallationList }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${license.id}/installations`, token: customer.token })).data.items;
    for (let round = 0; round < 4; round++) {
      const response = await call(t.app, { method: "POST", url: `/api/v1/licenses/${license.id}/installations/${item!.id}/release`, token: customer.token });
      expect(response.statusCode).toBe(200);
      expect(json<{ data: InstallationList }>(response).data).toMatchObject({ releasesLast30Days: 0, items: [{ id: item!.id, deadAt: expect.any(String) }] });
      expect(await seatsOf(license.id, customer.token)).toEqual({ used: 0, max: 1 });
      // The machine may take a seat again (a released node-locked installation may not).
      expect((await validate(key, "panel")).code).toBe("VALID");
    }
    expect((await installationOf(license.id, "panel")).releasedAt).toBeNull();
  });

  it("leaves node-locked licences as they were: heartbeat VALID without a lease, release changes nothing", async () => {
    const { licenses: [license] } = await issueLicenses(t, { maxActivations: 1 });
    const key = license!.key;
    expect(await validate(key, "fixed")).toMatchObject({ code: "VALID", leaseExpiresAt: null });
    expect(await heartbeat(key, "fixed")).toMatchObject({ valid: true, code: "VALID", leaseExpiresAt: null, license: { floating: false } });
    const before = await installationOf(license!.id, "fixed");
    expect(await release(key, "fixed")).toMatchObject({ valid: true, code: "VALID", leaseExpiresAt: null });
    expect(await installationOf(license!.id, "fixed")).toEqual(before);
    expect(before).toMatchObject({ leaseExpiresAt: null, deadAt: null, lastHeartbeatAt: null });
    expect((await validate(key, "other")).code).toBe("TOO_MANY_ACTIVATIONS");
    expect(await heartbeat(key, "other")).toMatchObject({ code: "NOT_FOUND", license: { id: license!.id } });
  });

  it("answers heartbeat and release refusals signed like validation: NOT_FOUND, DEACTIVATED, EXPIRED; a bad body is 422, never 500", async () => {
    const { admin, license, key } = await floatingLicense(1);
    await validate(key, "m");
    // Well formed (its check character right), issued to nobody.
    const body = "A".repeat(29);
    const wellFormedUnknown = formatLicenseKey(body + licenseKeyCheckCharacter(body));
    for (const path of ["heartbeat", "release"] as const) {
      expect(await post(path, { key: wellFormedUnknown, fingerprint: "m" })).toMatchObject({ valid: false, code: "NOT_FOUND", fingerprint: "m" });
      expect(await post(path, { key: "not a key", fingerprint: "m" })).toMatchObject({ code: "NOT_FOUND" });
      expect(await post(path, { key, fingerprint: "never-seen", nonce: "n" })).toMatchObject({ code: "NOT_FOUND", nonce: "n" });
      for (const [body, field] of [
        [{}, "key"],
        [{ key }, "fingerprint"],
        [{ key, fingerprint: 5 }, "fingerprint"],
        [{ key, fingerprint: "" }, "fingerprint"],
        [{ key, fingerprint: "x".repeat(201) }, "fingerprint"],
        [{ key: "k".repeat(101), fingerprint: "m" }, "key"],
        [{ key, fingerprint: "m", nonce: 7 }, "nonce"],
      ] as const) {
        const response = await t.app.inject({ method: "POST", url: `/api/v1/licenses/${path}`, payload: body });
        expect(response.statusCode).toBe(422);
        expect(firstError(response).loc).toEqual(["body", field]);
      }
      const extra = await t.app.inject({ method: "POST", url: `/api/v1/licenses/${path}`, payload: { key, fingerprint: "m", seats: 9 } });
      expect(extra.statusCode).toBe(422);
      const notJson = await t.app.inject({ method: "POST", url: `/api/v1/licenses/${path}`, headers: { "content-type": "application/json" }, payload: "{" });
      expect(notJson.statusCode).toBeLessThan(500);
      expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${license.id}/deactivate`, token: admin })).statusCode).toBe(200);
    expect(await heartbeat(key, "m")).toMatchObject({ valid: false, code: "DEACTIVATED" });
    expect(await release(key, "m")).toMatchObject({ valid: false, code: "DEACTIVATED" });
    expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${license.id}/reactivate`, token: admin })).statusCode).toBe(200);
    await t.database.db.update(licenses).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(licenses.id, license.id));
    expect(await heartbeat(key, "m")).toMatchObject({ valid: false, code: "EXPIRED" });
  });

  it("marks each lapsed lease dead once, with one audit event and one installation.heartbeat-dead event each; a second lapse after a resurrection is a new one", async () => {
    await t.database.db.delete(webhookEndpoints);
    await t.database.db.insert(webhookEndpoints).values({ url: "https://receiver.example.com/hook", events: ["installation.heartbeat-dead"], secretSealed: "sealed" });
    const { license, key } = await floatingLicense(5);
    const machines = ["l1", "l2", "l3", "l4"];
    for (const machine of machines) expect((await validate(key, machine)).code).toBe("VALID");
    for (const machine of ["l1", "l2", "l3"]) await setLease(license.id, machine, -31);
    // In its drift allowance: not lapsed yet.
    await setLease(license.id, "l4", -20);

    const eventsOf = async () =>
      (await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.type, "installation.heartbeat-dead"))).filter(
        (event) => (event.payload as { data: { license: { id: string } } }).data.license.id === license.id,
      );
    const auditsOf = () => t.database.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, license.id), eq(auditEvents.action, "license.heartbeat_dead")));

    // Batches of 2: the job goes on until a batch comes back short.
    expect(await markLapsedSeatsDead(t.database.db, t.app.jobs, 2)).toBeGreaterThanOrEqual(3);
    expect(await markLapsedSeatsDead(t.database.db, t.app.jobs, 2)).toBe(0);
    const events = await eventsOf();
    const byInstallation = events.map((event) => (event.payload as { data: { installation: { fingerprint: string; deadAt: string | null } } }).data.installation);
    expect(byInstallation.map((installation) => installation.fingerprint).sort()).toEqual(["l1", "l2", "l3"]);
    for (const installation of byInstallation) expect(installation.deadAt).not.toBeNull();
    expect((events[0]!.payload as { data: { license: License } }).data.license).toMatchObject({ id: license.id, seats: { used: 1, max: 5 } });
    const audits = await auditsOf();
    expect(audits).toHaveLength(3);
    for (const audit of audits) {
      expect(audit).toMatchObject({ actorId: null, targetType: "license" });
      const details = audit.details as { installationId: string; fingerprint: string };
      expect((await installationOf(license.id, details.fingerprint)).id).toBe(details.installationId);
    }
    const installationsPanel = json<{ data: InstallationList }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${license.id}/installations`, token: await adminToken(t.app) })).data;
    expect(installationsPanel.items[0]).toMatchObject({ fingerprint: "l4", deadAt: null });
    expect(installationsPanel.items.slice(1).every((item) => item.deadAt !== null && item.lastHeartbeatAt !== null && item.leaseExpiresAt !== null)).toBe(true);

    // l1 comes back, lapses again: one more event; l4 lapses now too.
    expect((await validate(key, "l1")).code).toBe("VALID");
    await setLease(license.id, "l1", -31);
    await setLease(license.id, "l4", -31);
    await markLapsedSeatsDead(t.database.db, t.app.jobs);
    await markLapsedSeatsDead(t.database.db, t.app.jobs);
    expect((await eventsOf()).map((event) => (event.payload as { data: { installation: { fingerprint: string } } }).data.installation.fingerprint).sort()).toEqual(["l1", "l1", "l2", "l3", "l4"]);
    expect(await auditsOf()).toHaveLength(5);
    await t.database.db.delete(webhookEndpoints);
  });

  it("writes a thousand lapses' audit and webhook events in a few statements", async () => {
    await t.database.db.delete(webhookEndpoints);
    await t.database.db.insert(webhookEndpoints).values({ url: "https://receiver.example.com/hook", events: ["*"], secretSealed: "sealed" });
    const { license } = await floatingLicense(1000);
    await t.database.db.insert(installations).values(
      Array.from({ length: 1000 }, (_, index) => ({
        licenseId: license.id,
        fingerprint: `bulk-${index}`,
        leaseExpiresAt: sql`now() - interval '31 seconds' - make_interval(secs => ${index % 7})`,
        lastHeartbeatAt: sql`now() - interval '91 seconds'`,
      })),
    );
    const started = performance.now();
    expect(await markLapsedSeatsDead(t.database.db, t.app.jobs)).toBeGreaterThanOrEqual(1000);
    const elapsed = performance.now() - started;
    const events = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.type, "installation.heartbeat-dead"), sql`${webhookEvents.payload}->'data'->'license'->>'id' = ${license.id}`));
    expect(events[0]!.count).toBe(1000);
    const marked = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(installations)
      .where(and(eq(installations.licenseId, license.id), sql`${installations.deadAt} is not null`));
    expect(marked[0]!.count).toBe(1000);
    // Generous for a loaded 2-core test machine; on PostgreSQL it takes some 100 ms.
    expect(elapsed).toBeLessThan(20_000);
    await t.database.db.delete(webhookEndpoints);
  });

  it("gives the last seat to exactly one of 20 concurrent validations, and a lapsed seat to exactly one of its two old holders", async () => {
    const { license, key } = await floatingLicense(3);
    expect((await validate(key, "seat-1")).code).toBe("VALID");
    expect((await validate(key, "seat-2")).code).toBe("VALID");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => validate(key, `racer-${index}`)));
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === "VALID")).toHaveLength(1);
    expect(codes.filter((code) => code === "TOO_MANY_ACTIVATIONS")).toHaveLength(19);
    const winner = `racer-${codes.indexOf("VALID")}`;
    const rows = await t.database.db.select().from(installations).where(eq(installations.licenseId, license.id));
    expect(rows.map((row) => row.fingerprint).sort()).toEqual(["seat-1", "seat-2", winner].sort());

    // Two seats lapse, a third holder takes one: the two old holders race for the last.
    await setLease(license.id, "seat-1", -31);
    await setLease(license.id, "seat-2", -31);
    expect((await validate(key, "newcomer")).code).toBe("VALID");
    const comeback = await Promise.all([validate(key, "seat-1"), validate(key, "seat-2"), heartbeat(key, "seat-1"), heartbeat(key, "seat-2")]);
    expect(comeback.slice(0, 2).map((answer) => answer.code).sort()).toEqual(["TOO_MANY_ACTIVATIONS", "VALID"]);
    // Heartbeats never take a seat back.
    expect(comeback.slice(2).every((answer) => answer.code === "LEASE_EXPIRED" || answer.code === "VALID")).toBe(true);
    const holding = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(installations)
      .where(and(eq(installations.licenseId, license.id), sql`${installations.deadAt} is null and ${installations.leaseExpiresAt} > now() - interval '30 seconds'`));
    expect(holding[0]!.count).toBe(3);
  });

  it("counts a floating machine once among the admin dashboard's live installations, across lapse and return", async () => {
    const admin = await adminToken(t.app);
    const live = async () => json<{ data: AdminDashboard }>(await call(t.app, { method: "GET", url: "/api/v1/admin/dashboard", token: admin })).data.installations.live;
    const before = await live();
    const { license, key } = await floatingLicense(2);
    await validate(key, "counted");
    expect(await live()).toBe(before + 1);
    await setLease(license.id, "counted", -31);
    await validate(key, "counted");
    await heartbeat(key, "counted");
    expect(await live()).toBe(before + 1);
    const rows = await t.database.db.select().from(installations).where(inArray(installations.licenseId, [license.id]));
    expect(rows).toHaveLength(1);
  });

  it("keeps the lapse job's done runs one day (4,320 rows a day at its 20 s), its failures and other kinds' runs as before", async () => {
    const hoursAgo = (hours: number) => sql`now() - make_interval(hours => ${hours})`;
    const rows = await t.database.db
      .insert(jobs)
      .values([
        { kind: "licence-lease-sweep", payload: {}, state: "done", finishedAt: hoursAgo(25) },
        { kind: "licence-lease-sweep", payload: {}, state: "done", finishedAt: hoursAgo(23) },
        { kind: "licence-lease-sweep", payload: {}, state: "failed", finishedAt: hoursAgo(25) },
        { kind: "licence-expiry-reminders", payload: {}, state: "done", finishedAt: hoursAgo(25) },
      ])
      .returning({ id: jobs.id });
    expect(await pruneDoneRuns(t.database.db, "licence-lease-sweep", 24)).toBe(1);
    const left = await t.database.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, rows.map((row) => row.id)));
    expect(left.map((row) => row.id).sort()).toEqual(rows.slice(1).map((row) => row.id).sort());
  });
});
