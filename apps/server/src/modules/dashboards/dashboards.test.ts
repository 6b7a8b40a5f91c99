import { rm } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ISSUED_DAYS_SHOWN, customerActivityActions, type AdminDashboard, type CustomerDashboard, type Ticket } from "@portal/contract";
import { installations, licenseRequests, licenses, rowCounts, tickets, users, validationCounts } from "../../db/schema/index.js";
import { loginRequest, registerUser } from "../../test/accounts.js";
import { openSecondConnection } from "../../test/database.js";
import { adminToken, createCustomer, createTrialPlan, issueLicenses, startTrialOf } from "../../test/factories.js";
import { call, json } from "../../test/http.js";
import { createTestApp, useTestApp, type TestApp } from "../../test/test-app.js";
import { recordAudit } from "../../db/audit.js";
import { ValidationCounter } from "./validation-counter.js";

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;

async function dashboardOf(token: string): Promise<CustomerDashboard> {
  const response = await call(t.app, { method: "GET", url: "/api/v1/dashboard", token });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: CustomerDashboard }>(response).data;
}

async function adminDashboardOf(token: string): Promise<AdminDashboard> {
  const response = await call(t.app, { method: "GET", url: "/api/v1/admin/dashboard", token });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: AdminDashboard }>(response).data;
}

async function openTicket(token: string): Promise<Ticket> {
  const response = await call(t.app, { method: "POST", url: "/api/v1/tickets", token, payload: { subject: "Cannot activate", type: "technical", priority: "high", message: "The installer stops at 90%." } });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: Ticket }>(response).data;
}

const validate = (key: string, fingerprint?: string) =>
  call(t.app, { method: "POST", url: "/api/v1/licenses/validate", payload: { key, ...(fingerprint ? { fingerprint } : {}) } });

const countBy = <Value extends string>(values: Value[], value: Value) => values.filter((item) => item === value).length;

