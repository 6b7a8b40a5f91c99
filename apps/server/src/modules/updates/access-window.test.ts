import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AvailableUpdates, License, SignedManifest, Update } from "@portal/contract";
import { zipOf } from "@portal/test-support";
import { licenses, notifications, updates } from "../../db/schema/index.js";
import { adminToken, issueLicenses } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { multipartFile, multipartForm } from "../../test/multipart.js";
import { useTestApp } from "../../test/test-app.js";

// Which updates a licence may have by its expiry strategy (access-window.ts), through every path a
// licence reaches updates: the list, the manifest, files (whole, ranges, HEAD), the package, with a
// licence token or a customer's login, and the "update available" notices. Times are set in the database.
const t = useTestApp();

type Strategy = "revoke" | "perpetual_fallback";

const packageZip = (label: string) => zipOf([{ name: "README.txt", data: `${label} ${randomBytes(8).toString("hex")}`, deflate: true }, { name: "app/main.js", data: randomBytes(512) }]);

let major = 0;
async function draft(admin: string): Promise<Update> {
  const form = multipartForm({}, [
    { field: "backend", name: "backend.zip", content: packageZip("backend"), type: "application/zip" },
    { field: "frontend", name: "frontend.zip", content: packageZip("frontend"), type: "application/zip" },
  ]);
  const response = await call(t.app, { method: "POST", url: "/api/v1/updates", token: admin, ...form });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: Update }>(response).data;
}

/** On the beta channel, which these licences do not follow: only a verification by hand offers it (release-channels.test.ts covers channels). */
async function publish(admin: string, id: string): Promise<Update> {
  const version = `${++major}.0.0`;
  const response = await call(t.app, { method: "PUT", url: `/api/v1/updates/${id}/changelog`, token: admin, payload: { header: `Release ${version}`, version, type: "minor", changeLog: "- fixes", channel: "beta" } });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Update }>(response).data;
}

const verify = async (admin: string, updateId: string, licenseId: string) =>
  expect((await call(t.app, { method: "POST", url: `/api/v1/updates/${updateId}/verifications`, token: admin, payload: { licenseId } })).statusCode).toBe(200);

/** Publishes an update verified for the licence and dates it `publishedAt` (SQL), as if it had been published then. */
async function updateAt(admin: string, licenseId: string, publishedAt: ReturnType<typeof sql>, options: { verified?: boolean } = {}): Promise<Update> {
  const update = await publish(admin, (await draft(admin)).id);
  if (options.verified !== false) await verify(admin, update.id, licenseId);
  await t.database.db.update(updates).set({ publishedAt }).where(eq(updates.id, update.id));
  return update;
}

async function setTerms(licenseId: string, terms: { strategy?: Strategy; expiresAt?: ReturnType<typeof sql> }) {
  await t.database.db
    .update(licenses)
    .set({ ...(terms.strategy ? { expirationStrategy: terms.strategy } : {}), ...(terms.expiresAt ? { expiresAt: terms.expiresAt } : {}) })
    .where(eq(licenses.id, licenseId));
}

async function licenseToken(customerToken: string, key: string, host: string): Promise<string> {
  const response = await call(t.app, { method: "POST", url: "/api/v1/req/auth", token: customerToken, ...multipartFile("file", "install.req", `${key}\n{"hostname":"${host}"}\n`) });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { licenseToken: string } }>(response).data.licenseToken;
}

const withLicense = (token: string) => ({ "x-license-token": token });

async function listed(token: string): Promise<AvailableUpdates> {
  const response = await call(t.app, { method: "GET", url: "/api/v1/req/updates", headers: withLicense(token) });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: AvailableUpdates }>(response).data;
}

/** Every way to take one update: manifest, a file whole and by range, HEAD, the package. */
const downloads = (id: string) => [
  { method: "GET" as const, url: `/api/v1/updates/${id}/manifest`, headers: {} },
  { method: "GET" as const, url: `/api/v1/updates/${id}/files/backend.zip`, headers: {} },
  { method: "GET" as const, url: `/api/v1/updates/${id}/files/backend.zip`, headers: { range: "bytes=10-" } },
  { method: "HEAD" as const, url: `/api/v1/updates/${id}/files/frontend.zip`, headers: {} },
  { method: "GET" as const, url: `/api/v1/updates/${id}/package`, headers: {} },
  { method: "GET" as const, url: `/api/v1/updates/${id}/package`, headers: { range: "bytes=0-99" } },
];

