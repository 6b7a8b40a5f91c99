import { randomBytes } from "node:crypto";
import type { License, LicenseRequest, Page, Plan } from "@portal/contract";
import { adminToken, createCustomer, type Customer } from "./accounts.js";
import { call, json } from "./http.js";
import type { TestApp } from "./test-app.js";

let catalogueCounter = 0;

/** A new feature and a yearly plan holding it, made by the administrator. */
export async function createPlanWithFeature(testApp: TestApp, maxActivations = 2, maxReleasesPer30Days = 3) {
  const { app } = testApp;
  const admin = await adminToken(app);
  const counter = ++catalogueCounter;
  const featureResponse = await call(app, { method: "POST", url: "/api/v1/features", token: admin, payload: { name: `Licensed feature ${counter} ${randomBytes(4).toString("hex")}`, price: 5 } });
  if (featureResponse.statusCode !== 201) throw new Error(`feature failed: ${featureResponse.statusCode} ${featureResponse.body}`);
  const feature = json<{ data: { id: string; name: string } }>(featureResponse).data;
  const planResponse = await call(app, {
    method: "POST",
    url: "/api/v1/plans",
    token: admin,
    payload: { name: `Licensed plan ${counter}`, price: 100, currency: "USD", billingPeriod: "yearly", durationDays: 30, maxActivations, maxReleasesPer30Days, featureIds: [feature.id] },
  });
  if (planResponse.statusCode !== 201) throw new Error(`plan failed: ${planResponse.statusCode} ${planResponse.body}`);
  return { admin, plan: json<{ data: Plan }>(planResponse).data, feature };
}

/** A new customer (or the one given) holding `quantity` freshly issued licences of a new plan. */
export async function issueLicenses(
  testApp: TestApp,
  options: { quantity?: number; maxActivations?: number; maxReleasesPer30Days?: number; customer?: Customer } = {},
) {
  const { app } = testApp;
  const { admin, plan, feature } = await createPlanWithFeature(testApp, options.maxActivations, options.maxReleasesPer30Days);
  const customer = options.customer ?? (await createCustomer(testApp));
  const requested = await call(app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload: { planId: plan.id, quantity: options.quantity ?? 1, note: "for the lab" } });
  if (requested.statusCode !== 201) throw new Error(`licence request failed: ${requested.statusCode} ${requested.body}`);
  const request = json<{ data: LicenseRequest }>(requested).data;
  const approved = await call(app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: admin });
  if (approved.statusCode !== 200) throw new Error(`approval failed: ${approved.statusCode} ${approved.body}`);
  const mine = json<{ data: Page<License> }>(await call(app, { method: "GET", url: "/api/v1/licenses?pageSize=100", token: customer.token })).data.items;
  const issued = new Set(json<{ data: LicenseRequest }>(approved).data.licenseIds);
  return { admin, plan, feature, customer, request: json<{ data: LicenseRequest }>(approved).data, licenses: mine.filter((license) => issued.has(license.id)) };
}