/** Licences of one customer in every status, one expiring in 10 days and one in 31; requests and tickets in several states. */
async function customerWithEverything() {
  const { admin, customer, licenses: issued } = await issueLicenses(t, { quantity: 5 });
  const [activated, deactivated, soon, later] = issued;
  expect((await validate(activated!.key, "machine-1")).statusCode).toBe(200);
  expect((await validate(soon!.key, "machine-2")).statusCode).toBe(200);
  expect((await validate(later!.key, "machine-3")).statusCode).toBe(200);
  expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${deactivated!.id}/deactivate`, token: admin })).statusCode).toBe(200);
  // Plans last 30 days; move two expiries to either side of the 30-day line.
  await t.database.db.update(licenses).set({ expiresAt: sql`now() + interval '10 days'` }).where(eq(licenses.id, soon!.id));
  await t.database.db.update(licenses).set({ expiresAt: sql`now() + interval '31 days'` }).where(eq(licenses.id, later!.id));
  await t.database.db.update(licenses).set({ expiresAt: sql`now() + interval '40 days'` }).where(eq(licenses.id, activated!.id));

  const { plan } = await issueLicenses(t, { customer });
  for (let index = 0; index < 2; index += 1) {
    const requested = await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload: { planId: plan.id, quantity: 1 } });
    expect(requested.statusCode, requested.body).toBe(201);
  }
  const [open, progressing, resolved] = [await openTicket(customer.token), await openTicket(customer.token), await openTicket(customer.token)];
  expect((await call(t.app, { method: "POST", url: `/api/v1/tickets/${progressing.id}/in-progress`, token: admin })).statusCode).toBeLessThan(300);
  expect((await call(t.app, { method: "POST", url: `/api/v1/tickets/${resolved.id}/resolve`, token: admin })).statusCode).toBeLessThan(300);
  return { admin, customer, soon: soon!, later: later!, open, resolved };
}

describe("GET /dashboard", () => {
  it("answers the customer's own figures, agreeing with the rows they count", async () => {
    const { customer, soon, resolved } = await customerWithEverything();
    const stranger = await issueLicenses(t, { quantity: 2 });
    await openTicket(stranger.customer.token);

    const dashboard = await dashboardOf(customer.token);
    const own = await t.database.db.select({ status: licenses.status, expiresAt: licenses.expiresAt }).from(licenses).where(eq(licenses.ownerId, customer.user.id));
    const statuses = own.map((row) => row.status);
    const now = Date.now();
    expect(dashboard.licenses).toEqual({
      active: countBy(statuses, "active"),
      notActivated: countBy(statuses, "not_activated"),
      deactivated: countBy(statuses, "deactivated"),
      expiringIn30Days: own.filter((row) => row.status === "active" && row.expiresAt.getTime() - now <= 30 * DAY_MS).length,
    });
    expect(dashboard.licenses).toEqual({ active: 3, notActivated: 2, deactivated: 1, expiringIn30Days: 1 });
    expect(dashboard.expiring).toEqual([{ id: soon.id, key: soon.key, planName: expect.any(String), expiresAt: expect.any(String) }]);

    const requestRows = await t.database.db.select({ status: licenseRequests.status }).from(licenseRequests).where(eq(licenseRequests.requesterId, customer.user.id));
    expect(dashboard.requests).toEqual({ pending: countBy(requestRows.map((row) => row.status), "pending") });
    expect(dashboard.requests.pending).toBe(2);
    const ticketRows = (await t.database.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.userId, customer.user.id))).map((row) => row.status);
    expect(dashboard.tickets).toEqual({ open: countBy(ticketRows, "open"), inProgress: countBy(ticketRows, "in_progress"), resolved: countBy(ticketRows, "resolved") });
    expect(dashboard.tickets).toEqual({ open: 1, inProgress: 1, resolved: 1 });

    // Newest first, own actions and support's on their things; nothing of the stranger's.
    const times = dashboard.recentActivity.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(dashboard.recentActivity.length).toBeLessThanOrEqual(10);
    expect(dashboard.recentActivity[0]).toMatchObject({ action: "ticket.status_changed", targetType: "ticket", targetId: resolved.id });
    expect(dashboard.recentActivity.map((entry) => entry.action)).not.toContain("auth.login");
    const strangerTargets = new Set([stranger.request.id, ...stranger.licenses.map((license) => license.id)]);
    expect(dashboard.recentActivity.filter((entry) => strangerTargets.has(entry.targetId ?? ""))).toEqual([]);
  });

  it("answers zeros and empty lists to a new customer", async () => {
    const newcomer = await createCustomer(t);
    const dashboard = await dashboardOf(newcomer.token);
    expect(dashboard).toMatchObject({
      licenses: { active: 0, notActivated: 0, deactivated: 0, expiringIn30Days: 0 },
      requests: { pending: 0 },
      tickets: { open: 0, inProgress: 0, resolved: 0 },
      expiring: [],
      trials: [],
    });
    expect(dashboard.recentActivity.every((entry) => entry.action.startsWith("auth.") || entry.action.startsWith("user."))).toBe(true);
  });

  it("leaves internal notes out of the customer's activity", async () => {
    const customer = await createCustomer(t);
    const ticket = await openTicket(customer.token);
    const token = await adminToken(t.app);
    const note = await call(t.app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token, payload: { body: "Customer is on the old build", internal: true } });
    expect(note.statusCode, note.body).toBe(201);
    const dashboard = await dashboardOf(customer.token);
    expect(dashboard.recentActivity.filter((entry) => entry.targetId === ticket.id).map((entry) => entry.action)).toEqual(["ticket.created"]);
  });

  it("lists a failed sign-in and a settings change each as itself, and only actions the dashboard has words for", async () => {
    const customer = await createCustomer(t);
    await loginRequest(t.app, customer.email, "Wrong-pass-1!");
    expect((await call(t.app, { method: "PUT", url: "/api/v1/settings", token: customer.token, payload: { theme: "dark" } })).statusCode).toBe(200);
    // Recorded with the customer as actor, but not an action of a customer's account: the dashboard has no words for it.
    await recordAudit(t.database.db, { actorId: customer.user.id, ip: null, userAgent: null }, { action: "mfa.code_viewed", targetType: "mfa_authenticator", targetId: "system" });
    const actions = (await dashboardOf(customer.token)).recentActivity.map((entry) => entry.action);
    expect(actions.slice(0, 2)).toEqual(["settings.updated", "auth.login_failed"]);
    for (const action of actions) expect(customerActivityActions, action).toContain(action);
  });

  it("lists the customer's running trials, ending soonest first; ended, deactivated and others' trials not", async () => {
    const customer = await createCustomer(t);
    const stranger = await createCustomer(t);
    const trialPlans = [];
    for (let index = 0; index < 4; index += 1) trialPlans.push((await createTrialPlan(t, { trialDays: 30 })).plan);
    const [later, sooner, ended, deactivated] = await Promise.all(trialPlans.map((plan) => startTrialOf(t.app, customer.token, plan.id)));
    await startTrialOf(t.app, stranger.token, trialPlans[0]!.id);
    // A standard licence ending soon is in `expiring` once active, never in `trials`.
    const { licenses: [standard] } = await issueLicenses(t, { customer });
    const endsIn = (id: string, interval: string) => t.database.db.update(licenses).set({ expiresAt: sql`now() + ${interval}::interval` }).where(eq(licenses.id, id));
    await endsIn(later!.id, "10 days");
    await endsIn(sooner!.id, "2 days");
    await endsIn(ended!.id, "-1 hour");
    await endsIn(standard!.id, "1 day");
    const admin = await adminToken(t.app);
    expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${deactivated!.id}/deactivate`, token: admin })).statusCode).toBe(200);

    const dashboard = await dashboardOf(customer.token);
    const rows = await t.database.db.select().from(licenses).where(eq(licenses.ownerId, customer.user.id));
    const endOf = (id: string) => rows.find((row) => row.id === id)!.expiresAt.toISOString();
    expect(dashboard.trials).toEqual([
      { id: sooner!.id, key: sooner!.key, planName: trialPlans[1]!.name, expiresAt: endOf(sooner!.id) },
      { id: later!.id, key: later!.key, planName: trialPlans[0]!.name, expiresAt: endOf(later!.id) },
    ]);
    expect((await dashboardOf(stranger.token)).trials.map((trial) => trial.planName)).toEqual([trialPlans[0]!.name]);
  });

  it("answers 401 without a token", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/v1/dashboard" })).statusCode).toBe(401);
  });
});