/** The status of each way to take `id` with these credentials, and the error code where there is one. */
async function outcomes(id: string, credentials: { headers?: Record<string, string>; token?: string }) {
  const answers: { status: number; code?: string }[] = [];
  for (const download of downloads(id)) {
    const response = await call(t.app, { method: download.method, url: download.url, headers: { ...download.headers, ...credentials.headers }, ...(credentials.token ? { token: credentials.token } : {}) });
    answers.push({ status: response.statusCode, ...(response.statusCode >= 400 && download.method === "GET" ? { code: String(firstError(response).loc[0]) } : {}) });
  }
  return answers;
}
const allowed = [{ status: 200 }, { status: 200 }, { status: 206 }, { status: 200 }, { status: 200 }, { status: 206 }];
const refusedWith = (status: number, code: string) => downloads("x").map((download) => (download.method === "HEAD" ? { status } : { status, code }));

describe("before expiresAt", () => {
  it("lets both strategies list and download every update they are verified for, as always", async () => {
    const admin = await adminToken(t.app);
    for (const strategy of ["revoke", "perpetual_fallback"] as const) {
      const { customer, licenses: [license] } = await issueLicenses(t);
      await setTerms(license!.id, { strategy, expiresAt: sql`now() + interval '2 days'` });
      const older = await updateAt(admin, license!.id, sql`now() - interval '30 days'`);
      const recent = await updateAt(admin, license!.id, sql`now() - interval '1 minute'`);
      const token = await licenseToken(customer.token, license!.key, `before-${strategy}`);
      expect((await listed(token)).items.map((item) => item.id)).toEqual([recent.id, older.id]);
      for (const update of [older, recent]) {
        expect(await outcomes(update.id, { headers: withLicense(token) }), strategy).toEqual(allowed);
        expect(await outcomes(update.id, { token: customer.token }), strategy).toEqual(allowed);
      }
    }
  });
});

describe("perpetual_fallback after expiresAt", () => {
  it("lists and serves only the updates published before expiresAt; a later one is 403 update/outside_access_window on every path", async () => {
    const admin = await adminToken(t.app);
    const { customer, licenses: [license] } = await issueLicenses(t);
    await setTerms(license!.id, { strategy: "perpetual_fallback", expiresAt: sql`now() - interval '1 day'` });
    const before = await updateAt(admin, license!.id, sql`now() - interval '3 days'`);
    const justBefore = await updateAt(admin, license!.id, sql`(select expires_at from licenses where id = ${license!.id}) - interval '1 millisecond'`);
    const atExpiry = await updateAt(admin, license!.id, sql`(select expires_at from licenses where id = ${license!.id})`);
    const after = await updateAt(admin, license!.id, sql`now() - interval '1 hour'`);
    const unverifiedBefore = await updateAt(admin, license!.id, sql`now() - interval '2 days'`, { verified: false });
    const unverifiedAfter = await updateAt(admin, license!.id, sql`now() - interval '2 hours'`, { verified: false });

    // The .req flow still works after the end (validation says VALID, expired).
    const token = await licenseToken(customer.token, license!.key, "fallback-box");
    const list = await listed(token);
    expect(list.items.map((item) => item.id)).toEqual([justBefore.id, before.id]);
    // Verifying an update outside the window would not make it available: it is not offered as awaiting.
    // (Other tests' updates from before the end are awaiting too; none from after it.)
    expect(list.awaitingVerification.map((item) => item.id)).toContain(unverifiedBefore.id);
    const [{ expiresAt }] = (await t.database.db.select({ expiresAt: licenses.expiresAt }).from(licenses).where(eq(licenses.id, license!.id))) as [{ expiresAt: Date }];
    for (const item of list.awaitingVerification) expect(Date.parse(item.publishedAt)).toBeLessThan(expiresAt.getTime());
    expect([atExpiry.id, after.id, unverifiedAfter.id].some((id) => [...list.items, ...list.awaitingVerification].some((item) => item.id === id))).toBe(false);

    for (const credentials of [{ headers: withLicense(token) }, { token: customer.token }]) {
      for (const update of [before, justBefore]) expect(await outcomes(update.id, credentials)).toEqual(allowed);
      for (const update of [atExpiry, after]) expect(await outcomes(update.id, credentials)).toEqual(refusedWith(403, "update/outside_access_window"));
      // Not verified stays 404, inside the window or not: the window never opens more than verification does.
      for (const update of [unverifiedBefore, unverifiedAfter]) expect(await outcomes(update.id, credentials)).toEqual(refusedWith(404, "update/not_found"));
    }
    const refused = await call(t.app, { method: "GET", url: `/api/v1/updates/${after.id}/manifest`, headers: withLicense(token) });
    expect(firstError(refused)).toMatchObject({ loc: ["update/outside_access_window"], msg: expect.stringContaining("after your licence expired") as string });

    // A manifest within the window is the signed one.
    const manifest = await call(t.app, { method: "GET", url: `/api/v1/updates/${justBefore.id}/manifest`, headers: withLicense(token) });
    expect(JSON.parse(json<{ data: SignedManifest }>(manifest).data.manifest)).toMatchObject({ updateId: justBefore.id });
    // An administrator takes anything.
    expect(await outcomes(after.id, { token: admin })).toEqual(allowed);
  });

  it("lets a customer's other licence still in its term open what an expired one cannot", async () => {
    const admin = await adminToken(t.app);
    const { customer, licenses: [expired, running] } = await issueLicenses(t, { quantity: 2 });
    await setTerms(expired!.id, { strategy: "perpetual_fallback", expiresAt: sql`now() - interval '1 day'` });
    const after = await updateAt(admin, expired!.id, sql`now() - interval '1 hour'`);
    expect(await outcomes(after.id, { token: customer.token })).toEqual(refusedWith(403, "update/outside_access_window"));
    await verify(admin, after.id, running!.id);
    expect(await outcomes(after.id, { token: customer.token })).toEqual(allowed);
    // Each licence token still speaks for its own licence only.
    const token = await licenseToken(customer.token, expired!.key, "fallback-box-2");
    expect(await outcomes(after.id, { headers: withLicense(token) })).toEqual(refusedWith(403, "update/outside_access_window"));
  });
});

