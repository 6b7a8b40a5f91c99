import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { openTestDatabase } from "../test/database.js";
import { json } from "../test/http.js";
import { closeTestApp, createTestApp, useTestApp } from "../test/test-app.js";
import { COMPRESSION_THRESHOLD_BYTES } from "./compression.js";

const t = useTestApp();

describe("compression of API answers", () => {
  it("sends a JSON answer above the threshold as Brotli or gzip when accepted, as it is when not", async () => {
    const identity = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(identity.statusCode).toBe(200);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await t.app.inject({ method: "GET", url: "/api/openapi.json", headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/application\/json/);
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);

    const gzip = await t.app.inject({ method: "GET", url: "/api/openapi.json", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);

    const refused = await t.app.inject({ method: "GET", url: "/api/openapi.json", headers: { "accept-encoding": "identity" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(identity.body);
  });

  it("leaves a small answer alone", async () => {
    const health = await t.app.inject({ method: "GET", url: "/api/v1/health", headers: { "accept-encoding": "br, gzip" } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(json(health)).toMatchObject({ status: "ok" });
  });

  it("never compresses binary downloads or event streams, and keeps their length", async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: "silent", WEB_DIST_DIR: path.join(t.dataDir, "none") });
    const app = await buildApp({ config, database, runJobs: false });
    const bytes = Buffer.alloc(64 * 1024, "a");
    app.get("/api/v1/test-package", { config: { access: "public" } }, async (_request, reply) =>
      reply.type("application/octet-stream").header("content-disposition", 'attachment; filename="update.bin"').send(bytes),
    );
    app.get("/api/v1/test-zip", { config: { access: "public" } }, async (_request, reply) => reply.type("application/zip").send(bytes));
    app.get("/api/v1/test-events", { config: { access: "public" } }, async (_request, reply) => reply.type("text/event-stream").send("data: x\n\n".repeat(500)));
    await app.ready();
    try {
      for (const url of ["/api/v1/test-package", "/api/v1/test-zip", "/api/v1/test-events"]) {
        const response = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["content-encoding"], url).toBeUndefined();
        expect(Number(response.headers["content-length"]), url).toBe(response.rawPayload.length);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("precompressed web app", () => {
  it("serves each file in the encoding the browser accepts, with its type, caching, Vary and validators", async () => {
    const webDist = path.join(t.dataDir, "web-dist-precompressed");
    await mkdir(path.join(webDist, "assets"), { recursive: true });
    const html = `<!doctype html><title>Licence Portal</title>${"<!-- padding -->".repeat(100)}`;
    const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
    const files = { "index.html": html, "assets/index-abc123.js": script };
    for (const [name, content] of Object.entries(files)) {
      await writeFile(path.join(webDist, name), content);
      await writeFile(path.join(webDist, `${name}.br`), brotliCompressSync(content));
      await writeFile(path.join(webDist, `${name}.gz`), gzipSync(content, { level: 9 }));
    }
    const hosted = await createTestApp({ WEB_DIST_DIR: webDist });
    try {
      const get = (url: string, headers: Record<string, string> = {}) => hosted.app.inject({ method: "GET", url, headers });

      const br = await get("/assets/index-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(br.statusCode).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-type"]).toMatch(/^(?:application|text)\/javascript/);
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers["x-content-type-options"]).toBe("nosniff");
      // A script is no document: the page's CSP is not repeated on each of them.
      expect(br.headers["content-security-policy"]).toBeUndefined();
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

      const gzip = await get("/assets/index-abc123.js", { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

      const raw = await get("/assets/index-abc123.js");
      expect(raw.headers["content-encoding"]).toBeUndefined();
      expect(raw.body).toBe(script);
      expect(raw.headers.vary).toMatch(/accept-encoding/i);

      // Validators and HEAD still behave: each encoding has its own ETag.
      expect(br.headers.etag).toBeTruthy();
      expect(br.headers.etag).not.toBe(raw.headers.etag);
      const notModified = await get("/assets/index-abc123.js", { "accept-encoding": "br", "if-none-match": String(br.headers.etag) });
      expect(notModified.statusCode).toBe(304);
      const head = await hosted.app.inject({ method: "HEAD", url: "/assets/index-abc123.js", headers: { "accept-encoding": "br" } });
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-encoding"]).toBe("br");
      expect(head.body).toBe("");

      // The SPA fallback is precompressed too, never cached without revalidation, and keeps the page's CSP.
      for (const url of ["/", "/auth/login", "/admin/users?tab=1"]) {
        const page = await get(url, { accept: "text/html", "accept-encoding": "br, gzip" });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers["content-encoding"], url).toBe("br");
        expect(page.headers["content-type"], url).toMatch(/^text\/html/);
        expect(page.headers["cache-control"], url).toBe("no-cache");
        expect(page.headers.vary, url).toMatch(/accept-encoding/i);
        expect(page.headers["content-security-policy"], url).toContain("default-src 'self'");
        expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(html);
      }

      const missing = await get("/assets/missing-abc.js", { "accept-encoding": "br, gzip" });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers["content-encoding"]).toBeUndefined();
      expect(json(missing)).toEqual({ detail: [{ loc: ["common/not_found"], msg: "The requested resource was not found.", type: "error" }] });
    } finally {
      await closeTestApp(hosted);
    }
  });
});
