import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@portal/test-support/chromium";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyEncryptedLicenseFile, verifyMachineFile } from "./index.js";
import { makeDataset, makeEncryptedFile, makeKeys } from "./test/forge.js";
import {
  KEYGEN_JS_LICENSE_FILE,
  KEYGEN_JS_LICENSE_KEY,
  KEYGEN_NODE_LICENSE_FILE,
  KEYGEN_NODE_LICENSE_KEY,
  KEYGEN_PUBLIC_KEY_DER_BASE64,
  KEYGEN_PUBLIC_KEY_HEX,
} from "./test/keygen-vectors.js";

// The built WebCrypto entry point (dist/webcrypto.js, as published) in Debian's Chromium, served from
// 127.0.0.1 (a secure context, where WebCrypto has Ed25519 and AES-GCM): the same vectors give the
// same results in the browser as on Node's node:crypto. As packages/license-client's browser test.

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const available = existsSync(CHROMIUM_PATH);
if (!available && process.env.CI) throw new Error(`${CHROMIUM_PATH} is missing: CI must run the verifier in a browser`);

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>licence verifier</title>
<script type="module">
  import * as verifier from "/dist/webcrypto.js";
  window.verifier = verifier;
  document.title = "ready";
</script>`;

const KEY = "7K3QX-9MZ4T-1B8RW-P2D6H-VC5NE-FJ0GA";
const FINGERPRINT = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

interface Vector {
  name: string;
  kind: "license" | "machine";
  file: string;
  publicKey: string;
  licenseKey: string;
  fingerprint?: string;
  now?: string;
}

function flipEnc(file: string): string {
  const lines = file.trim().split("\n");
  const envelope = JSON.parse(Buffer.from(lines.slice(1, -1).join(""), "base64").toString()) as Record<string, string>;
  envelope["enc"] = `${envelope["enc"]!.slice(0, 3)}${envelope["enc"]![3] === "A" ? "B" : "A"}${envelope["enc"]!.slice(4)}`;
  return [lines[0], ...Buffer.from(JSON.stringify(envelope)).toString("base64").match(/.{1,60}/g)!, lines.at(-1), ""].join("\n");
}

function vectors(): Vector[] {
  const keys = makeKeys();
  const issued = new Date(Date.now() - 60_000);
  const licenseFile = makeEncryptedFile("license", makeDataset("license", issued, 3600, KEY), KEY, keys.privateKey);
  const machineFile = makeEncryptedFile("machine", makeDataset("machine", issued, 3600, KEY, FINGERPRINT), KEY + FINGERPRINT, keys.privateKey);
  const pem = keys.publicKeyPem;
  return [
    { name: "keygen js, hex key", kind: "license", file: KEYGEN_JS_LICENSE_FILE, publicKey: KEYGEN_PUBLIC_KEY_HEX, licenseKey: KEYGEN_JS_LICENSE_KEY },
    { name: "keygen js, DER key", kind: "license", file: KEYGEN_JS_LICENSE_FILE, publicKey: KEYGEN_PUBLIC_KEY_DER_BASE64, licenseKey: KEYGEN_JS_LICENSE_KEY },
    { name: "keygen node, in its year", kind: "license", file: KEYGEN_NODE_LICENSE_FILE, publicKey: KEYGEN_PUBLIC_KEY_HEX, licenseKey: KEYGEN_NODE_LICENSE_KEY, now: "2024-06-01T00:00:00Z" },
    { name: "keygen node, expired", kind: "license", file: KEYGEN_NODE_LICENSE_FILE, publicKey: KEYGEN_PUBLIC_KEY_HEX, licenseKey: KEYGEN_NODE_LICENSE_KEY },
    { name: "keygen node, wrong key", kind: "license", file: KEYGEN_NODE_LICENSE_FILE, publicKey: KEYGEN_PUBLIC_KEY_HEX, licenseKey: KEYGEN_JS_LICENSE_KEY, now: "2024-06-01T00:00:00Z" },
    { name: "portal licence file", kind: "license", file: licenseFile, publicKey: pem, licenseKey: KEY },
    { name: "portal licence file, tampered", kind: "license", file: flipEnc(licenseFile), publicKey: pem, licenseKey: KEY },
    { name: "portal licence file, expired", kind: "license", file: licenseFile, publicKey: pem, licenseKey: KEY, now: new Date(Date.now() + 7_200_000).toISOString() },
    { name: "portal machine file", kind: "machine", file: machineFile, publicKey: pem, licenseKey: KEY, fingerprint: FINGERPRINT },
    { name: "portal machine file, another machine", kind: "machine", file: machineFile, publicKey: pem, licenseKey: KEY, fingerprint: "0".repeat(64) },
    { name: "portal machine file, tampered", kind: "machine", file: flipEnc(machineFile), publicKey: pem, licenseKey: KEY, fingerprint: FINGERPRINT },
  ];
}

const EXPECTED: Record<string, string> = {
  "keygen js, hex key": "ok",
  "keygen js, DER key": "ok",
  "keygen node, in its year": "ok",
  "keygen node, expired": "FILE_EXPIRED",
  "keygen node, wrong key": "WRONG_KEY",
  "portal licence file": "ok",
  "portal licence file, tampered": "BAD_SIGNATURE",
  "portal licence file, expired": "FILE_EXPIRED",
  "portal machine file": "ok",
  "portal machine file, another machine": "WRONG_KEY_OR_FINGERPRINT",
  "portal machine file, tampered": "BAD_SIGNATURE",
};

function summary(result: { ok: boolean; reason?: string; entitlements?: string[] }) {
  return result.ok ? { outcome: "ok", entitlements: result.entitlements } : { outcome: result.reason };
}

let server: Server;
let browser: Browser;
let page: Page;

describe.skipIf(!available)("encrypted licence and machine files in a browser (Chromium)", () => {
  beforeAll(async () => {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const build = spawnSync(process.execPath, [tsc, "-b", packageDir], { encoding: "utf8" });
    if (build.status !== 0) throw new Error(`tsc -b failed:\n${build.stdout}${build.stderr}`);
    server = createServer((request, response) => {
      const url = request.url ?? "/";
      if (url === "/") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
        return;
      }
      const module = /^\/dist\/([\w.-]+\.js)$/.exec(url);
      const file = module ? path.join(packageDir, "dist", module[1]!) : undefined;
      if (!file || !existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => (globalThis as unknown as { document: { title: string } }).document.title === "ready", undefined, { timeout: 20_000 }).catch(() => {
      throw new Error(`the verifier did not load in the page: ${errors.join("; ")}`);
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("gives the same results as node:crypto for Keygen's vectors and the portal's files", async () => {
    const cases = vectors();
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe("undefined");
    const inBrowser = await page.evaluate(async (cases) => {
      type Verify = (text: string, key: string, options: Record<string, unknown>) => Promise<{ ok: boolean; reason?: string; entitlements?: string[] }>;
      const verifier = (globalThis as unknown as { verifier: Record<string, Verify> }).verifier;
      const results: Record<string, { ok: boolean; reason?: string; entitlements?: string[] }> = {};
      for (const vector of cases) {
        const verify = vector.kind === "machine" ? verifier["verifyMachineFileWebCrypto"]! : verifier["verifyEncryptedLicenseFileWebCrypto"]!;
        const options = { licenseKey: vector.licenseKey, ...(vector.fingerprint ? { fingerprint: vector.fingerprint } : {}), ...(vector.now ? { now: new Date(vector.now) } : {}) };
        results[vector.name] = await verify(vector.file, vector.publicKey, options);
      }
      return results;
    }, cases);
    for (const vector of cases) {
      const options = { licenseKey: vector.licenseKey, ...(vector.fingerprint ? { fingerprint: vector.fingerprint } : {}), ...(vector.now ? { now: new Date(vector.now) } : {}) };
      const inNode = vector.kind === "machine" ? verifyMachineFile(vector.file, vector.publicKey, options) : verifyEncryptedLicenseFile(vector.file, vector.publicKey, options);
      expect(summary(inBrowser[vector.name]!), vector.name).toEqual(summary(inNode));
      expect(summary(inNode).outcome, vector.name).toBe(EXPECTED[vector.name]);
    }
  });
});
