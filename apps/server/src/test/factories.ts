import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ApiTokenCreated, License, LicenseRequest, Page, Plan, User } from "@portal/contract";
import { users } from "../db/schema/index.js";
import { hashPassword } from "../lib/passwords.js";
import { newOpaqueToken } from "../lib/tokens.js";
import { startSession } from "../modules/users/index.js";
import { GOOD_PASSWORD, uniqueEmail, type Customer, type NewUser } from "./accounts.js";
import { call, json } from "./http.js";
import { ADMIN_EMAIL, type TestApp } from "./test-app.js";

/**
 * Database-level factories for what a test needs but does not test: accounts written straight into
 * `users` and signed in with a session row, as the server's login writes one. A test whose subject
 * is sign-up, the mailed link, approval or login makes its accounts through the API (./accounts.ts).
 */

// Argon2 is slow on purpose; every account of a password may share one hash (each still verifies).
const passwordHashes = new Map<string, Promise<string>>();
const passwordHashOf = (password: string) => {
  let hashed = passwordHashes.get(password);
  if (!hashed) passwordHashes.set(password, (hashed = hashPassword(password)));
  return hashed;
};

/**
 * A new session of this user, stored by login's own `startSession` (an opaque token, only its
 * SHA-256 kept, the configured lifetime, the address and agent an injected request has): its
 * bearer token.
 */
export async function sessionFor(app: FastifyInstance, userId: string): Promise<string> {
  const token = newOpaqueToken();
  await startSession(app.db, userId, token, app.config.TOKEN_TTL_MINUTES * 60, { actorId: userId, ip: "127.0.0.1", userAgent: "lightMyRequest" });
  return token;
}

async function firstAdminId(app: FastifyInstance): Promise<string> {
  const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  if (!admin) throw new Error(`no first administrator ${ADMIN_EMAIL}`);
  return admin.id;
}

/** A new session of the first administrator (ADMIN_EMAIL): its bearer token. */
export async function adminToken(app: FastifyInstance): Promise<string> {
  return sessionFor(app, await firstAdminId(app));
}

/** An active account, its address verified and approved by the first administrator, with a session. */
async function insertAccount(testApp: TestApp, overrides: NewUser, isAdmin: boolean): Promise<Customer> {
  const { app } = testApp;
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? GOOD_PASSWORD;
  // Stored as sign-up stores it: the contract lower-cases the address, userName falls back to it.
  const storedEmail = email.trim().toLowerCase();
  const [row] = await app.db
    .insert(users)
    .values({
      email: storedEmail,
      userName: overrides.userName ?? storedEmail,
      firstname: overrides.firstname ?? "Ada",
      lastname: overrides.lastname ?? "Lovelace",
      passwordHash: await passwordHashOf(password),
      isAdmin,
      status: "active",
      emailVerifiedAt: sql`now()`,
      approvedAt: sql`now()`,
      approvedBy: await firstAdminId(app),
    })
    .returning({ id: users.id });
  const token = await sessionFor(app, row!.id);
  // The user as the API presents it, read back through it.
  const me = await call(app, { method: "GET", url: "/api/v1/auth/me", token });
  if (me.statusCode !== 200) throw new Error(`the new account's session does not work: ${me.statusCode} ${me.body}`);
  return { user: json<{ data: User }>(me).data, token, email, password };
}

/** An active customer, as sign-up, the mailed link, approval and login would leave it: the user, a bearer token, its e-mail and password. */
export function createCustomer(testApp: TestApp, overrides: NewUser = {}): Promise<Customer> {
  return insertAccount(testApp, overrides, false);
}

/** Another administrator beside the first, signed in. */
export function createAdmin(testApp: TestApp, overrides: NewUser = {}): Promise<Customer> {
  return insertAccount(testApp, overrides, true);
}

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

/**
 * A new customer (or the one given) holding `quantity` freshly issued licences of a new plan. Made
 * through the API: issuing signs licence keys, work that only the server's own code should do.
 */
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

/** A new API token of the account signed in with `sessionToken`, made through the API: the token and its secret. */
export async function createApiTokenFor(app: FastifyInstance, sessionToken: string, scopes: readonly string[], extra: { name?: string; expiresAt?: string } = {}): Promise<ApiTokenCreated> {
  const response = await call(app, { method: "POST", url: "/api/v1/api-tokens", token: sessionToken, payload: { name: extra.name ?? `Token ${randomBytes(3).toString("hex")}`, scopes, ...extra } });
  if (response.statusCode !== 201) throw new Error(`API token failed: ${response.statusCode} ${response.body}`);
  return json<{ data: ApiTokenCreated }>(response).data;
}

/** A new feature and a catalogue plan holding it that offers a `trialDays` trial (plus any other plan fields given). */
export async function createTrialPlan(testApp: TestApp, overrides: Record<string, unknown> = {}) {
  const { app } = testApp;
  const admin = await adminToken(app);
  const counter = ++catalogueCounter;
  const featureResponse = await call(app, { method: "POST", url: "/api/v1/features", token: admin, payload: { name: `Trial feature ${counter} ${randomBytes(4).toString("hex")}`, price: 5 } });
  if (featureResponse.statusCode !== 201) throw new Error(`feature failed: ${featureResponse.statusCode} ${featureResponse.body}`);
  const feature = json<{ data: { id: string; name: string } }>(featureResponse).data;
  const planResponse = await call(app, {
    method: "POST",
    url: "/api/v1/plans",
    token: admin,
    payload: { name: `Trial plan ${counter}`, price: 100, currency: "USD", billingPeriod: "yearly", durationDays: 365, maxActivations: 2, trialDays: 14, featureIds: [feature.id], ...overrides },
  });
  if (planResponse.statusCode !== 201) throw new Error(`plan failed: ${planResponse.statusCode} ${planResponse.body}`);
  return { admin, plan: json<{ data: Plan }>(planResponse).data, feature };
}

/** `POST /plans/{id}/trial` as the customer signed in with `token`: the trial licence (throws unless 201). */
export async function startTrialOf(app: FastifyInstance, token: string, planId: string): Promise<License> {
  const response = await call(app, { method: "POST", url: `/api/v1/plans/${planId}/trial`, token });
  if (response.statusCode !== 201) throw new Error(`trial failed: ${response.statusCode} ${response.body}`);
  return json<{ data: License }>(response).data;
}
