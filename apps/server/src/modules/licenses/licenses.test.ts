import { createPublicKey, verify } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatLicenseKey, isWellFormedLicenseKey, licenseKeyCheckCharacter, type License, type LicenseRequest, type Page, type ValidationData } from "@portal/contract";
import { auditEvents, licenses, users } from "../../db/schema/index.js";
import { createCustomer, createPlanWithFeature, issueLicenses } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { waitForMail } from "../../test/mail.js";
import { multipartFile } from "../../test/multipart.js";
import { useTestApp } from "../../test/test-app.js";
import { fingerprintOf } from "./validation.service.js";

const t = useTestApp({ VALIDATE_RATE_LIMIT_PER_MINUTE: "100000", VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "100000" });

const catalogue = (maxActivations?: number, maxReleasesPer30Days?: number) => createPlanWithFeature(t, maxActivations, maxReleasesPer30Days);

/** A customer holding `quantity` freshly issued licences of a new plan. */
const issued = (options: { quantity?: number; maxActivations?: number; maxReleasesPer30Days?: number } = {}) => issueLicenses(t, options);

async function validate(body: Record<string, unknown>) {
  const response = await t.app.inject({ method: "POST", url: "/api/v1/licenses/validate", payload: body });
  expect(response.statusCode).toBe(200);
  return { response, body: json<{ status: string; data: ValidationData; signature: string }>(response) };
}

async function publicKey() {
  const response = await t.app.inject({ method: "GET", url: "/api/v1/licenses/public-key" });
  return json<{ data: { publicKey: string; keyId: string } }>(response).data;
}

function decodeLicenseFile(text: string) {
  const lines = text.trim().split("\n");
  expect(lines[0]).toBe("-----BEGIN LICENSE FILE-----");
  expect(lines.at(-1)).toBe("-----END LICENSE FILE-----");
  for (const line of lines.slice(1, -1)) expect(line.length).toBeLessThanOrEqual(60);
  const outer = JSON.parse(Buffer.from(lines.slice(1, -1).join(""), "base64").toString("utf8")) as { enc: string; sig: string; alg: string };
  return { outer, payload: JSON.parse(Buffer.from(outer.enc, "base64").toString("utf8")) };
}