describe("GET /admin/dashboard", () => {
  it("answers portal-wide figures agreeing with the rows they count", async () => {
    const { admin } = await customerWithEverything();
    await registerUser(t.app);
    const locked = await createCustomer(t);
    expect((await call(t.app, { method: "POST", url: `/api/v1/users/${locked.user.id}/lock`, token: admin })).statusCode).toBe(200);
    await t.app.validationCounter.flush();

    const dashboard = await adminDashboardOf(admin);
    const db = t.database.db;
    const userStatuses = (await db.select({ status: users.status }).from(users)).map((row) => row.status);
    expect(dashboard.users).toEqual({
      pending: countBy(userStatuses, "pending"),
      active: countBy(userStatuses, "active"),
      locked: countBy(userStatuses, "locked"),
      total: userStatuses.length,
    });
    expect(dashboard.users.pending).toBeGreaterThanOrEqual(1);
    expect(dashboard.users.locked).toBeGreaterThanOrEqual(1);
    const requestStatuses = (await db.select({ status: licenseRequests.status }).from(licenseRequests)).map((row) => row.status);
    expect(dashboard.requests).toEqual({ pending: countBy(requestStatuses, "pending") });
    const ticketStatuses = (await db.select({ status: tickets.status }).from(tickets)).map((row) => row.status);
    expect(dashboard.tickets).toEqual({
      total: ticketStatuses.length,
      open: countBy(ticketStatuses, "open"),
      inProgress: countBy(ticketStatuses, "in_progress"),
      resolved: countBy(ticketStatuses, "resolved"),
      closed: countBy(ticketStatuses, "closed"),
    });
    const licenseRows = await db.select({ status: licenses.status, issuedAt: licenses.issuedAt }).from(licenses);
    const licenseStatuses = licenseRows.map((row) => row.status);
    expect(dashboard.licenses).toMatchObject({
      active: countBy(licenseStatuses, "active"),
      notActivated: countBy(licenseStatuses, "not_activated"),
      deactivated: countBy(licenseStatuses, "deactivated"),
    });

    // Twelve months, oldest first, this one last; every licence was issued this month.
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(dashboard.licenses.issuedPerMonth).toHaveLength(12);
    expect(dashboard.licenses.issuedPerMonth.at(-1)).toEqual({ month: thisMonth, count: licenseRows.filter((row) => row.issuedAt.toISOString().startsWith(thisMonth)).length });
    expect(dashboard.licenses.issuedPerMonth.slice(0, -1).every((entry) => entry.count === 0)).toBe(true);
    const months = dashboard.licenses.issuedPerMonth.map((entry) => entry.month);
    expect([...months].sort()).toEqual(months);
    // Days too (the web groups them into the months of the calendar it shows), oldest first, today last.
    const today = new Date().toISOString().slice(0, 10);
    expect(dashboard.licenses.issuedPerDay).toHaveLength(ISSUED_DAYS_SHOWN);
    expect(dashboard.licenses.issuedPerDay.at(-1)).toEqual({ day: today, count: licenseRows.filter((row) => row.issuedAt.toISOString().startsWith(today)).length });
    expect(dashboard.licenses.issuedPerDay[0]!.day).toBe(new Date(Date.now() - (ISSUED_DAYS_SHOWN - 1) * DAY_MS).toISOString().slice(0, 10));

    const installationRows = await db.select({ releasedAt: installations.releasedAt, lastSeenAt: installations.lastSeenAt }).from(installations);
    expect(dashboard.installations.live).toBe(installationRows.filter((row) => row.releasedAt === null && Date.now() - row.lastSeenAt.getTime() < DAY_MS).length);
    expect(dashboard.installations.live).toBeGreaterThanOrEqual(3);
  });

  it("does not count an installation released or unseen for a day as live", async () => {
    const admin = await adminToken(t.app);
    const before = (await adminDashboardOf(admin)).installations.live;
    const { licenses: issued } = await issueLicenses(t, { quantity: 3, maxActivations: 3 });
    for (const [index, license] of issued.entries()) expect((await validate(license.key, `host-${index}`)).statusCode).toBe(200);
    const ids = (await t.database.db.select({ id: installations.id, licenseId: installations.licenseId }).from(installations)).filter((row) => issued.some((license) => license.id === row.licenseId));
    await t.database.db.update(installations).set({ releasedAt: sql`now()` }).where(eq(installations.licenseId, issued[0]!.id));
    await t.database.db.update(installations).set({ lastSeenAt: sql`now() - interval '25 hours'` }).where(eq(installations.licenseId, issued[1]!.id));
    expect(ids).toHaveLength(3);
    expect((await adminDashboardOf(admin)).installations.live).toBe(before + 1);
  });

  it("keeps its counts by status and month exact through bulk inserts, status changes, deletes, rollbacks and folds", async () => {
    const { admin, customer } = await customerWithEverything();
    const doomed = await issueLicenses(t, { quantity: 2 });
    await openTicket(doomed.customer.token);
    const db = t.database.db;

    /** What the admin dashboard must say, counted afresh from the rows. */
    const freshCounts = async () => {
      const userStatuses = (await db.select({ status: users.status }).from(users)).map((row) => row.status);
      const ticketStatuses = (await db.select({ status: tickets.status }).from(tickets)).map((row) => row.status);
      const licenseRows = await db.select({ status: licenses.status, issuedAt: licenses.issuedAt }).from(licenses);
      const statuses = licenseRows.map((row) => row.status);
      const shown = (await adminDashboardOf(admin)).licenses;
      const months = shown.issuedPerMonth.map((entry) => entry.month);
      const days = shown.issuedPerDay.map((entry) => entry.day);
      return {
        users: { pending: countBy(userStatuses, "pending"), active: countBy(userStatuses, "active"), locked: countBy(userStatuses, "locked"), total: userStatuses.length },
        tickets: {
          total: ticketStatuses.length,
          open: countBy(ticketStatuses, "open"),
          inProgress: countBy(ticketStatuses, "in_progress"),
          resolved: countBy(ticketStatuses, "resolved"),
          closed: countBy(ticketStatuses, "closed"),
        },
        licenses: {
          active: countBy(statuses, "active"),
          notActivated: countBy(statuses, "not_activated"),
          deactivated: countBy(statuses, "deactivated"),
          issuedPerMonth: months.map((month) => ({ month, count: licenseRows.filter((row) => row.issuedAt.toISOString().startsWith(month)).length })),
          issuedPerDay: days.map((day) => ({ day, count: licenseRows.filter((row) => row.issuedAt.toISOString().startsWith(day)).length })),
        },
      };
    };
    const keptCounts = async () => {
      const { users: userCounts, tickets: ticketCounts, licenses: licenseCounts } = await adminDashboardOf(admin);
      return { users: userCounts, tickets: ticketCounts, licenses: licenseCounts };
    };

    // One statement inserts many licences across 14 months (some outside the 12 shown).
    await db.execute(sql`
      insert into licenses (key_compact, owner_id, plan_id, status, issued_at, expires_at, max_activations)
      select key_compact || 'C' || back, owner_id, plan_id, status, issued_at - make_interval(months => back), expires_at, max_activations
      from licenses, generate_series(1, 13) back`);
    // Status changes of many rows at once, a move to another month, and updates that move nothing.
    await db.execute(sql`update licenses set status = 'deactivated' where issued_at < now() - interval '100 days' and status = 'active'`);
    await db.execute(sql`update licenses set status = 'active' where issued_at < now() - interval '200 days' and status = 'not_activated'`);
    await db.execute(sql`update licenses set issued_at = issued_at - interval '1 month' where status = 'deactivated'`);
    await db.execute(sql`update licenses set status = status, max_activations = max_activations + 1`);
    await db.execute(sql`update tickets set status = 'closed' where status = 'resolved'`);
    await db.execute(sql`update tickets set status = 'in_progress' where status = 'open' and user_id = ${customer.user.id}`);
    await db.execute(sql`update users set status = 'locked' where id = ${customer.user.id}`);
    // Deletes, one of them cascading to the customer's licences and tickets.
    await db.execute(sql`delete from licenses where issued_at < now() - interval '300 days' and status = 'deactivated'`);
    await db.execute(sql`delete from users where id = ${doomed.customer.user.id}`);
    // A rolled-back change counts nothing.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update licenses set status = 'deactivated'`);
        await tx.execute(sql`delete from tickets`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");

    const fresh = await freshCounts();
    expect(fresh.licenses.issuedPerMonth.filter((entry) => entry.count > 0).length).toBeGreaterThan(6);
    expect(fresh.licenses.issuedPerDay.filter((entry) => entry.count > 0).length).toBeGreaterThan(6);
    expect(fresh.licenses.deactivated).toBeGreaterThan(1);
    expect(await keptCounts()).toEqual(fresh);

    // Many single-row changes pile up rows in row_counts; a reader folds them and the counts stay.
    const [first] = await db.select({ id: licenses.id, status: licenses.status }).from(licenses).limit(1);
    for (let flip = 0; flip < 70; flip += 1) {
      await db.update(licenses).set({ status: flip % 2 === 0 ? "deactivated" : first!.status }).where(eq(licenses.id, first!.id));
    }
    const rowsOfLicenses = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(rowCounts).where(eq(rowCounts.tableName, "licenses")))[0]!.n;
    const piledUp = await rowsOfLicenses();
    expect(await keptCounts()).toEqual(fresh);
    expect(await rowsOfLicenses()).toBeLessThan(piledUp);
    expect(await keptCounts()).toEqual(await freshCounts());
  });

  it("refuses customers (403) and anonymous callers (401)", async () => {
    const customer = await createCustomer(t);
    const refused = await call(t.app, { method: "GET", url: "/api/v1/admin/dashboard", token: customer.token });
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(json(refused))).not.toContain("issuedPerMonth");
    expect((await call(t.app, { method: "GET", url: "/api/v1/admin/dashboard" })).statusCode).toBe(401);
  });
});