describe("revoke after expiresAt", () => {
  it("has no update at all: its token answers 409 license/expired, a new .req too, and through the customer's login nothing is verified", async () => {
    const admin = await adminToken(t.app);
    const { customer, licenses: [license] } = await issueLicenses(t);
    await setTerms(license!.id, { strategy: "revoke", expiresAt: sql`now() + interval '1 day'` });
    const before = await updateAt(admin, license!.id, sql`now() - interval '3 days'`);
    // A token made while the licence ran, used after its end (a token lives 30 minutes).
    const token = await licenseToken(customer.token, license!.key, "revoke-box");
    expect((await listed(token)).items.map((item) => item.id)).toEqual([before.id]);
    await setTerms(license!.id, { expiresAt: sql`now() - interval '1 minute'` });

    const list = await call(t.app, { method: "GET", url: "/api/v1/req/updates", headers: withLicense(token) });
    expect(list.statusCode).toBe(409);
    expect(firstError(list).loc).toEqual(["license/expired"]);
    expect(await outcomes(before.id, { headers: withLicense(token) })).toEqual(refusedWith(409, "license/expired"));
    expect(await outcomes(before.id, { token: customer.token })).toEqual(refusedWith(404, "update/not_found"));
    const again = await call(t.app, { method: "POST", url: "/api/v1/req/auth", token: customer.token, ...multipartFile("file", "install.req", `${license!.key}\n{"hostname":"revoke-box"}\n`) });
    expect(again.statusCode).toBe(409);
    expect(firstError(again).loc).toEqual(["license/expired"]);
  });
});

describe("update available notices", () => {
  const noticesOf = async (userId: string, version: string) =>
    (await t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, "maintenance_updates")))).filter(
      (row) => row.title === `Update ${version} is available`,
    );

  it("tells only the owners of licences that may have the update: not one whose licence has ended", async () => {
    const admin = await adminToken(t.app);
    const running = await issueLicenses(t);
    const fallback = await issueLicenses(t);
    const revoked = await issueLicenses(t);
    await setTerms(fallback.licenses[0]!.id, { strategy: "perpetual_fallback", expiresAt: sql`now() - interval '1 hour'` });
    await setTerms(revoked.licenses[0]!.id, { strategy: "revoke", expiresAt: sql`now() - interval '1 hour'` });
    const holders: { customer: { user: { id: string } }; licenses: License[] }[] = [running, fallback, revoked];

    // Verified while a draft, then published: published now, after both ends.
    const pending = await draft(admin);
    for (const holder of holders) await verify(admin, pending.id, holder.licenses[0]!.id);
    const published = await publish(admin, pending.id);
    expect((await noticesOf(running.customer.user.id, published.version!)).length).toBe(1);
    expect(await noticesOf(fallback.customer.user.id, published.version!)).toEqual([]);
    expect(await noticesOf(revoked.customer.user.id, published.version!)).toEqual([]);

    // Verified once published: an update from before the fallback licence's end is told; a later one is not.
    const older = await updateAt(admin, running.licenses[0]!.id, sql`now() - interval '2 days'`);
    const later = await updateAt(admin, running.licenses[0]!.id, sql`now() - interval '1 minute'`);
    await verify(admin, older.id, fallback.licenses[0]!.id);
    await verify(admin, later.id, fallback.licenses[0]!.id);
    await verify(admin, older.id, revoked.licenses[0]!.id);
    expect((await noticesOf(fallback.customer.user.id, older.version!)).length).toBe(1);
    expect(await noticesOf(fallback.customer.user.id, later.version!)).toEqual([]);
    expect(await noticesOf(revoked.customer.user.id, older.version!)).toEqual([]);
  });
});