describe("licence requests", () => {
  it("issues the requested quantity in the approving transaction and tells the customer", async () => {
    const { customer, request, licenses: issuedLicenses, plan, feature } = await issued({ quantity: 2 });
    expect(request.status).toBe("approved");
    expect(request.licenseIds).toHaveLength(2);
    expect(issuedLicenses).toHaveLength(2);
    for (const license of issuedLicenses) {
      expect(license).toMatchObject({ status: "not_activated", planId: plan.id, planName: plan.name, activations: 0, maxActivations: 2 });
      expect(license.features.map((item) => item.id)).toEqual([feature.id]);
      expect(isWellFormedLicenseKey(license.key)).toBe(true);
      const days = (Date.parse(license.expiresAt) - Date.parse(license.issuedAt)) / 86_400_000;
      expect(Math.round(days)).toBe(30);
    }
    await waitForMail(t.dataDir, customer.email, /licence request was approved/i);
    const inbox = json<{ data: { items: { title: string; type: string }[]; unread: number } }>(
      await call(t.app, { method: "GET", url: "/api/v1/notifications", token: customer.token }),
    ).data;
    expect(inbox.items[0]).toMatchObject({ type: "license_requests", title: "Your licence request was approved" });
    expect(inbox.unread).toBeGreaterThan(0);
  });

  it("turns a request for features into the customer's own plan, with admin overrides", async () => {
    const { admin, feature } = await catalogue();
    const customer = await createCustomer(t);
    const request = json<{ data: LicenseRequest }>(
      await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload: { featureIds: [feature.id] } }),
    ).data;
    expect(request).toMatchObject({ planId: null, quantity: 1, features: [{ id: feature.id }] });
    const edited = await call(t.app, {
      method: "PATCH",
      url: `/api/v1/license-requests/${request.id}`,
      token: admin,
      payload: { quantity: 3, durationDays: 10, maxActivations: 5 },
    });
    expect(json<{ data: LicenseRequest }>(edited).data).toMatchObject({ quantity: 3, durationDays: 10, maxActivations: 5 });
    await call(t.app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: admin });
    const mine = json<{ data: Page<License> }>(await call(t.app, { method: "GET", url: "/api/v1/licenses", token: customer.token })).data;
    expect(mine.total).toBe(3);
    expect(mine.items[0]).toMatchObject({ planName: "Custom plan", maxActivations: 5 });
  });

  it("rejects with a reason, lets the customer cancel, and refuses to decide twice", async () => {
    const { admin, plan } = await catalogue();
    const customer = await createCustomer(t);
    const make = async () =>
      json<{ data: LicenseRequest }>(await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload: { planId: plan.id } })).data;
    const first = await make();
    const noReason = await call(t.app, { method: "POST", url: `/api/v1/license-requests/${first.id}/reject`, token: admin, payload: { reason: " " } });
    expect(noReason.statusCode).toBe(422);
    const rejected = await call(t.app, { method: "POST", url: `/api/v1/license-requests/${first.id}/reject`, token: admin, payload: { reason: "No budget code" } });
    expect(json<{ data: LicenseRequest }>(rejected).data).toMatchObject({ status: "rejected", rejectReason: "No budget code" });
    const again = await call(t.app, { method: "POST", url: `/api/v1/license-requests/${first.id}/approve`, token: admin });
    expect(again.statusCode).toBe(409);
    expect(firstError(again).loc).toEqual(["license/not_pending"]);

    const second = await make();
    const cancelled = await call(t.app, { method: "POST", url: `/api/v1/license-requests/${second.id}/cancel`, token: customer.token });
    expect(json<{ data: LicenseRequest }>(cancelled).data.status).toBe("cancelled");
    expect(await t.database.db.select().from(licenses).where(eq(licenses.requestId, second.id))).toHaveLength(0);
  });

  it("keeps requests private: another customer gets 404 and cannot approve (403)", async () => {
    const { plan } = await catalogue();
    const owner = await createCustomer(t);
    const stranger = await createCustomer(t);
    const request = json<{ data: LicenseRequest }>(
      await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: owner.token, payload: { planId: plan.id } }),
    ).data;
    expect((await call(t.app, { method: "GET", url: `/api/v1/license-requests/${request.id}`, token: stranger.token })).statusCode).toBe(404);
    expect((await call(t.app, { method: "POST", url: `/api/v1/license-requests/${request.id}/cancel`, token: stranger.token })).statusCode).toBe(404);
    expect((await call(t.app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: owner.token })).statusCode).toBe(403);
    const theirs = json<{ data: Page<LicenseRequest> }>(await call(t.app, { method: "GET", url: "/api/v1/license-requests", token: stranger.token })).data;
    expect(theirs.total).toBe(0);
  });

  it.each([
    [{}, "planId"],
    [{ planId: "5b1e2b56-f886-4e6a-a7f6-92924aea4819", featureIds: ["5b1e2b56-f886-4e6a-a7f6-92924aea4819"] }, "planId"],
    [{ planId: "5b1e2b56-f886-4e6a-a7f6-92924aea4819", quantity: 101 }, "quantity"],
    [{ planId: "5b1e2b56-f886-4e6a-a7f6-92924aea4819", quantity: 0 }, "quantity"],
  ])("refuses the request %j", async (payload, field) => {
    const customer = await createCustomer(t);
    const response = await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload });
    expect(response.statusCode).toBe(422);
    expect(firstError(response).loc).toEqual(["body", field]);
  });

  it("refuses another customer's project and an unknown plan", async () => {
    const { plan } = await catalogue();
    const owner = await createCustomer(t);
    const stranger = await createCustomer(t);
    const project = json<{ data: { id: string } }>(
      await call(t.app, { method: "POST", url: "/api/v1/projects", token: owner.token, payload: { name: "Mine" } }),
    ).data;
    const foreign = await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: stranger.token, payload: { planId: plan.id, projectId: project.id } });
    expect(foreign.statusCode).toBe(404);
    const unknown = await call(t.app, {
      method: "POST",
      url: "/api/v1/license-requests",
      token: stranger.token,
      payload: { planId: "5b1e2b56-f886-4e6a-a7f6-92924aea4819" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(firstError(unknown).loc).toEqual(["catalogue/plan_not_found"]);
  });
});