describe("validations per day", () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const storedToday = async (testApp: TestApp) =>
    (await testApp.database.db.select({ count: validationCounts.count }).from(validationCounts).where(eq(validationCounts.day, today())))[0]?.count ?? 0;

  it("counts every answered validation once flushed, and not before", async () => {
    const { admin, licenses: [license] } = await issueLicenses(t);
    await t.app.validationCounter.flush();
    const before = await storedToday(t);
    for (const key of [license!.key, license!.key, "AAAAA-AAAAA-AAAAA-AAAAA-AAAAA-AAAAA"]) expect((await validate(key)).statusCode).toBe(200);
    expect(await storedToday(t)).toBe(before);
    await t.app.validationCounter.flush();
    expect(await storedToday(t)).toBe(before + 3);
    const perDay = (await adminDashboardOf(admin)).validations.perDay;
    expect(perDay).toHaveLength(30);
    expect(perDay.at(-1)).toEqual({ day: today(), count: before + 3 });
  });

  it("adds the batches of several processes together", async () => {
    const second = await openSecondConnection(t.database);
    try {
      const before = await storedToday(t);
      const first = new ValidationCounter(t.database.db, t.app.log);
      const other = new ValidationCounter(second.db, t.app.log);
      for (let index = 0; index < 7; index += 1) first.record();
      for (let index = 0; index < 5; index += 1) other.record();
      await Promise.all([first.flush(), other.flush()]);
      expect(await storedToday(t)).toBe(before + 12);
      // A second flush with nothing new adds nothing.
      await first.flush();
      expect(await storedToday(t)).toBe(before + 12);
    } finally {
      await second.close();
    }
  });

  it("flushes on close, and close does not wait for the timer", async () => {
    const own = await createTestApp();
    let closed = false;
    try {
      const { licenses: [license] } = await issueLicenses(own);
      const validated = await call(own.app, { method: "POST", url: "/api/v1/licenses/validate", payload: { key: license!.key } });
      expect(validated.statusCode).toBe(200);
      const before = await storedToday(own);
      const started = Date.now();
      await own.app.close();
      closed = true;
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(await storedToday(own)).toBe(before + 1);
    } finally {
      if (!closed) await own.app.close();
      await own.database.close();
      await rm(own.dataDir, { recursive: true, force: true });
    }
  });
});
