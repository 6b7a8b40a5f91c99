import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AvailableUpdates, Feature, License, Page, Update, UpdateHistoryRow, ValidationData } from "@portal/contract";
import { zipOf } from "@portal/test-support";
import { auditEvents, notifications } from "../../db/schema/index.js";
import { adminToken, createTrialPlan, issueLicenses, startTrialOf } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { multipartFile, multipartForm } from "../../test/multipart.js";
import { useTestApp } from "../../test/test-app.js";

// Entitlement codes, release channels, required features and yank (API.md "Release channels and
// entitlement-gated updates"): the availability rule of access-window.ts through every path a licence
// reaches updates — the .req list, the manifest, files (whole and by range), the package, a customer's
// login, the history — and the codes in validation answers.
const t = useTestApp();

const packageZip = (label: string) => zipOf([{ name: "README.txt", data: `${label} ${randomBytes(8).toString("hex")}`, deflate: true }]);

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

async function publish(admin: string, availability: { channel?: string; requiredFeatureIds?: string[] } = {}): Promise<Update> {
  const { id } = await draft(admin);
  const version = `${++major}.0.0`;
  const response = await call(t.app, {
    method: "PUT",
    url: `/api/v1/updates/${id}/changelog`,
    token: admin,
    payload: { header: `Release ${version}`, version, type: "minor", changeLog: "- fixes", ...availability },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Update }>(response).data;
}

async function licenseToken(customerToken: string, key: string): Promise<string> {
  const host = `host-${randomBytes(4).toString("hex")}`;
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

/** Every way to take one update: the manifest, a file whole and by range, HEAD of the package, the package. */
const downloads = (id: string) => [
  { method: "GET" as const, url: `/api/v1/updates/${id}/manifest`, headers: {} },
  { method: "GET" as const, url: `/api/v1/updates/${id}/files/backend.zip`, headers: {} },
  { method: "GET" as const, url: `/api/v1/updates/${id}/files/backend.zip`, headers: { range: "bytes=0-9" } },
  { method: "HEAD" as const, url: `/api/v1/updates/${id}/package`, headers: {} },
  { method: "GET" as const, url: `/api/v1/updates/${id}/package`, headers: {} },
];

/** The status of every download path (and, for refusals, the error code) as `who` (a licence token or a bearer token). */
async function downloadStatuses(id: string, who: { licenseToken: string } | { token: string }) {
  const answers: string[] = [];
  for (const download of downloads(id)) {
    const response = await call(t.app, {
      ...download,
      headers: { ...download.headers, ...("licenseToken" in who ? withLicense(who.licenseToken) : {}) },
      ...("token" in who ? { token: who.token } : {}),
    });
    answers.push(response.statusCode >= 400 && download.method !== "HEAD" ? `${response.statusCode} ${firstError(response).loc[0]}` : String(response.statusCode));
  }
  return answers;
}
const ALLOWED = ["200", "200", "206", "200", "200"];
const NOT_FOUND = ["404 update/not_found", "404 update/not_found", "404 update/not_found", "404", "404 update/not_found"];
const YANKED = ["410 update/yanked", "410 update/yanked", "410 update/yanked", "410", "410 update/yanked"];

async function historyOf(token: string, query = ""): Promise<UpdateHistoryRow[]> {
  const response = await call(t.app, { method: "GET", url: `/api/v1/update-history?pageSize=100${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Page<UpdateHistoryRow> }>(response).data.items;
}

const auditOf = (action: string, targetId: string) =>
  t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));

describe("feature entitlement codes", () => {
  it("derives a code from the name when none is given, keeps it on an update, and refuses a taken or malformed one", async () => {
    const admin = await adminToken(t.app);
    const tag = randomBytes(3).toString("hex").toUpperCase();
    const create = (payload: Record<string, unknown>) => call(t.app, { method: "POST", url: "/api/v1/features", token: admin, payload });
    const created = async (payload: Record<string, unknown>) => {
      const response = await create(payload);
      expect(response.statusCode, response.body).toBe(201);
      return json<{ data: Feature }>(response).data;
    };

    const first = await created({ name: `Çözüm reporting ${tag}`, price: 1 });
    expect(first.code).toBe(`COZUM_REPORTING_${tag}`);
    // Names unique by case that derive the same code get "_2", "_3".
    expect((await created({ name: `cozum-reporting ${tag}!`, price: 1 })).code).toBe(`COZUM_REPORTING_${tag}_2`);
    expect((await created({ name: `  Cozum   Reporting ${tag}.`, price: 1 })).code).toBe(`COZUM_REPORTING_${tag}_3`);
    expect((await created({ name: "ü", price: 1 })).code).toMatch(/^FEATURE(_\d+)?$/);
    const given = await created({ name: `Given ${tag}`, price: 1, code: `GIVEN.CODE-${tag}` });
    expect(given.code).toBe(`GIVEN.CODE-${tag}`);

    const taken = await create({ name: `Other ${tag}`, price: 1, code: first.code });
    expect(taken.statusCode).toBe(409);
    expect(firstError(taken).loc).toEqual(["feature/code_taken"]);
    for (const code of ["lower", "A", "_LEADING", "X".repeat(65), "HAS SPACE", 42]) {
      const refused = await create({ name: `Bad ${String(code).slice(0, 10)} ${tag}`, price: 1, code });
      expect(refused.statusCode, String(code)).toBe(422);
      expect(firstError(refused).loc).toEqual(["body", "code"]);
    }
    const listed = json<{ data: Page<Feature> }>(await call(t.app, { method: "GET", url: `/api/v1/features?q=${encodeURIComponent(`Other ${tag}`)}`, token: admin })).data;
    expect(listed.total).toBe(0);

    const update = (id: string, payload: Record<string, unknown>) => call(t.app, { method: "PUT", url: `/api/v1/features/${id}`, token: admin, payload });
    const renamed = await update(first.id, { name: `Renamed ${tag}`, price: 2 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<{ data: Feature }>(renamed).data).toMatchObject({ name: `Renamed ${tag}`, code: first.code });
    const clash = await update(first.id, { name: `Renamed ${tag}`, price: 2, code: given.code });
    expect(clash.statusCode).toBe(409);
    expect(firstError(clash).loc).toEqual(["feature/code_taken"]);
    const recoded = await update(first.id, { name: `Renamed ${tag}`, price: 2, code: `NEW_${tag}` });
    expect(json<{ data: Feature }>(recoded).data.code).toBe(`NEW_${tag}`);
    const features = json<{ data: Page<Feature> }>(await call(t.app, { method: "GET", url: `/api/v1/features?q=${encodeURIComponent(tag)}&pageSize=100`, token: admin })).data;
    expect(features.items.find((feature) => feature.id === first.id)?.code).toBe(`NEW_${tag}`);
  });

  it("names the licence's features by code in validation answers, and nothing for an unknown key", async () => {
    const { licenses: [license], feature } = await issueLicenses(t);
    const validate = async (key: string) =>
      json<{ data: ValidationData; signature: string }>(await call(t.app, { method: "POST", url: "/api/v1/licenses/validate", payload: { key } }));
    const answer = await validate(license!.key);
    expect(answer.data.code).toBe("VALID");
    expect(answer.data.entitlements).toEqual([{ code: (feature as Feature).code, name: feature.name }]);
    expect(answer.signature).toBeTruthy();
    const typo = (license!.key[0] === "A" ? "B" : "A") + license!.key.slice(1);
    expect((await validate(typo)).data).not.toHaveProperty("entitlements");
  });
});

describe("release channels of plans and licences", () => {
  it("copies the plan's channels onto a licence at issue; an administrator sets a licence's channels, audited", async () => {
    const { admin, plan } = await createTrialPlan(t, { channels: ["beta", "stable", "beta"] });
    expect(plan.channels).toEqual(["stable", "beta"]);
    const { plan: plain } = await createTrialPlan(t);
    expect(plain.channels).toEqual(["stable"]);
    for (const channels of [[], ["nightly"], "stable"]) {
      const refused = await call(t.app, { method: "PUT", url: `/api/v1/plans/${plan.id}`, token: admin, payload: { name: plan.name, price: 1, currency: "USD", billingPeriod: "yearly", durationDays: 30, maxActivations: 1, channels } });
      expect(refused.statusCode, JSON.stringify(channels)).toBe(422);
      expect(firstError(refused).loc.slice(0, 2)).toEqual(["body", "channels"]);
    }

    const { licenses: [issued], customer } = await issueLicenses(t);
    expect(issued!.channels).toEqual(["stable"]);
    const trial = await startTrialOf(t.app, customer.token, plan.id);
    expect(trial.channels).toEqual(["stable", "beta"]);

    const put = (token: string, id: string, payload: Record<string, unknown>) => call(t.app, { method: "PUT", url: `/api/v1/licenses/${id}/channels`, token, payload });
    expect((await put(customer.token, issued!.id, { channels: ["beta"] })).statusCode).toBe(403);
    for (const payload of [{ channels: [] }, { channels: ["nightly"] }, {}, { channels: ["stable"], extra: 1 }]) {
      const refused = await put(admin, issued!.id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await put(admin, "00000000-0000-4000-8000-000000000000", { channels: ["beta"] })).statusCode).toBe(404);
    const changed = await put(admin, issued!.id, { channels: ["dev", "beta", "dev"] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<{ data: License }>(changed).data.channels).toEqual(["beta", "dev"]);
    const mine = json<{ data: License }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${issued!.id}`, token: customer.token })).data;
    expect(mine.channels).toEqual(["beta", "dev"]);
    // The same channels again change nothing and record nothing more.
    expect((await put(admin, issued!.id, { channels: ["beta", "dev"] })).statusCode).toBe(200);
    const events = await auditOf("license.channels_changed", issued!.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toEqual({ from: ["stable"], to: ["beta", "dev"] });
  });
});