describe("online validation", () => {
  it("answers a signed VALID, activates new fingerprints up to the maximum, then TOO_MANY_ACTIVATIONS", async () => {
    const { licenses: [license] } = await issued({ maxActivations: 2 });
    const key = license!.key;
    const { publicKey: pem } = await publicKey();

    const plain = await validate({ key, nonce: "n-1" });
    expect(plain.body.data).toMatchObject({ valid: true, code: "VALID", nonce: "n-1", license: { key, status: "not_activated" } });
    const signed = Buffer.from(JSON.stringify(plain.body.data));
    expect(plain.response.body).toContain(JSON.stringify(plain.body.data));
    expect(verify(null, signed, createPublicKey(pem), Buffer.from(plain.body.signature, "base64"))).toBe(true);
    const tampered = Buffer.from(JSON.stringify({ ...plain.body.data, valid: false }));
    expect(verify(null, tampered, createPublicKey(pem), Buffer.from(plain.body.signature, "base64"))).toBe(false);

    const activation = await t.app.inject({
      method: "POST",
      url: "/api/v1/licenses/validate",
      payload: { key, fingerprint: "machine-a" },
      headers: { "user-agent": "licence-check-test/1.0" },
      remoteAddress: "192.0.2.44",
    });
    expect(json<{ data: ValidationData }>(activation).data).toMatchObject({ code: "VALID", license: { status: "active" } });
    // The request context is built only when an activation audits it: it must still be the caller's.
    const audited = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, license!.id));
    expect(audited.filter((event) => event.action === "license.activated")).toEqual([
      expect.objectContaining({ actorId: null, ip: "192.0.2.44", userAgent: "licence-check-test/1.0", details: { fingerprint: "machine-a", via: "validate" } }),
    ]);
    expect((await validate({ key, fingerprint: "machine-a" })).body.data.code).toBe("VALID");
    expect((await validate({ key: key.toLowerCase().replace(/-/g, ""), fingerprint: "machine-b" })).body.data.code).toBe("VALID");
    expect((await validate({ key, fingerprint: "machine-c" })).body.data).toMatchObject({ valid: false, code: "TOO_MANY_ACTIVATIONS" });
    const [row] = await t.database.db.select().from(licenses).where(eq(licenses.id, license!.id));
    expect(row?.status).toBe("active");
  });

  it("answers NOT_FOUND for a typo without leaking anything, DEACTIVATED and EXPIRED", async () => {
    const { admin, licenses: [license] } = await issued();
    const key = license!.key;
    const typo = (key[0] === "A" ? "B" : "A") + key.slice(1);
    const notFound = (await validate({ key: typo })).body.data;
    expect(notFound).toEqual({ valid: false, code: "NOT_FOUND", leaseExpiresAt: null, expired: false, timestamp: expect.any(String) });

    await call(t.app, { method: "POST", url: `/api/v1/licenses/${license!.id}/deactivate`, token: admin });
    expect((await validate({ key, fingerprint: "x" })).body.data).toMatchObject({ valid: false, code: "DEACTIVATED" });
    await call(t.app, { method: "POST", url: `/api/v1/licenses/${license!.id}/reactivate`, token: admin });
    expect((await validate({ key })).body.data.code).toBe("VALID");

    await t.database.db.update(licenses).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(licenses.id, license!.id));
    expect((await validate({ key })).body.data).toMatchObject({ valid: false, code: "EXPIRED" });
  });

  it("answers FINGERPRINT_MISMATCH to a machine whose installation was released", async () => {
    const { customer, licenses: [license] } = await issued();
    await validate({ key: license!.key, fingerprint: "old-machine" });
    const list = json<{ data: { items: { id: string; fingerprint: string }[] } }>(
      await call(t.app, { method: "GET", url: `/api/v1/licenses/${license!.id}/installations`, token: customer.token }),
    ).data;
    const released = await call(t.app, {
      method: "POST",
      url: `/api/v1/licenses/${license!.id}/installations/${list.items[0]!.id}/release`,
      token: customer.token,
    });
    expect(released.statusCode).toBe(200);
    expect((await validate({ key: license!.key, fingerprint: "old-machine" })).body.data).toMatchObject({ valid: false, code: "FINGERPRINT_MISMATCH" });
    expect((await validate({ key: license!.key, fingerprint: "new-machine" })).body.data.code).toBe("VALID");
  });

  it("refuses a bad body with 422 and rate-limits per key", async () => {
    const missing = await t.app.inject({ method: "POST", url: "/api/v1/licenses/validate", payload: {} });
    expect(missing.statusCode).toBe(422);
    const { createTestApp, closeTestApp } = await import("../../test/test-app.js");
    const limited = await createTestApp({ VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const statuses = [];
      for (const remoteAddress of ["10.1.0.1", "10.1.0.2", "10.1.0.3"]) {
        statuses.push((await limited.app.inject({ method: "POST", url: "/api/v1/licenses/validate", remoteAddress, payload: { key: "AAAAA" } })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      // Heartbeat and release are limited alike, each route counting the key apart.
      for (const path of ["heartbeat", "release"]) {
        const seatStatuses = [];
        for (const remoteAddress of ["10.1.0.4", "10.1.0.5", "10.1.0.6"]) {
          seatStatuses.push((await limited.app.inject({ method: "POST", url: `/api/v1/licenses/${path}`, remoteAddress, payload: { key: "AAAAA", fingerprint: "f" } })).statusCode);
        }
        expect(seatStatuses).toEqual([200, 200, 429]);
      }
    } finally {
      await closeTestApp(limited);
    }
  });
});

describe("licences", () => {
  it("pages every sort both ways as one list would, each item as GET answers it, for the customer and for an admin", async () => {
    const first = await issued({ quantity: 3 });
    const second = await issueLicenses(t, { quantity: 2, customer: first.customer });
    await validate({ key: first.licenses[0]!.key, fingerprint: "paging-machine" });
    expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${second.licenses[0]!.id}/deactivate`, token: first.admin })).statusCode).toBe(200);
    const listOf = async (token: string, query: string) => json<{ data: Page<License> }>(await call(t.app, { method: "GET", url: `/api/v1/licenses?${query}`, token })).data;
    const viewers = [
      { token: first.customer.token, filter: "" },
      { token: first.admin, filter: `&ownerId=${first.customer.user.id}` },
    ];
    for (const { token, filter } of viewers) {
      for (const sort of ["issuedAt", "expiresAt", "status", "planName"]) {
        for (const order of ["asc", "desc"]) {
          const whole = await listOf(token, `pageSize=100&sort=${sort}&order=${order}${filter}`);
          expect(whole.total).toBe(5);
          // Pages 2 and 3 of 2 lie past the middle: read from the other end and turned round.
          const pages = await Promise.all([1, 2, 3].map((page) => listOf(token, `page=${page}&pageSize=2&sort=${sort}&order=${order}${filter}`)));
          expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1]);
          expect(pages.flatMap((page) => page.items)).toEqual(whole.items);
          if (sort.endsWith("At")) {
            const keys = whole.items.map((item) => item[sort as "issuedAt" | "expiresAt"]);
            expect(keys).toEqual([...keys].sort((a, b) => (order === "asc" ? a.localeCompare(b) : b.localeCompare(a))));
          }
        }
      }
      const page = await listOf(token, `pageSize=100${filter}`);
      for (const item of page.items) {
        expect(item).toEqual(json<{ data: License }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${item.id}`, token })).data);
      }
      expect(page.items.find((item) => item.id === first.licenses[0]!.id)).toMatchObject({ activations: 1, features: [{ id: first.feature.id }] });
      expect(page.items.find((item) => item.id === second.licenses[0]!.id)).toMatchObject({ status: "deactivated", features: [{ id: second.feature.id }] });
    }
  });

  it("sends the licence file as stored: never compressed, whole, whatever the client accepts", async () => {
    const { customer, licenses: [license] } = await issued();
    const url = `/api/v1/licenses/${license!.id}/file`;
    const plain = await call(t.app, { method: "GET", url, token: customer.token });
    const asked = await call(t.app, { method: "GET", url, token: customer.token, headers: { "accept-encoding": "br, gzip", range: "bytes=0-9" } });
    // No byte ranges before either: the whole file, with its length.
    expect(asked.statusCode).toBe(200);
    expect(asked.headers["content-encoding"]).toBeUndefined();
    expect(Number(asked.headers["content-length"])).toBe(asked.rawPayload.length);
    expect(asked.body.length).toBe(plain.body.length);
    expect(asked.headers["content-disposition"]).toMatch(/attachment; filename=".+\.lic"/);
  });

  it("gives a signed licence file that verifies with the public key; another customer gets 404", async () => {
    const { customer, licenses: [license] } = await issued();
    const response = await call(t.app, { method: "GET", url: `/api/v1/licenses/${license!.id}/file`, token: customer.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename=".+\.lic"/);
    const { outer, payload } = decodeLicenseFile(response.body);
    expect(outer.alg).toBe("base64+ed25519");
    const { publicKey: pem } = await publicKey();
    expect(verify(null, Buffer.from(`license/${outer.enc}`), createPublicKey(pem), Buffer.from(outer.sig, "base64"))).toBe(true);
    expect(payload.license).toMatchObject({ id: license!.id, key: license!.key, planName: license!.planName });
    expect(payload.meta.ttl).toBeGreaterThan(0);
    expect(Date.parse(payload.meta.expiry) - Date.parse(payload.meta.issued)).toBe(payload.meta.ttl * 1000);

    const stranger = await createCustomer(t);
    expect((await call(t.app, { method: "GET", url: `/api/v1/licenses/${license!.id}/file`, token: stranger.token })).statusCode).toBe(404);
    expect((await call(t.app, { method: "GET", url: `/api/v1/licenses/${license!.id}`, token: stranger.token })).statusCode).toBe(404);
  });

  it("lets only admins deactivate and reactivate, and lists with filters and sorting", async () => {
    const { admin, customer, licenses: [license] } = await issued({ quantity: 2 });
    expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${license!.id}/deactivate`, token: customer.token })).statusCode).toBe(403);
    const deactivated = await call(t.app, { method: "POST", url: `/api/v1/licenses/${license!.id}/deactivate`, token: admin });
    expect(json<{ data: License }>(deactivated).data.status).toBe("deactivated");
    const filtered = json<{ data: Page<License> }>(
      await call(t.app, { method: "GET", url: "/api/v1/licenses?status=deactivated&sort=expiresAt&order=asc", token: customer.token }),
    ).data;
    expect(filtered.items.map((item) => item.id)).toEqual([license!.id]);
    const reactivated = await call(t.app, { method: "POST", url: `/api/v1/licenses/${license!.id}/reactivate`, token: admin });
    expect(json<{ data: License }>(reactivated).data.status).toBe("not_activated");
    expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${license!.id}/reactivate`, token: admin })).statusCode).toBe(409);
    const byKey = json<{ data: Page<License> }>(
      await call(t.app, { method: "GET", url: `/api/v1/licenses?q=${license!.key.slice(0, 11)}`, token: admin }),
    ).data;
    expect(byKey.items.map((item) => item.id)).toContain(license!.id);
    const actions = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, license!.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["license.deactivated", "license.reactivated"]));
  });

  it("limits a customer to the plan's releases per 30 days; an admin may release any", async () => {
    const { admin, customer, licenses: [license] } = await issued({ maxActivations: 10, maxReleasesPer30Days: 2 });
    const installationsOf = async () =>
      json<{ data: { items: { id: string }[]; releasesLast30Days: number; maxReleasesPer30Days: number } }>(
        await call(t.app, { method: "GET", url: `/api/v1/licenses/${license!.id}/installations`, token: customer.token }),
      ).data;
    for (const machine of ["m1", "m2", "m3", "m4"]) await validate({ key: license!.key, fingerprint: machine });
    const release = async (token: string) => {
      const { items } = await installationsOf();
      return call(t.app, { method: "POST", url: `/api/v1/licenses/${license!.id}/installations/${items[0]!.id}/release`, token });
    };
    expect((await release(customer.token)).statusCode).toBe(200);
    expect((await release(customer.token)).statusCode).toBe(200);
    const third = await release(customer.token);
    expect(third.statusCode).toBe(409);
    expect(firstError(third).loc).toEqual(["license/release_limit"]);
    expect((await release(admin)).statusCode).toBe(200);
    expect(await installationsOf()).toMatchObject({ releasesLast30Days: 2, maxReleasesPer30Days: 2, items: [expect.anything()] });
  });

  it("blocks deleting a project or feature that a licence holds", async () => {
    const { admin, plan, feature } = await catalogue();
    const customer = await createCustomer(t);
    const project = json<{ data: { id: string } }>(
      await call(t.app, { method: "POST", url: "/api/v1/projects", token: customer.token, payload: { name: "Factory" } }),
    ).data;
    const request = json<{ data: LicenseRequest }>(
      await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload: { planId: plan.id, projectId: project.id } }),
    ).data;
    await call(t.app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: admin });
    const projectRefused = await call(t.app, { method: "DELETE", url: `/api/v1/projects/${project.id}`, token: customer.token });
    expect(projectRefused.statusCode).toBe(409);
    expect(firstError(projectRefused).loc).toEqual(["project/has_licenses"]);
    await call(t.app, { method: "DELETE", url: `/api/v1/plans/${plan.id}`, token: admin });
    const featureRefused = await call(t.app, { method: "DELETE", url: `/api/v1/features/${feature.id}`, token: admin });
    expect(firstError(featureRefused).loc).toEqual(["catalogue/feature_in_use"]);
  });
});

