import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CurrentPlan, Feature, Page, Plan, Service } from "@portal/contract";
import { auditEvents, plans } from "../../db/schema/index.js";
import { adminToken, createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";

const t = useTestApp();
let counter = 0;
const unique = (name: string) => `${name} ${++counter}-${Math.random().toString(36).slice(2, 7)}`;

async function createFeature(token: string, price = 10, name = unique("Feature")) {
  const response = await call(t.app, { method: "POST", url: "/api/v1/features", token, payload: { name, description: "d", price } });
  expect(response.statusCode).toBe(201);
  return json<{ data: Feature }>(response).data;
}

async function createService(token: string) {
  const response = await call(t.app, { method: "POST", url: "/api/v1/services", token, payload: { name: unique("Service"), description: "s" } });
  expect(response.statusCode).toBe(201);
  return json<{ data: Service }>(response).data;
}

function planBody(overrides: Record<string, unknown> = {}) {
  return {
    name: unique("Plan"),
    description: "A plan",
    price: 99.9,
    currency: "EUR",
    billingPeriod: "yearly",
    durationDays: 365,
    maxActivations: 3,
    featureIds: [],
    serviceIds: [],
    active: true,
    ...overrides,
  };
}

async function createPlan(token: string, overrides: Record<string, unknown> = {}) {
  const response = await call(t.app, { method: "POST", url: "/api/v1/plans", token, payload: planBody(overrides) });
  expect(response.statusCode).toBe(201);
  return json<{ data: Plan }>(response).data;
}

describe("features and services", () => {
  it("lets an admin create, rename and delete a feature, with prices in cents and names unique", async () => {
    const admin = await adminToken(t.app);
    const feature = await createFeature(admin, 12.34, unique("Reporting"));
    expect(feature.price).toBe(12.34);
    const renamed = await call(t.app, { method: "PUT", url: `/api/v1/features/${feature.id}`, token: admin, payload: { name: `${feature.name} Pro`, description: "x", price: 0 } });
    expect(json<{ data: Feature }>(renamed).data).toMatchObject({ name: `${feature.name} Pro`, price: 0 });

    const duplicate = await call(t.app, { method: "POST", url: "/api/v1/features", token: admin, payload: { name: `${feature.name} PRO`.toLowerCase(), price: 1 } });
    expect(duplicate.statusCode).toBe(409);
    expect(firstError(duplicate).loc).toEqual(["catalogue/name_taken"]);

    const deleted = await call(t.app, { method: "DELETE", url: `/api/v1/features/${feature.id}`, token: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, { method: "DELETE", url: `/api/v1/features/${feature.id}`, token: admin })).statusCode).toBe(404);
    const actions = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, feature.id))).map((row) => row.action);
    expect(actions).toEqual(["feature.created", "feature.updated", "feature.deleted"]);
  });

  it.each([
    [{ name: "", price: 1 }, "name"],
    [{ name: "x", price: -1 }, "price"],
    [{ name: "x", price: 1.234 }, "price"],
    [{ name: "x", price: "10" }, "price"],
    [{ name: "x" }, "price"],
    [{ name: "x", price: 1, extra: true }, "extra"],
  ])("refuses the feature %j naming %s", async (payload, field) => {
    const response = await call(t.app, { method: "POST", url: "/api/v1/features", token: await adminToken(t.app), payload });
    expect(response.statusCode).toBe(422);
    expect(firstError(response).loc).toEqual(["body", field]);
  });

  it("refuses to delete a feature or service a plan uses, with a clear message", async () => {
    const admin = await adminToken(t.app);
    const feature = await createFeature(admin);
    const service = await createService(admin);
    await createPlan(admin, { featureIds: [feature.id], serviceIds: [service.id] });
    const featureRefused = await call(t.app, { method: "DELETE", url: `/api/v1/features/${feature.id}`, token: admin });
    expect(featureRefused.statusCode).toBe(409);
    expect(firstError(featureRefused)).toEqual({
      loc: ["catalogue/feature_in_use"],
      msg: "This feature is part of a plan or licence and cannot be deleted.",
      type: "error",
    });
    const serviceRefused = await call(t.app, { method: "DELETE", url: `/api/v1/services/${service.id}`, token: admin });
    expect(firstError(serviceRefused).loc).toEqual(["catalogue/service_in_use"]);
    const stillThere = await call(t.app, { method: "GET", url: `/api/v1/features?q=${encodeURIComponent(feature.name)}`, token: admin });
    expect(json<{ data: Page<Feature> }>(stillThere).data.total).toBe(1);
  });

  it("lets customers read the catalogue but never write it", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const feature = await createFeature(admin);
    expect((await call(t.app, { method: "GET", url: "/api/v1/features", token: customer.token })).statusCode).toBe(200);
    expect((await call(t.app, { method: "GET", url: "/api/v1/services", token: customer.token })).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ["POST", "/api/v1/features", { name: "Hack", price: 0 }],
      ["PUT", `/api/v1/features/${feature.id}`, { name: "Hack", price: 0 }],
      ["DELETE", `/api/v1/features/${feature.id}`, undefined],
      ["POST", "/api/v1/services", { name: "Hack" }],
      ["POST", "/api/v1/plans", planBody()],
    ] as const) {
      const response = await call(t.app, { method, url, token: customer.token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("pages and sorts features in SQL", async () => {
    const admin = await adminToken(t.app);
    const tag = unique("Sortable");
    for (const price of [30, 10, 20]) await createFeature(admin, price, `${tag} ${price}`);
    const response = await call(t.app, { method: "GET", url: `/api/v1/features?q=${encodeURIComponent(tag)}&sort=price&order=desc&pageSize=2`, token: admin });
    const page = json<{ data: Page<Feature> }>(response).data;
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.price)).toEqual([30, 20]);
  });
});

