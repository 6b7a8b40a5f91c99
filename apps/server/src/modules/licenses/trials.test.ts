import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { License, Page, ValidationData } from "@portal/contract";
import {
  auditEvents,
  installations,
  licenseFeatures,
  licenseRequests,
  licenses,
  notifications,
  orders,
  plans,
  trialFingerprints,
  webhookEndpoints,
  webhookEvents,
} from "../../db/schema/index.js";
import { adminToken, createCustomer, createTrialPlan, issueLicenses, startTrialOf } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { multipartFile } from "../../test/multipart.js";
import { useTestApp } from "../../test/test-app.js";
import { TRIAL_STARTS_PER_HOUR } from "./trials.service.js";
import { fingerprintOf } from "./validation.service.js";

// Jobs stay queued: webhook deliveries (to an address nobody resolves) and mail are only checked as written.
const t = useTestApp({ VALIDATE_RATE_LIMIT_PER_MINUTE: "100000", VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "100000" }, { runJobs: false });

const DAY_MS = 86_400_000;

const startTrial = (token: string, planId: string) => call(t.app, { method: "POST", url: `/api/v1/plans/${planId}/trial`, token });

async function validate(key: string, fingerprint: string): Promise<ValidationData> {
  const response = await t.app.inject({ method: "POST", url: "/api/v1/licenses/validate", payload: { key, fingerprint } });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: ValidationData }>(response).data;
}

const uploadReq = (token: string, key: string, installationData: string) =>
  call(t.app, { method: "POST", url: "/api/v1/req/auth", token, ...multipartFile("file", "install.req", `${key}\n${installationData}\n`) });