describe(".req activation", () => {
  const upload = (token: string, filename: string, content: string | Buffer) =>
    call(t.app, { method: "POST", url: "/api/v1/req/auth", token, ...multipartFile("file", filename, content) });

  it("activates the installation and answers a licence token and a bound licence file echoing the nonce", async () => {
    const { customer, licenses: [license] } = await issued();
    const installationData = JSON.stringify({ hostname: "plant-7", os: "linux", nonce: "abc-123" });
    const response = await upload(customer.token, "install.REQ", `${license!.key}\n${installationData}\n`);
    expect(response.statusCode).toBe(200);
    const data = json<{ data: { licenseToken: string; license: License; licenseFile: string; installation: { fingerprint: string; dataSummary: string } } }>(response).data;
    expect(data.license.status).toBe("active");
    expect(data.licenseToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.installation).toMatchObject({ fingerprint: fingerprintOf(installationData), dataSummary: "hostname: plant-7, os: linux" });
    const { outer, payload } = decodeLicenseFile(data.licenseFile);
    expect(payload.installation).toEqual({ fingerprint: fingerprintOf(installationData), nonce: "abc-123" });
    const { publicKey: pem } = await publicKey();
    expect(verify(null, Buffer.from(`license/${outer.enc}`), createPublicKey(pem), Buffer.from(outer.sig, "base64"))).toBe(true);
  });

  it("refuses a wrong extension (415), an oversized file (413), a short file (422) and another customer's key (404)", async () => {
    const { customer, licenses: [license] } = await issued();
    const wrongType = await upload(customer.token, "install.txt", `${license!.key}\ndata`);
    expect(wrongType.statusCode).toBe(415);
    expect(firstError(wrongType).msg).toBe("Please select only .req files");
    const tooLarge = await upload(customer.token, "big.req", `${license!.key}\n${"x".repeat(500 * 1024 + 10)}`);
    expect(tooLarge.statusCode).toBe(413);
    expect(firstError(tooLarge).msg).toBe("File size cannot exceed 500KB");
    const short = await upload(customer.token, "short.req", `${license!.key}\n`);
    expect(short.statusCode).toBe(422);
    // Text PostgreSQL cannot store, raw or as a JSON escape in line 2 (the version was a 500).
    for (const unstorable of [`${license!.key}\u0000\ndata`, `${license!.key}\n{"version":"\\u0000"}`, `${license!.key}\n{"os":"\\ud800"}`]) {
      const refused = await upload(customer.token, "nul.req", unstorable);
      expect(refused.statusCode, unstorable).toBe(422);
      expect(firstError(refused).msg).toBe("Text cannot contain NUL characters or unpaired surrogates");
    }
    const stranger = await createCustomer(t);
    const foreign = await upload(stranger.token, "x.req", `${license!.key}\ndata`);
    expect(foreign.statusCode).toBe(404);
    expect(firstError(foreign).loc).toEqual(["license/req_unknown_key"]);
    const [row] = await t.database.db.select().from(licenses).where(eq(licenses.id, license!.id));
    expect(row?.status).toBe("not_activated");
    const notMultipart = await call(t.app, { method: "POST", url: "/api/v1/req/auth", token: customer.token, payload: { file: "x" } });
    expect(notMultipart.statusCode).toBe(415);
  });

  it("says that the key on line 1 is none of the caller's licences (404 license/req_unknown_key), for a customer and an admin", async () => {
    const { admin, customer } = await issued();
    const wellFormedUnknown = formatLicenseKey(`${"Z".repeat(29)}${licenseKeyCheckCharacter("Z".repeat(29))}`);
    for (const [token, key] of [[customer.token, wellFormedUnknown], [admin, wellFormedUnknown], [customer.token, "not a licence key"]] as const) {
      const refused = await upload(token, "install.req", `${key}\n{"hostname":"plant-7"}\n`);
      expect(refused.statusCode).toBe(404);
      expect(firstError(refused)).toMatchObject({ loc: ["license/req_unknown_key"], msg: expect.stringContaining("first line") as string, type: "error" });
    }
  });

  it("lets an admin authenticate any key, and refuses a deactivated licence", async () => {
    const { admin, licenses: [license] } = await issued();
    expect((await upload(admin, "a.req", `${formatLicenseKey(license!.key.replace(/-/g, ""))}\nadmin-box`)).statusCode).toBe(200);
    await call(t.app, { method: "POST", url: `/api/v1/licenses/${license!.id}/deactivate`, token: admin });
    const refused = await upload(admin, "a.req", `${license!.key}\nadmin-box`);
    expect(refused.statusCode).toBe(409);
    expect(firstError(refused).loc).toEqual(["license/deactivated"]);
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, license!.ownerId));
    expect(owner).toBeDefined();
  });
});

