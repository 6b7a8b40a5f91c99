import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messageCatalogue as messages, type License, type LicenseRequest, type Page, type Plan } from "@portal/contract";
import { plans } from "../../db/schema/index.js";
import { adminToken, createCustomer, startTrialOf } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";

const t = useTestApp();
let counter = 0;

function planBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Policy plan ${++counter}-${Math.random().toString(36).slice(2, 7)}`,
    price: 50,
    currency: "USD",
    billingPeriod: "yearly",
    durationDays: 365,
    maxActivations: 2,
    ...overrides,
  };
}

async function createPlan(admin: string, overrides: Record<string, unknown> = {}): Promise<Plan> {
  const response = await call(t.app, { method: "POST", url: "/api/v1/plans", token: admin, payload: planBody(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: Plan }>(response).data;
}

async function getPlan(token: string, id: string): Promise<Plan> {
  const response = await call(t.app, { method: "GET", url: `/api/v1/plans/${id}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Plan }>(response).data;
}

const policyOf = (value: { floating: boolean; heartbeatSeconds: number | null; expirationStrategy: string; offlineTtlDays: number | null }) => ({
  floating: value.floating,
  heartbeatSeconds: value.heartbeatSeconds,
  expirationStrategy: value.expirationStrategy,
  offlineTtlDays: value.offlineTtlDays,
});

describe("plan policy fields", () => {
  const outOfRange: [Record<string, unknown>, string, string][] = [
    [{ trialDays: 0 }, "trialDays", messages["licenses.validation.trialDays"]],
    [{ trialDays: 91 }, "trialDays", messages["licenses.validation.trialDays"]],
    [{ trialDays: 1.5 }, "trialDays", messages["licenses.validation.trialDays"]],
    [{ heartbeatSeconds: 59 }, "heartbeatSeconds", messages["licenses.validation.heartbeatSeconds"]],
    [{ heartbeatSeconds: 86_401 }, "heartbeatSeconds", messages["licenses.validation.heartbeatSeconds"]],
    [{ expirationStrategy: "x" }, "expirationStrategy", messages["licenses.validation.expirationStrategy"]],
    [{ offlineTtlDays: 0 }, "offlineTtlDays", messages["licenses.validation.offlineTtlDays"]],
    [{ offlineTtlDays: 3651 }, "offlineTtlDays", messages["licenses.validation.offlineTtlDays"]],
    [{ floating: "yes" }, "floating", "Floating must be true or false"],
  ];

  it.each(outOfRange)("refuses %j with 422 naming the field, creating and editing, and changes nothing", async (overrides, field, message) => {
    const admin = await adminToken(t.app);
    const refusedBody = planBody(overrides);
    const created = await call(t.app, { method: "POST", url: "/api/v1/plans", token: admin, payload: refusedBody });
    expect(created.statusCode).toBe(422);
    expect(firstError(created)).toMatchObject({ loc: ["body", field], msg: message });
    expect(await t.database.db.select().from(plans).where(eq(plans.name, refusedBody.name))).toHaveLength(0);

    const plan = await createPlan(admin, { trialDays: 10, floating: true, heartbeatSeconds: 300, offlineTtlDays: 7 });
    const [before] = await t.database.db.select().from(plans).where(eq(plans.id, plan.id));
    const edited = await call(t.app, { method: "PUT", url: `/api/v1/plans/${plan.id}`, token: admin, payload: planBody({ name: plan.name, maxActivations: 9, ...overrides }) });
    expect(edited.statusCode).toBe(422);
    expect(firstError(edited)).toMatchObject({ loc: ["body", field], msg: message });
    expect(await t.database.db.select().from(plans).where(eq(plans.id, plan.id))).toEqual([before]);
  });

  it("answers the policy in every plan view, with today's behaviour as the default", async () => {
    const admin = await adminToken(t.app);
    const customer = await createCustomer(t);
    const plain = await createPlan(admin);
    expect(plain).toMatchObject({ trialDays: null, floating: false, heartbeatSeconds: 600, expirationStrategy: "revoke", offlineTtlDays: null });
    const policy = { trialDays: 90, floating: true, heartbeatSeconds: 60, expirationStrategy: "perpetual_fallback", offlineTtlDays: 3650 };
    const set = await createPlan(admin, policy);
    expect(set).toMatchObject(policy);
    expect(await getPlan(customer.token, set.id)).toMatchObject(policy);
    expect(await getPlan(admin, set.id)).toMatchObject(policy);
    const listed = json<{ data: Page<Plan> }>(await call(t.app, { method: "GET", url: "/api/v1/plans?pageSize=100&sort=createdAt&order=desc", token: customer.token })).data;
    expect(listed.items.find((item) => item.id === set.id)).toMatchObject(policy);

    const edges = await createPlan(admin, { trialDays: 1, heartbeatSeconds: 86_400, offlineTtlDays: 1 });
    expect(edges).toMatchObject({ trialDays: 1, heartbeatSeconds: 86_400, offlineTtlDays: 1 });
  });

  it("keeps the policy a licence was issued with when the plan is edited; new licences take the new one", async () => {
    const admin = await adminToken(t.app);
    const customer = await createCustomer(t);
    const plan = await createPlan(admin, { trialDays: 5, maxReleasesPer30Days: 3 });
    const issue = async (): Promise<License> => {
      const request = json<{ data: LicenseRequest }>(await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload: { planId: plan.id } })).data;
      const approved = await call(t.app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: admin });
      expect(approved.statusCode, approved.body).toBe(200);
      const [licenseId] = json<{ data: LicenseRequest }>(approved).data.licenseIds;
      return json<{ data: License }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${licenseId}`, token: customer.token })).data;
    };
    const old = await issue();
    expect(old).toMatchObject({ type: "standard", floating: false, heartbeatSeconds: null, expirationStrategy: "revoke", offlineTtlDays: null, maxActivations: 2, maxReleasesPer30Days: 3 });
    const oldTrial = await startTrialOf(t.app, customer.token, plan.id);
    expect(oldTrial).toMatchObject({ type: "trial", ...policyOf(old) });

    const newPolicy = { trialDays: 20, floating: true, heartbeatSeconds: 900, expirationStrategy: "perpetual_fallback", offlineTtlDays: 30 };
    const edited = await call(t.app, {
      method: "PUT",
      url: `/api/v1/plans/${plan.id}`,
      token: admin,
      payload: planBody({ name: plan.name, maxActivations: 7, maxReleasesPer30Days: 1, ...newPolicy }),
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const get = async (id: string) => json<{ data: License }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${id}`, token: customer.token })).data;
    expect(await get(old.id)).toEqual(old);
    expect(await get(oldTrial.id)).toEqual(oldTrial);

    const fresh = await issue();
    expect(fresh).toMatchObject({ floating: true, heartbeatSeconds: 900, expirationStrategy: "perpetual_fallback", offlineTtlDays: 30, maxActivations: 7, maxReleasesPer30Days: 1, seats: { used: 0, max: 7 } });
    // A new customer's trial takes the new length and policy.
    const newcomer = await createCustomer(t);
    const newTrial = await startTrialOf(t.app, newcomer.token, plan.id);
    expect(newTrial).toMatchObject({ type: "trial", floating: true, heartbeatSeconds: 900, expirationStrategy: "perpetual_fallback", offlineTtlDays: 30, maxActivations: 7 });
    expect(Date.parse(newTrial.expiresAt) - Date.parse(newTrial.issuedAt)).toBe(20 * 86_400_000);
    expect(Date.parse(oldTrial.expiresAt) - Date.parse(oldTrial.issuedAt)).toBe(5 * 86_400_000);
  });
});