async function getLicense(token: string, id: string): Promise<License> {
  const response = await call(t.app, { method: "GET", url: `/api/v1/licenses/${id}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: License }>(response).data;
}

const trialsOf = (ownerId: string) => t.database.db.select().from(licenses).where(and(eq(licenses.ownerId, ownerId), eq(licenses.type, "trial")));

describe("POST /plans/{id}/trial", () => {
  beforeEach(async () => {
    // One endpoint listening to everything: each change's events are written to the outbox table.
    await t.app.db.delete(webhookEndpoints);
    await t.app.db.insert(webhookEndpoints).values({ url: "https://receiver.example.com/hook", events: ["*"], secretSealed: "sealed" });
  });

  it("issues a trial licence at once: the plan's limits, features and policy, audited, announced and notified", async () => {
    const { plan, feature } = await createTrialPlan(t, {
      trialDays: 7,
      maxActivations: 3,
      maxReleasesPer30Days: 2,
      floating: true,
      heartbeatSeconds: 120,
      expirationStrategy: "perpetual_fallback",
      offlineTtlDays: 5,
    });
    const customer = await createCustomer(t);
    await t.app.db.delete(webhookEvents);

    const response = await startTrial(customer.token, plan.id);
    expect(response.statusCode, response.body).toBe(201);
    const license = json<{ data: License }>(response).data;
    expect(license).toMatchObject({
      type: "trial",
      status: "not_activated",
      planId: plan.id,
      ownerId: customer.user.id,
      projectId: null,
      maxActivations: 3,
      maxReleasesPer30Days: 2,
      activations: 0,
      floating: true,
      heartbeatSeconds: 120,
      expirationStrategy: "perpetual_fallback",
      offlineTtlDays: 5,
      expired: false,
      seats: { used: 0, max: 3 },
      features: [{ id: feature.id, name: feature.name }],
    });
    expect(Date.parse(license.expiresAt) - Date.parse(license.issuedAt)).toBe(7 * DAY_MS);
    expect(Math.abs(Date.parse(license.issuedAt) - Date.now())).toBeLessThan(60_000);
    expect(await getLicense(customer.token, license.id)).toEqual(license);

    // No request, approval or order: the licence alone.
    const [row] = await t.database.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(row!.requestId).toBeNull();
    expect(await t.database.db.select().from(licenseRequests).where(eq(licenseRequests.requesterId, customer.user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toHaveLength(0);

    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "license.trial_started"), eq(auditEvents.targetId, license.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: customer.user.id, targetType: "license", details: { planId: plan.id } });

    const events = await t.app.db.select().from(webhookEvents);
    expect(events.map((event) => event.type).sort()).toEqual(["license.created", "trial.started"]);
    for (const event of events) expect(event.payload.data).toEqual(license);

    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, customer.user.id));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ type: "license_requests", title: `Your trial of ${plan.name} has started`, link: "/my-licenses/purchased" });
    expect(inbox[0]!.body).toContain("7-day trial");
    expect(inbox[0]!.body).toContain(license.key);
  });

  it("answers 404 plan/not_found for an unknown, inactive or custom plan and one without a trial, 403 to an admin; writes nothing", async () => {
    const { admin, plan } = await createTrialPlan(t);
    const customer = await createCustomer(t);
    const { plan: inactive } = await createTrialPlan(t, { active: false });
    const { plan: noTrial } = await createTrialPlan(t, { trialDays: null });
    // A custom plan (even one made to offer a trial) is someone's own, never a self-serve trial.
    const custom = json<{ data: { id: string } }>(await call(t.app, { method: "POST", url: "/api/v1/plans/custom", token: customer.token, payload: { featureIds: plan.features.map((item) => item.id) } })).data;
    await t.database.db.update(plans).set({ trialDays: 30 }).where(eq(plans.id, custom.id));

    for (const planId of ["5b1e2b56-f886-4e6a-a7f6-92924aea4819", inactive.id, noTrial.id, custom.id]) {
      const refused = await startTrial(customer.token, planId);
      expect(refused.statusCode, planId).toBe(404);
      expect(firstError(refused)).toMatchObject({ loc: ["plan/not_found"], msg: "This plan does not exist or offers no trial." });
    }
    const badId = await startTrial(customer.token, "not-a-uuid");
    expect(badId.statusCode).toBe(422);

    const byAdmin = await startTrial(admin, plan.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(firstError(byAdmin).loc).toEqual(["auth/forbidden"]);
    expect(await t.database.db.select().from(licenses).where(eq(licenses.planId, plan.id))).toHaveLength(0);
    expect(await trialsOf(customer.user.id)).toHaveLength(0);
    expect(await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "license.trial_started"), eq(auditEvents.actorId, customer.user.id)))).toHaveLength(0);
  });

  it("gives each customer one trial of a plan: 409 trial/already_used after it, even ended or deactivated", async () => {
    const { admin, plan } = await createTrialPlan(t);
    const { plan: other } = await createTrialPlan(t);
    const customer = await createCustomer(t);
    const first = await startTrialOf(t.app, customer.token, plan.id);

    const again = await startTrial(customer.token, plan.id);
    expect(again.statusCode).toBe(409);
    expect(firstError(again)).toMatchObject({ loc: ["trial/already_used"], msg: "You have already had a trial of this plan.", type: "warning" });

    // Ended, then deactivated: still had.
    await t.database.db.update(licenses).set({ expiresAt: sql`now() - interval '1 day'` }).where(eq(licenses.id, first.id));
    expect((await startTrial(customer.token, plan.id)).statusCode).toBe(409);
    expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${first.id}/deactivate`, token: admin })).statusCode).toBe(200);
    expect((await startTrial(customer.token, plan.id)).statusCode).toBe(409);

    // Another plan's trial, and another customer's trial of the same plan, are their own.
    expect((await startTrial(customer.token, other.id)).statusCode).toBe(201);
    expect((await startTrial((await createCustomer(t)).token, plan.id)).statusCode).toBe(201);
    expect(await trialsOf(customer.user.id)).toHaveLength(2);
    // A refused start wrote nothing: one audit event per licence.
    expect(await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "license.trial_started"), eq(auditEvents.actorId, customer.user.id)))).toHaveLength(2);
  });

  it("answers two concurrent starts with one licence (201) and one 409, never a 500", async () => {
    const { plan } = await createTrialPlan(t);
    for (let round = 0; round < 3; round++) {
      const customer = await createCustomer(t);
      await t.app.db.delete(webhookEvents);
      const answers = await Promise.all([startTrial(customer.token, plan.id), startTrial(customer.token, plan.id)]);
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join("\n")).toEqual([201, 409]);
      expect(await trialsOf(customer.user.id)).toHaveLength(1);
      // The loser's events went with its rollback.
      expect((await t.app.db.select().from(webhookEvents)).filter((event) => event.type === "trial.started")).toHaveLength(1);
    }
  });

  it(`limits each account to ${TRIAL_STARTS_PER_HOUR} starts an hour (429), refused ones included`, async () => {
    const { plan } = await createTrialPlan(t);
    const customer = await createCustomer(t);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < TRIAL_STARTS_PER_HOUR; attempt++) statuses.push((await startTrial(customer.token, plan.id)).statusCode);
    expect(statuses).toEqual([201, ...Array<number>(TRIAL_STARTS_PER_HOUR - 1).fill(409)]);
    const limited = await startTrial(customer.token, plan.id);
    expect(limited.statusCode).toBe(429);
    expect(firstError(limited).loc).toEqual(["common/rate_limited"]);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Counted per account, not per address: another customer from the same address still starts one.
    expect((await startTrial((await createCustomer(t)).token, plan.id)).statusCode).toBe(201);
  });
});

