import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@portal/test-support/chromium";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueFloatingLicense, newFingerprint, startPortal, stopPortal, type Portal } from "./test/portal.js";
import { flipByte, Proxy, type Reply } from "./test/proxy.js";

// The built client (dist/, as published) in Debian's Chromium, against the real portal: the page and
// the modules are served from the portal's origin by the test's proxy (so no CORS is involved), on
// 127.0.0.1, a secure context where WebCrypto exists.

const packages = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const available = existsSync(CHROMIUM_PATH);
if (!available && process.env.CI) throw new Error(`${CHROMIUM_PATH} is missing: CI must run the client in a browser`);

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>licence client</title>
<script type="importmap">{"imports":{"@portal/license-verifier/webcrypto":"/__client/license-verifier/webcrypto.js"}}</script>
<script type="module">
  import * as client from "/__client/license-client/index.js";
  window.licenseClient = client;
  document.title = "ready";
</script>`;

function contentType(file: string): string {
  return file.endsWith(".js") ? "text/javascript; charset=utf-8" : "application/json; charset=utf-8";
}

let portal: Portal;
let proxy: Proxy;
let browser: Browser;
let page: Page;

describe.skipIf(!available)("in a browser (Chromium)", () => {
  beforeAll(async () => {
    // Built as published: tsc -b compiles the verifier first (a project reference).
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const build = spawnSync(process.execPath, [tsc, "-b", path.join(packages, "license-client")], { encoding: "utf8" });
    if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);

    portal = await startPortal();
    proxy = await Proxy.start(portal.url);
    proxy.intercept = (request): Reply | undefined => {
      if (request.path === "/__client/index.html") {
        return { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: Buffer.from(PAGE) };
      }
      const module = /^\/__client\/(license-client|license-verifier)\/([\w.-]+\.js)$/.exec(request.path);
      if (!module) return undefined;
      const file = path.join(packages, module[1]!, "dist", module[2]!);
      return existsSync(file)
        ? { status: 200, headers: { "content-type": contentType(file) }, body: readFileSync(file) }
        : { status: 404, headers: {}, body: Buffer.from("") };
    };
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${proxy.url}/__client/index.html`);
    await page.waitForFunction(() => document.title === "ready", undefined, { timeout: 20_000 }).catch(() => {
      throw new Error(`the client did not load in the page: ${errors.join("; ")}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await proxy?.stop();
    await stopPortal(portal);
  });

  /** Runs `step` of a client made in the page (state kept in window.subject) and answers its outcome. */
  function inPage(step: "create" | "validate" | "heartbeat" | "release", options?: Record<string, unknown>) {
    return page.evaluate(
      async ({ step, options }) => {
        type Client = Record<"validate" | "heartbeat" | "release", () => Promise<unknown>>;
        const scope = window as unknown as { licenseClient: { createLicenseClient(options: unknown): Client }; subject: Client };
        if (step === "create") {
          scope.subject = scope.licenseClient.createLicenseClient({ baseUrl: location.origin, ...options });
          return { created: true };
        }
        try {
          return { answer: await scope.subject[step]() };
        } catch (error) {
          const failure = error as { name: string; reason: string; message: string };
          return { error: { name: failure.name, reason: failure.reason, message: failure.message } };
        }
      },
      { step, options },
    );
  }

  it("validates with the signature and nonce verified on the browser's WebCrypto, and refuses a tampered answer", async () => {
    const { key } = await issueFloatingLicense(portal);
    const fingerprint = newFingerprint();
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe("undefined");
    await inPage("create", { publicKey: portal.publicKey, key, fingerprint, graceSeconds: 60 });

    const valid = await inPage("validate");
    expect(valid).toMatchObject({ answer: { valid: true, code: "VALID", fingerprint, offline: false, license: { key, floating: true } } });

    proxy.rewrite = (answer) => ({ ...answer, body: flipByte(answer.body, answer.body.indexOf('"planName":"') + 13) });
    expect(await inPage("validate")).toMatchObject({ error: { name: "LicenseClientError", reason: "BAD_SIGNATURE" } });
    const earlier = proxy.answers.find((answer) => answer.path === "/api/v1/licenses/validate")!.body;
    proxy.rewrite = (answer) => ({ ...answer, body: earlier });
    expect(await inPage("validate")).toMatchObject({ error: { reason: "NONCE_MISMATCH" } });
    proxy.rewrite = () => ({ status: 503, headers: {}, body: Buffer.from("") });
    expect(await inPage("validate")).toMatchObject({ answer: { valid: true, offline: true } });
    proxy.rewrite = undefined;

    expect(await inPage("heartbeat")).toMatchObject({ answer: { valid: true, code: "VALID", leaseExpiresAt: expect.any(String) } });
    expect(await inPage("release")).toMatchObject({ answer: { fingerprint } });
  });
});