describe("availability of updates by channel and required features", () => {
  it("offers a licence exactly the updates of its channels whose required features it has, or verified for it by hand, on every path", async () => {
    const a = await issueLicenses(t);
    const b = await issueLicenses(t);
    const admin = a.admin;
    const [licenseA, licenseB] = [a.licenses[0]!, b.licenses[0]!];
    const featureA = a.feature as Feature;
    const gated = await publish(admin, { requiredFeatureIds: [featureA.id] });
    expect(gated).toMatchObject({ channel: "stable", requiredFeatures: [{ id: featureA.id, name: featureA.name, code: featureA.code }], yankedAt: null });
    const beta = await publish(admin, { channel: "beta" });
    const open = await publish(admin);
    const tokenA = await licenseToken(a.customer.token, licenseA.key);
    const tokenB = await licenseToken(b.customer.token, licenseB.key);

    // Publishing told the owners of the licences offered each update, and no one else.
    const noticesOf = async (userId: string) =>
      (await t.database.db.select({ title: notifications.title }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, "maintenance_updates")))).map((row) => row.title).sort();
    expect(await noticesOf(a.customer.user.id)).toEqual([`Update ${gated.version} is available`, `Update ${open.version} is available`].sort());
    expect(await noticesOf(b.customer.user.id)).toEqual([`Update ${open.version} is available`]);

    // The .req list: exactly the offered ones; the others wait for a verification by hand.
    const listA = await listed(tokenA);
    expect(listA.items.map((item) => [item.id, item.channel])).toEqual([
      [open.id, "stable"],
      [gated.id, "stable"],
    ]);
    expect(listA.awaitingVerification.map((item) => item.id)).toEqual([beta.id]);
    const listB = await listed(tokenB);
    expect(listB.items.map((item) => item.id)).toEqual([open.id]);
    expect(listB.awaitingVerification.map((item) => item.id)).toEqual([beta.id, gated.id]);

    // Downloads by licence token and by login.
    expect(await downloadStatuses(gated.id, { licenseToken: tokenA })).toEqual(ALLOWED);
    expect(await downloadStatuses(gated.id, { token: a.customer.token })).toEqual(ALLOWED);
    expect(await downloadStatuses(gated.id, { licenseToken: tokenB })).toEqual(NOT_FOUND);
    expect(await downloadStatuses(gated.id, { token: b.customer.token })).toEqual(NOT_FOUND);
    expect(await downloadStatuses(beta.id, { licenseToken: tokenA })).toEqual(NOT_FOUND);
    expect(await downloadStatuses(open.id, { licenseToken: tokenB })).toEqual(ALLOWED);
    expect(await downloadStatuses(beta.id, { token: admin })).toEqual(ALLOWED);

    // The customer's history: the offered updates; with include=unavailable the others, with reasons.
    const rowsOf = (rows: UpdateHistoryRow[], licenseId: string) =>
      rows.filter((row) => row.licenseId === licenseId && [gated.id, beta.id, open.id].includes(row.updateId)).map((row) => [row.version, row.available, row.channel, row.unavailableReasons]);
    expect(rowsOf(await historyOf(b.customer.token), licenseB.id)).toEqual([[open.version, true, "stable", undefined]]);
    expect(rowsOf(await historyOf(b.customer.token, "&include=unavailable&sort=version&order=desc"), licenseB.id)).toEqual([
      [open.version, true, "stable", []],
      [beta.version, false, "beta", [{ kind: "channel", channel: "beta" }]],
      [gated.version, false, "stable", [{ kind: "feature", featureId: featureA.id, featureName: featureA.name, featureCode: featureA.code }]],
    ]);
    expect(rowsOf(await historyOf(a.customer.token, "&sort=version&order=desc"), licenseA.id)).toEqual([
      [open.version, true, "stable", undefined],
      [gated.version, true, "stable", undefined],
    ]);
    const wrongInclude = await call(t.app, { method: "GET", url: "/api/v1/update-history?include=everything", token: a.customer.token });
    expect(wrongInclude.statusCode).toBe(422);
    expect(firstError(wrongInclude).loc).toEqual(["query", "include"]);

    // Verification by hand still offers an update whatever the channel and features, and taking it back withdraws it.
    const verification = (method: "POST" | "DELETE") => call(t.app, { method, url: `/api/v1/updates/${gated.id}/verifications`, token: admin, payload: { licenseId: licenseB.id } });
    expect((await verification("POST")).statusCode).toBe(200);
    expect(await downloadStatuses(gated.id, { licenseToken: tokenB })).toEqual(ALLOWED);
    expect((await listed(tokenB)).items.map((item) => item.id)).toEqual([open.id, gated.id]);
    expect(rowsOf(await historyOf(b.customer.token), licenseB.id).map((row) => row[0])).toEqual(expect.arrayContaining([gated.version]));
    expect((await verification("DELETE")).statusCode).toBe(200);
    expect(await downloadStatuses(gated.id, { licenseToken: tokenB })).toEqual(NOT_FOUND);

    // Following the beta channel offers the beta update at once.
    expect((await call(t.app, { method: "PUT", url: `/api/v1/licenses/${licenseB.id}/channels`, token: admin, payload: { channels: ["stable", "beta"] } })).statusCode).toBe(200);
    expect(await downloadStatuses(beta.id, { licenseToken: tokenB })).toEqual(ALLOWED);
    expect((await listed(tokenB)).items.map((item) => item.id)).toEqual([open.id, beta.id]);
    // Dropping stable takes the stable ones away.
    expect((await call(t.app, { method: "PUT", url: `/api/v1/licenses/${licenseB.id}/channels`, token: admin, payload: { channels: ["beta"] } })).statusCode).toBe(200);
    expect(await downloadStatuses(open.id, { licenseToken: tokenB })).toEqual(NOT_FOUND);
    expect((await listed(tokenB)).items.map((item) => item.id)).toEqual([beta.id]);
  });

  it("sets a draft's channel and required features before publishing, refuses unknown features, and keeps a required feature from being deleted", async () => {
    const admin = await adminToken(t.app);
    // A feature in no plan: only the update holds it.
    const made = await call(t.app, { method: "POST", url: "/api/v1/features", token: admin, payload: { name: `Required ${randomBytes(4).toString("hex")}`, price: 0 } });
    expect(made.statusCode, made.body).toBe(201);
    const feature = json<{ data: Feature }>(made).data;
    const { id } = await draft(admin);
    const patch = (payload: Record<string, unknown>) => call(t.app, { method: "PATCH", url: `/api/v1/updates/${id}`, token: admin, payload });
    const set = await patch({ channel: "rc", requiredFeatureIds: [feature.id, feature.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(json<{ data: Update }>(set).data).toMatchObject({ status: "draft", channel: "rc", requiredFeatures: [{ id: feature.id, name: feature.name }] });
    expect(await auditOf("update.availability_set", id)).toHaveLength(1);
    expect((await patch({})).statusCode).toBe(422);
    expect((await patch({ channel: "nightly" })).statusCode).toBe(422);
    const unknown = await patch({ requiredFeatureIds: ["00000000-0000-4000-8000-000000000000"] });
    expect(unknown.statusCode).toBe(422);
    expect(firstError(unknown).loc).toEqual(["catalogue/unknown_feature"]);

    const version = `${++major}.0.0`;
    const changelog = { header: `Release ${version}`, version, type: "minor", changeLog: "- fixes" };
    const refused = await call(t.app, { method: "PUT", url: `/api/v1/updates/${id}/changelog`, token: admin, payload: { ...changelog, requiredFeatureIds: ["00000000-0000-4000-8000-000000000000"] } });
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused).loc).toEqual(["catalogue/unknown_feature"]);
    // Published with what the draft had: rc and the feature.
    const published = await call(t.app, { method: "PUT", url: `/api/v1/updates/${id}/changelog`, token: admin, payload: changelog });
    expect(published.statusCode, published.body).toBe(200);
    expect(json<{ data: Update }>(published).data).toMatchObject({ status: "published", channel: "rc", requiredFeatures: [{ id: feature.id }] });
    const late = await patch({ channel: "stable" });
    expect(late.statusCode).toBe(409);
    expect(firstError(late).loc).toEqual(["update/published"]);
    const removed = await call(t.app, { method: "DELETE", url: `/api/v1/features/${feature.id}`, token: admin });
    expect(removed.statusCode).toBe(409);
    expect(firstError(removed).loc).toEqual(["catalogue/feature_in_use"]);
  });
});