describe("template plans", () => {
  it("creates a plan with features and services, edits and deactivates it", async () => {
    const admin = await adminToken(t.app);
    const [first, second] = [await createFeature(admin, 5), await createFeature(admin, 7)];
    const service = await createService(admin);
    const plan = await createPlan(admin, { featureIds: [first.id, second.id, first.id], serviceIds: [service.id] });
    expect(plan).toMatchObject({ price: 99.9, currency: "EUR", billingPeriod: "yearly", durationDays: 365, maxActivations: 3, active: true, isCustom: false });
    expect(plan.features.map((feature) => feature.id).sort()).toEqual([first.id, second.id].sort());
    expect(plan.services.map((item) => item.id)).toEqual([service.id]);

    const edited = await call(t.app, {
      method: "PUT",
      url: `/api/v1/plans/${plan.id}`,
      token: admin,
      payload: planBody({ name: plan.name, featureIds: [second.id], active: false, currency: "TRY" }),
    });
    expect(edited.statusCode).toBe(200);
    expect(json<{ data: Plan }>(edited).data).toMatchObject({ active: false, currency: "TRY", features: [expect.objectContaining({ id: second.id })] });
  });

  it.each([
    [{ currency: "GBP" }, "currency"],
    [{ billingPeriod: "weekly" }, "billingPeriod"],
    [{ durationDays: 0 }, "durationDays"],
    [{ maxActivations: 1.5 }, "maxActivations"],
    [{ featureIds: ["not-a-uuid"] }, "featureIds"],
  ])("refuses %j", async (overrides, field) => {
    const response = await call(t.app, { method: "POST", url: "/api/v1/plans", token: await adminToken(t.app), payload: planBody(overrides) });
    expect(response.statusCode).toBe(422);
    expect(firstError(response).loc[1]).toBe(field);
  });

  it("refuses features that do not exist and writes nothing", async () => {
    const admin = await adminToken(t.app);
    const name = unique("Ghost plan");
    const response = await call(t.app, {
      method: "POST",
      url: "/api/v1/plans",
      token: admin,
      payload: planBody({ name, featureIds: ["5b1e2b56-f886-4e6a-a7f6-92924aea4819"] }),
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response).loc).toEqual(["catalogue/unknown_feature"]);
    expect(await t.database.db.select().from(plans).where(eq(plans.name, name))).toHaveLength(0);
  });

  it("shows customers active plans only, and answers 404 for an inactive one", async () => {
    const admin = await adminToken(t.app);
    const customer = await createCustomer(t);
    const active = await createPlan(admin);
    const hidden = await createPlan(admin, { active: false });
    const listed = json<{ data: Page<Plan> }>(await call(t.app, { method: "GET", url: "/api/v1/plans?pageSize=100", token: customer.token })).data;
    const ids = listed.items.map((plan) => plan.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(hidden.id);
    const missing = await call(t.app, { method: "GET", url: `/api/v1/plans/${hidden.id}`, token: customer.token });
    expect(missing.statusCode).toBe(404);
    expect(firstError(missing)).toMatchObject({ loc: ["catalogue/plan_not_found"], msg: "Could not find selected plan details." });
    const adminView = json<{ data: Page<Plan> }>(await call(t.app, { method: "GET", url: "/api/v1/plans?active=false&pageSize=100", token: admin })).data;
    expect(adminView.items.map((plan) => plan.id)).toContain(hidden.id);
  });
});

describe("choosing a plan", () => {
  it("records the customer's current plan and refuses to delete a plan in use", async () => {
    const admin = await adminToken(t.app);
    const customer = await createCustomer(t);
    const plan = await createPlan(admin);
    const none = json<{ data: CurrentPlan }>(await call(t.app, { method: "GET", url: "/api/v1/plans/current", token: customer.token })).data;
    expect(none).toEqual({ plan: null, selectedAt: null });

    const selected = await call(t.app, { method: "POST", url: `/api/v1/plans/${plan.id}/select`, token: customer.token });
    expect(selected.statusCode).toBe(200);
    const current = json<{ data: CurrentPlan }>(await call(t.app, { method: "GET", url: "/api/v1/plans/current", token: customer.token })).data;
    expect(current.plan?.id).toBe(plan.id);

    const refused = await call(t.app, { method: "DELETE", url: `/api/v1/plans/${plan.id}`, token: admin });
    expect(refused.statusCode).toBe(409);
    expect(firstError(refused).loc).toEqual(["catalogue/plan_in_use"]);
    const unused = await createPlan(admin);
    expect((await call(t.app, { method: "DELETE", url: `/api/v1/plans/${unused.id}`, token: admin })).statusCode).toBe(200);
  });

  it("builds a custom plan whose price adds up, visible to its owner only", async () => {
    const admin = await adminToken(t.app);
    const [a, b] = [await createFeature(admin, 10.5), await createFeature(admin, 4.25)];
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const created = await call(t.app, { method: "POST", url: "/api/v1/plans/custom", token: owner.token, payload: { featureIds: [a.id, b.id] } });
    expect(created.statusCode).toBe(201);
    const plan = json<{ data: Plan }>(created).data;
    expect(plan).toMatchObject({ isCustom: true, price: 14.75, currency: "USD" });
    const current = json<{ data: CurrentPlan }>(await call(t.app, { method: "GET", url: "/api/v1/plans/current", token: owner.token })).data;
    expect(current.plan?.id).toBe(plan.id);

    expect((await call(t.app, { method: "GET", url: `/api/v1/plans/${plan.id}`, token: owner.token })).statusCode).toBe(200);
    expect((await call(t.app, { method: "GET", url: `/api/v1/plans/${plan.id}`, token: other.token })).statusCode).toBe(404);
    expect((await call(t.app, { method: "POST", url: `/api/v1/plans/${plan.id}/select`, token: other.token })).statusCode).toBe(404);
    const catalogue = json<{ data: Page<Plan> }>(await call(t.app, { method: "GET", url: "/api/v1/plans?pageSize=100", token: owner.token })).data;
    expect(catalogue.items.some((item) => item.isCustom)).toBe(false);

    const empty = await call(t.app, { method: "POST", url: "/api/v1/plans/custom", token: owner.token, payload: { featureIds: [] } });
    expect(empty.statusCode).toBe(422);
    expect(firstError(empty)).toMatchObject({ loc: ["body", "featureIds"], msg: "Choose at least one feature" });
  });
});