describe("the shipped offline verifier", () => {
  it("accepts the server's licence files and validation answers, and refuses them tampered or under another key", async () => {
    const { verifyLicenseFile, verifyValidationAnswer } = await import("@portal/license-verifier");
    const { generateKeyPairSync } = await import("node:crypto");
    const { customer, licenses: [license] } = await issued();
    const { publicKey: pem } = await publicKey();
    const otherPem = generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" }).toString();

    const installationData = JSON.stringify({ hostname: "verifier-box", nonce: "n-42" });
    const req = await call(t.app, {
      method: "POST",
      url: "/api/v1/req/auth",
      token: customer.token,
      ...multipartFile("file", "box.req", `${license!.key}\n${installationData}`),
    });
    const licenseFile = json<{ data: { licenseFile: string } }>(req).data.licenseFile;
    const fingerprint = fingerprintOf(installationData);
    expect(verifyLicenseFile(licenseFile, pem, { fingerprint })).toMatchObject({ ok: true, installation: { fingerprint, nonce: "n-42" } });
    expect(verifyLicenseFile(licenseFile, pem, { fingerprint: fingerprintOf("another machine") })).toMatchObject({ ok: false, reason: "FINGERPRINT_MISMATCH" });
    expect(verifyLicenseFile(licenseFile, otherPem)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });

    const answer = await t.app.inject({ method: "POST", url: "/api/v1/licenses/validate", payload: { key: license!.key, nonce: "n-7" } });
    expect(verifyValidationAnswer(answer.body, pem, { nonce: "n-7", maxAgeSeconds: 60 })).toMatchObject({ ok: true, data: { valid: true } });
    expect(verifyValidationAnswer(answer.body, pem, { nonce: "replayed" })).toMatchObject({ ok: false, reason: "NONCE_MISMATCH" });
    expect(verifyValidationAnswer(answer.body.replace('"valid":true', '"valid":false'), pem)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
  });
});
