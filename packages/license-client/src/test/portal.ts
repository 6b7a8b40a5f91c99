import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { adminToken, createCustomer } from "../../../../apps/server/src/test/factories.js";
import { closeTestApp, createTestApp, type TestApp } from "../../../../apps/server/src/test/test-app.js";

/**
 * The real portal for the client's tests: apps/server's app built by its own test helper (a copy of
 * the migrated PGlite template, the first administrator), listening on 127.0.0.1. Everything the
 * tests ask of it goes over HTTP, as a product's requests would.
 */
export interface Portal {
  testApp: TestApp;
  /** http://127.0.0.1:<port> */
  url: string;
  /** The PEM public key, as GET /api/v1/licenses/public-key answers it. */
  publicKey: string;
  admin: string;
}

export async function startPortal(): Promise<Portal> {
  const testApp = await createTestApp({
    // A test validates far more often than one product on one machine would.
    VALIDATE_RATE_LIMIT_PER_MINUTE: "1000000",
    VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "1000000",
  });
  await testApp.app.listen({ host: "127.0.0.1", port: 0 });
  const url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  const publicKey = (await api<{ publicKey: string }>(url, "GET", "/api/v1/licenses/public-key")).publicKey;
  return { testApp, url, publicKey, admin: await adminToken(testApp.app) };
}

export async function stopPortal(portal: Portal | undefined): Promise<void> {
  if (portal) await closeTestApp(portal.testApp);
}

/** One call of the portal's API over HTTP: its `data`, or an error naming the status and body. */
export async function api<T>(url: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

let plans = 0;

/**
 * A floating licence issued the way a customer gets one: the administrator makes a feature and a
 * floating plan (`seats` concurrent seats, heartbeatSeconds 60), a new customer requests it, the
 * administrator approves. Answers the licence key. `floating: false`: a node-locked one.
 */
export async function issueFloatingLicense(portal: Portal, seats = 1, floating = true): Promise<{ key: string; id: string }> {
  const { url, admin } = portal;
  const tag = `${++plans} ${randomBytes(3).toString("hex")}`;
  const feature = await api<{ id: string }>(url, "POST", "/api/v1/features", admin, { name: `Client feature ${tag}`, price: 5 });
  const plan = await api<{ id: string; floating: boolean; heartbeatSeconds: number }>(url, "POST", "/api/v1/plans", admin, {
    name: `Floating plan ${tag}`,
    price: 100,
    currency: "USD",
    billingPeriod: "yearly",
    durationDays: 30,
    maxActivations: seats,
    maxReleasesPer30Days: 3,
    featureIds: [feature.id],
    floating,
    heartbeatSeconds: 60,
  });
  if (plan.floating !== floating || plan.heartbeatSeconds !== 60) throw new Error(`the plan is not as asked: ${JSON.stringify(plan)}`);
  const customer = await createCustomer(portal.testApp);
  const request = await api<{ id: string }>(url, "POST", "/api/v1/license-requests", customer.token, { planId: plan.id, quantity: 1, note: "client library tests" });
  const approved = await api<{ licenseIds: string[] }>(url, "POST", `/api/v1/license-requests/${request.id}/approve`, admin);
  const license = await api<{ id: string; key: string; floating: boolean }>(url, "GET", `/api/v1/licenses/${approved.licenseIds[0]}`, customer.token);
  if (license.floating !== floating) throw new Error(`the licence was not issued with floating: ${floating}`);
  return { key: license.key, id: license.id };
}

export function newFingerprint(): string {
  return randomBytes(32).toString("hex");
}

export interface Seat {
  leaseExpiresAt: Date | null;
  deadAt: Date | null;
}

/** The installation of `fingerprint` as the database holds it. */
export async function seatOf(portal: Portal, fingerprint: string): Promise<Seat | undefined> {
  const [row] = await portal.testApp.database.preparedQuery<{ lease_expires_at: string | Date | null; dead_at: string | Date | null }>(
    "client-test-seat",
    "select lease_expires_at, dead_at from installations where fingerprint = $1",
    [fingerprint],
  );
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return row && { leaseExpiresAt: date(row.lease_expires_at), deadAt: date(row.dead_at) };
}

/** Moves a seat's lease end to now + `seconds` (negative: in the past) in the database: how the tests move the server's clock. */
export async function setLease(portal: Portal, fingerprint: string, seconds: number): Promise<void> {
  const rows = await portal.testApp.database.preparedQuery(
    "client-test-set-lease",
    "update installations set lease_expires_at = now() + make_interval(secs => $2::int) where fingerprint = $1 returning id",
    [fingerprint, seconds],
  );
  if (rows.length !== 1) throw new Error(`no installation of ${fingerprint}`);
}
