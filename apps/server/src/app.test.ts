import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openTestDatabase } from "./test/database.js";
import { adminToken, createCustomer } from "./test/factories.js";
import { call, firstError, json } from "./test/http.js";
import { closeTestApp, createTestApp, useTestApp } from "./test/test-app.js";

const t = useTestApp();

describe("platform", () => {
  it("answers health without a login, naming the database", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(response.statusCode).toBe(200);
    const expected = process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite";
    expect(json(response)).toEqual({ status: "ok", db: expected, data: { status: "ok", db: expected } });
  });

  it("serves the web app's run-time settings without a login: SUPPORT_URL, changed by a restart, not a rebuild", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/config" });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: "success", data: { supportUrl: "https://support.example.com/" } });
    const configured = await createTestApp({ SUPPORT_URL: "https://help.vendor.test/portal" });
    try {
      const answer = await configured.app.inject({ method: "GET", url: "/api/v1/config" });
      expect(json(answer)).toEqual({ status: "success", data: { supportUrl: "https://help.vendor.test/portal" } });
    } finally {
      await closeTestApp(configured);
    }
  });

  it("publishes OpenAPI 3.1 generated from the contract, and its browsable docs", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>>; components: { schemas: Record<string, unknown> } }>(response);
    expect(document.openapi).toBe("3.1.0");
    for (const route of ["/api/v1/auth/token", "/api/v1/auth/register", "/api/v1/auth/me", "/api/v1/auth/logout", "/api/v1/users", "/api/v1/users/{id}/approve", "/api/v1/audit-events", "/api/v1/health"]) {
      expect(document.paths).toHaveProperty([route]);
    }
    expect(document.paths["/api/v1/auth/register"]?.post?.requestBody).toBeTruthy();
    // Public calls need no token; everything else takes a session, or an API token holding the operation's scope.
    expect((document.paths["/api/v1/licenses/validate"]?.post as { security?: unknown }).security).toEqual([]);
    expect(document.paths["/api/v1/auth/me"]?.get).toMatchObject({ security: [{ bearer: [] }, { apiToken: ["read"] }], "x-token-scope": "read" });
    expect(document.paths["/api/v1/auth/password"]?.post).toMatchObject({ security: [{ bearer: [] }], "x-token-scope": "none" });
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(["User", "ErrorEnvelope"]));

    const docs = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers["content-type"]).toMatch(/text\/html/);
  });

  it("answers unknown API paths with 404 in the envelope", async () => {
    for (const url of ["/api/v1/nothing-here", "/api/elsewhere", "/api"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({
        detail: [{ loc: ["common/not_found"], msg: "The requested resource was not found.", type: "error" }],
      });
    }
  });

  it("sends security headers with a strict Content-Security-Policy", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers 415 for a content type the API does not speak and 413 for an oversized body", async () => {
    const wrongType = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(wrongType.statusCode).toBe(415);
    expect(firstError(wrongType).loc).toEqual(["common/unsupported_media_type"]);

    const huge = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { firstname: "x".repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(firstError(huge).loc).toEqual(["common/payload_too_large"]);
  });

  it("refuses a non-admin on admin routes with 403 and an anonymous caller with 401", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/users" });
    expect(anonymous.statusCode).toBe(401);
    const customer = await createCustomer(t);
    for (const url of ["/api/v1/users", "/api/v1/audit-events"]) {
      const response = await call(t.app, { method: "GET", url, token: customer.token });
      expect(response.statusCode).toBe(403);
      expect(firstError(response).loc).toEqual(["auth/forbidden"]);
    }
    expect((await call(t.app, { method: "GET", url: "/api/v1/users", token: await adminToken(t.app) })).statusCode).toBe(200);
  });

  it("turns an unexpected failure into a 500 without internals", async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: "silent", WEB_DIST_DIR: path.join(t.dataDir, "none") });
    const app = await buildApp({ config, database });
    app.get("/api/v1/boom", { config: { access: "public" } }, async () => {
      throw new Error("secret internal detail at /srv/app.ts:12 select * from users");
    });
    await app.ready();
    const response = await app.inject({ method: "GET", url: "/api/v1/boom" });
    expect(response.statusCode).toBe(500);
    expect(json(response)).toEqual({
      detail: [{ loc: ["common/internal"], msg: "An unexpected error occurred. Please try again.", type: "error" }],
    });
    expect(response.body).not.toContain("secret");
    await app.close();
    await database.close();
  });
});

describe("web app hosting", () => {
  it("serves the built app, its hashed assets for a year, and index.html for client routes", async () => {
    const webDist = path.join(t.dataDir, "web-dist");
    await mkdir(path.join(webDist, "assets"), { recursive: true });
    await writeFile(path.join(webDist, "index.html"), "<!doctype html><title>Licence Portal</title>");
    await writeFile(path.join(webDist, "assets", "index-abc123.js"), "console.log(1)");
    const hosted = await createTestApp({ WEB_DIST_DIR: webDist });
    try {
      for (const url of ["/", "/dashboard", "/admin/users?tab=1", "/my-tickets/123e4567-e89b-12d3-a456-426614174000"]) {
        const page = await hosted.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain("Licence Portal");
        expect(page.headers["cache-control"]).toBe("no-cache");
      }
      const asset = await hosted.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

      const missingAsset = await hosted.app.inject({ method: "GET", url: "/assets/missing.js" });
      expect(missingAsset.statusCode).toBe(404);
      const api = await hosted.app.inject({ method: "GET", url: "/api/v1/missing" });
      expect(api.statusCode).toBe(404);
      expect(api.headers["content-type"]).toMatch(/application\/json/);
    } finally {
      await closeTestApp(hosted);
    }
  });
});