describe("one trial of a plan per machine", () => {
  it("answers TRIAL_ALREADY_USED to another account's trial on the same fingerprint, and activates nothing", async () => {
    const { plan } = await createTrialPlan(t);
    const [first, second] = [await createCustomer(t), await createCustomer(t)];
    const mine = await startTrialOf(t.app, first.token, plan.id);
    const theirs = await startTrialOf(t.app, second.token, plan.id);

    expect(await validate(mine.key, "shared-machine")).toMatchObject({ valid: true, code: "VALID" });
    const refused = await validate(theirs.key, "shared-machine");
    expect(refused).toMatchObject({ valid: false, code: "TRIAL_ALREADY_USED", fingerprint: "shared-machine", license: { id: theirs.id, type: "trial" } });
    expect(await validate(theirs.key, "shared-machine")).toMatchObject({ valid: false, code: "TRIAL_ALREADY_USED" });
    expect(await getLicense(second.token, theirs.id)).toMatchObject({ status: "not_activated", activations: 0 });
    expect(await t.database.db.select().from(installations).where(eq(installations.licenseId, theirs.id))).toHaveLength(0);

    // The machine's own trial validates again; the refused trial still activates elsewhere.
    expect(await validate(mine.key, "shared-machine")).toMatchObject({ valid: true, code: "VALID" });
    expect(await validate(theirs.key, "their-own-machine")).toMatchObject({ valid: true, code: "VALID" });
    const claims = await t.database.db.select().from(trialFingerprints).where(eq(trialFingerprints.planId, plan.id));
    expect(claims.map((claim) => [claim.fingerprint, claim.licenseId]).sort()).toEqual(
      [
        ["shared-machine", mine.id],
        ["their-own-machine", theirs.id],
      ].sort(),
    );
  });

  it("lets the machine run another plan's trial and a standard licence of the same plan", async () => {
    const { plan } = await createTrialPlan(t);
    const { plan: otherPlan } = await createTrialPlan(t);
    const [first, second] = [await createCustomer(t), await createCustomer(t)];
    const mine = await startTrialOf(t.app, first.token, plan.id);
    expect(await validate(mine.key, "lab-box")).toMatchObject({ code: "VALID" });

    const otherTrial = await startTrialOf(t.app, second.token, otherPlan.id);
    expect(await validate(otherTrial.key, "lab-box")).toMatchObject({ valid: true, code: "VALID" });

    // A standard licence of the trial's plan, bought through a request: no trial rule.
    const request = json<{ data: { id: string } }>(await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: second.token, payload: { planId: plan.id } })).data;
    expect((await call(t.app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: await adminToken(t.app) })).statusCode).toBe(200);
    const [standard] = await t.database.db.select().from(licenses).where(eq(licenses.requestId, request.id));
    expect(standard!.type).toBe("standard");
    const bought = await getLicense(second.token, standard!.id);
    expect(await validate(bought.key, "lab-box")).toMatchObject({ valid: true, code: "VALID" });
    expect(await t.database.db.select().from(trialFingerprints).where(eq(trialFingerprints.licenseId, standard!.id))).toHaveLength(0);
  });

  it("refuses the .req of another account's trial on the same machine (409 license/trial_already_used), not the machine's own", async () => {
    const { admin, plan } = await createTrialPlan(t);
    const [first, second] = [await createCustomer(t), await createCustomer(t)];
    const mine = await startTrialOf(t.app, first.token, plan.id);
    const theirs = await startTrialOf(t.app, second.token, plan.id);
    const machine = JSON.stringify({ hostname: "plant-9", os: "linux" });

    expect((await uploadReq(first.token, mine.key, machine)).statusCode).toBe(200);
    const refused = await uploadReq(second.token, theirs.key, machine);
    expect(refused.statusCode).toBe(409);
    expect(firstError(refused).loc).toEqual(["license/trial_already_used"]);
    expect(await getLicense(second.token, theirs.id)).toMatchObject({ status: "not_activated", activations: 0 });

    // Validation speaks of the same machine by the same fingerprint the .req flow derives.
    expect(await validate(theirs.key, fingerprintOf(machine))).toMatchObject({ code: "TRIAL_ALREADY_USED" });

    // The trial's own machine comes back after a release: it is still that trial's.
    const [installation] = await t.database.db.select().from(installations).where(eq(installations.licenseId, mine.id));
    expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${mine.id}/installations/${installation!.id}/release`, token: admin })).statusCode).toBe(200);
    expect((await uploadReq(first.token, mine.key, machine)).statusCode).toBe(200);
  });

  it("lets exactly one of two trials validating the same new machine at once have it", async () => {
    const { plan } = await createTrialPlan(t);
    for (let round = 0; round < 3; round++) {
      const [first, second] = [await createCustomer(t), await createCustomer(t)];
      const trials = [await startTrialOf(t.app, first.token, plan.id), await startTrialOf(t.app, second.token, plan.id)];
      const machine = `contended-${round}`;
      const answers = await Promise.all(trials.map((trial) => validate(trial.key, machine)));
      expect(answers.map((answer) => answer.code).sort()).toEqual(["TRIAL_ALREADY_USED", "VALID"]);
      const winner = trials[answers.findIndex((answer) => answer.code === "VALID")]!;
      const [claim] = await t.database.db.select().from(trialFingerprints).where(and(eq(trialFingerprints.planId, plan.id), eq(trialFingerprints.fingerprint, machine)));
      expect(claim!.licenseId).toBe(winner.id);
      const live = await t.database.db.select().from(installations).where(eq(installations.fingerprint, machine));
      expect(live.map((row) => row.licenseId)).toEqual([winner.id]);
    }
  });
});

describe("the licence list's type filter", () => {
  it("lists trials or standard licences only, for the customer (their own) and for an admin", async () => {
    const { plan } = await createTrialPlan(t);
    const customer = await createCustomer(t);
    const trial = await startTrialOf(t.app, customer.token, plan.id);
    const { admin, licenses: bought } = await issueLicenses(t, { customer, quantity: 2 });
    const stranger = await createCustomer(t);
    const strangersTrial = await startTrialOf(t.app, stranger.token, plan.id);

    const list = async (token: string, query: string) => {
      const response = await call(t.app, { method: "GET", url: `/api/v1/licenses?pageSize=100&${query}`, token });
      expect(response.statusCode, response.body).toBe(200);
      return json<{ data: Page<License> }>(response).data;
    };
    const ids = (page: Page<License>) => page.items.map((license) => license.id).sort();

    const trials = await list(customer.token, "type=trial");
    expect(ids(trials)).toEqual([trial.id]);
    expect(trials.total).toBe(1);
    const standard = await list(customer.token, "type=standard");
    expect(ids(standard)).toEqual(bought.map((license) => license.id).sort());
    expect(standard.total).toBe(2);
    expect((await list(customer.token, "")).total).toBe(3);

    const adminTrials = await list(admin, `type=trial&ownerId=${customer.user.id}`);
    expect(ids(adminTrials)).toEqual([trial.id]);
    const everyTrial = await list(admin, "type=trial");
    expect(everyTrial.items.every((license) => license.type === "trial")).toBe(true);
    expect(ids(everyTrial)).toEqual(expect.arrayContaining([trial.id, strangersTrial.id].sort()));
    const [{ count } = { count: 0 }] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(licenses).where(eq(licenses.type, "trial"));
    expect(everyTrial.total).toBe(count);
    expect(ids(await list(admin, `type=standard&ownerId=${customer.user.id}`))).toEqual(bought.map((license) => license.id).sort());

    const bad = await call(t.app, { method: "GET", url: "/api/v1/licenses?type=demo", token: customer.token });
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad).loc).toEqual(["query", "type"]);
  });
});

describe("trial licences keep their features", () => {
  it("keeps the features the plan had when the trial started", async () => {
    const { admin, plan, feature } = await createTrialPlan(t);
    const customer = await createCustomer(t);
    const trial = await startTrialOf(t.app, customer.token, plan.id);
    const edited = await call(t.app, {
      method: "PUT",
      url: `/api/v1/plans/${plan.id}`,
      token: admin,
      payload: { name: plan.name, price: 100, currency: "USD", billingPeriod: "yearly", durationDays: 365, maxActivations: 9, trialDays: 30, featureIds: [] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await t.database.db.select().from(licenseFeatures).where(eq(licenseFeatures.licenseId, trial.id))).toEqual([{ licenseId: trial.id, featureId: feature.id }]);
    expect(await getLicense(customer.token, trial.id)).toEqual(trial);
  });
});