describe("yank", () => {
  it("withdraws a published update from every list and download (410), keeps it for administrators and in the history of those who had it", async () => {
    const a = await issueLicenses(t);
    const b = await issueLicenses(t);
    const admin = a.admin;
    const featureA = a.feature as Feature;
    const update = await publish(admin, { requiredFeatureIds: [featureA.id] });
    const tokenA = await licenseToken(a.customer.token, a.licenses[0]!.key);
    const tokenB = await licenseToken(b.customer.token, b.licenses[0]!.key);
    expect(await downloadStatuses(update.id, { licenseToken: tokenA })).toEqual(ALLOWED);

    const yank = (id: string, token = admin) => call(t.app, { method: "POST", url: `/api/v1/updates/${id}/yank`, token });
    expect((await yank(update.id, a.customer.token)).statusCode).toBe(403);
    const { id: draftId } = await draft(admin);
    const draftYank = await yank(draftId);
    expect(draftYank.statusCode).toBe(409);
    expect(firstError(draftYank).loc).toEqual(["update/not_published"]);
    expect((await yank("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);

    const yanked = await yank(update.id);
    expect(yanked.statusCode, yanked.body).toBe(200);
    const yankedAt = json<{ data: Update }>(yanked).data.yankedAt;
    expect(yankedAt).toEqual(expect.any(String));
    const again = await yank(update.id);
    expect(again.statusCode).toBe(409);
    expect(firstError(again).loc).toEqual(["update/already_yanked"]);
    expect(await auditOf("update.yanked", update.id)).toHaveLength(1);

    // Gone from every download: 410 for those who had it and for administrators; still 404 for others.
    expect(await downloadStatuses(update.id, { licenseToken: tokenA })).toEqual(YANKED);
    expect(await downloadStatuses(update.id, { token: a.customer.token })).toEqual(YANKED);
    expect(await downloadStatuses(update.id, { token: admin })).toEqual(YANKED);
    expect(await downloadStatuses(update.id, { licenseToken: tokenB })).toEqual(NOT_FOUND);
    const listA = await listed(tokenA);
    expect([...listA.items, ...listA.awaitingVerification].map((item) => item.id)).not.toContain(update.id);
    expect((await listed(tokenB)).awaitingVerification.map((item) => item.id)).not.toContain(update.id);

    // Administrators still see it.
    const adminList = async (query: string) => json<{ data: Page<Update> }>(await call(t.app, { method: "GET", url: `/api/v1/updates?pageSize=100${query}`, token: admin })).data.items;
    expect((await adminList("&yanked=true")).map((item) => [item.id, item.yankedAt])).toContainEqual([update.id, yankedAt]);
    expect((await adminList("&yanked=false")).map((item) => item.id)).not.toContain(update.id);
    expect((await adminList("")).map((item) => item.id)).toContain(update.id);
    expect(json<{ data: Update }>(await call(t.app, { method: "GET", url: `/api/v1/updates/${update.id}`, token: admin })).data.yankedAt).toBe(yankedAt);

    // The history: "Withdrawn" for the customer who had it, nothing for one who never did (even asking for the unavailable ones).
    const rowA = (await historyOf(a.customer.token)).find((row) => row.updateId === update.id);
    expect(rowA).toMatchObject({ available: false, yankedAt });
    expect((await historyOf(b.customer.token, "&include=unavailable")).map((row) => row.updateId)).not.toContain(update.id);
    expect((await historyOf(admin, `&updateId=${update.id}`)).every((row) => row.yankedAt === yankedAt)).toBe(true);
  });
});
