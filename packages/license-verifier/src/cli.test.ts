import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYGEN_JS_LICENSE_FILE, KEYGEN_JS_LICENSE_KEY, KEYGEN_NODE_LICENSE_FILE, KEYGEN_NODE_LICENSE_KEY, KEYGEN_PUBLIC_KEY_HEX } from "./test/keygen-vectors.js";
import {
  DAY,
  makeAnswer,
  makeDataset,
  makeEncryptedFile,
  makeKeys,
  makeLicenseFile,
  makeManifest,
  makeManifestAnswer,
  makePayload,
  makeValidationData,
  manifestFile,
  signManifest,
  writeTestPackage,
} from "./test/forge.js";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cli = path.join(packageDir, "dist", "cli.js");
const FINGERPRINT = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
const LICENSE_KEY = "7K3QX-9MZ4T-1B8RW-P2D6H-VC5NE-FJ0GA";

let dir: string;
const file = (name: string) => path.join(dir, name);

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", timeout: 20_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  // The CLI is tested as shipped: compile the package, then spawn dist/cli.js.
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const build = spawnSync(process.execPath, [tsc, "-b", packageDir], { encoding: "utf8" });
  if (build.status !== 0) throw new Error(`tsc -b failed:\n${build.stdout}${build.stderr}`);

  dir = mkdtempSync(path.join(os.tmpdir(), "license-verify-"));
  const keys = makeKeys();
  const other = makeKeys();
  const recent = new Date(Date.now() - DAY);
  writeFileSync(file("key.pem"), keys.publicKeyPem);
  writeFileSync(file("other.pem"), other.publicKeyPem);
  writeFileSync(file("broken.pem"), "-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----\n");
  writeFileSync(file("good.lic"), makeLicenseFile(makePayload(recent), keys.privateKey));
  writeFileSync(file("expired.lic"), makeLicenseFile(makePayload(new Date(Date.now() - 90 * DAY)), keys.privateKey));
  writeFileSync(file("garbage.lic"), "hello\n");
  writeFileSync(file("encrypted.lic"), makeEncryptedFile("license", makeDataset("license", recent, 30 * 86_400, LICENSE_KEY), LICENSE_KEY, keys.privateKey));
  writeFileSync(file("machine.lic"), makeEncryptedFile("machine", makeDataset("machine", recent, 30 * 86_400, LICENSE_KEY, FINGERPRINT), LICENSE_KEY + FINGERPRINT, keys.privateKey));
  writeFileSync(file("keygen-js.lic"), KEYGEN_JS_LICENSE_FILE);
  writeFileSync(file("keygen-node.lic"), KEYGEN_NODE_LICENSE_FILE);
  writeFileSync(file("keygen.hex"), `${KEYGEN_PUBLIC_KEY_HEX}\n`);
  writeFileSync(file("answer.json"), JSON.stringify(makeAnswer(makeValidationData(new Date()), keys.privateKey)));
  writeFileSync(
    file("negative.json"),
    JSON.stringify(makeAnswer(makeValidationData(new Date(), { valid: false, code: "TOO_MANY_ACTIVATIONS" }), keys.privateKey)),
  );
  writeFileSync(file("old.json"), JSON.stringify(makeAnswer(makeValidationData(new Date(Date.now() - 3_600_000)), keys.privateKey)));

  const updateFiles = { "backend.zip": "PK backend bytes", "frontend.zip": "PK frontend bytes", "config/app.json": '{"port":8080}' };
  const manifestText = JSON.stringify(makeManifest(Object.entries(updateFiles).map(([name, content]) => manifestFile(name, content))));
  const signature = signManifest(manifestText, keys.privateKey);
  writeFileSync(file("manifest.json"), manifestText);
  writeFileSync(file("manifest.sig"), `${signature}\n`);
  writeFileSync(file("foreign.sig"), signManifest(manifestText, other.privateKey));
  writeFileSync(file("manifest-answer.json"), JSON.stringify(makeManifestAnswer(manifestText, keys.privateKey)));
  const entries = Object.entries(updateFiles).map(([name, data]) => ({ name, data }));
  for (const { name, data } of entries) {
    mkdirSync(path.dirname(file(`dir-update/${name}`)), { recursive: true });
    writeFileSync(file(`dir-update/${name}`), data);
  }
  cpSync(file("dir-update"), file("dir-tampered"), { recursive: true });
  writeFileSync(file("dir-tampered/frontend.zip"), "PK frontend bytEs");
  writeTestPackage(file("update.zip"), manifestText, signature, entries);
  writeTestPackage(file("tampered.zip"), manifestText, signature, [...entries.slice(0, 2), { name: "config/app.json", data: '{"port":6666}' }]);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("license-verify CLI", () => {
  it("is built with a node shebang", () => {
    expect(readFileSync(cli, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("exits 0 for a valid licence file and prints a summary", () => {
    const { code, stdout } = run(file("good.lic"), "--public-key", file("key.pem"));
    expect(code).toBe(0);
    expect(stdout).toContain("VALID licence file");
    expect(stdout).toContain("7K3QX-9MZ4T-1B8RW-P2D6H-VC5NE-FJ0GA");
    expect(stdout).toContain("Professional");
    expect(stdout).toContain("reports, sso, api");
    expect(stdout).toContain(FINGERPRINT);
    expect(stdout).toMatch(/Expires:\s+\d{4}-\d{2}-\d{2}T/);
  });

  it("checks --fingerprint: 0 when it matches, 1 when it does not", () => {
    expect(run(file("good.lic"), "-k", file("key.pem"), "--fingerprint", FINGERPRINT).code).toBe(0);
    const wrong = run(file("good.lic"), "-k", file("key.pem"), "--fingerprint", "0".repeat(64));
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain("INVALID licence file: FINGERPRINT_MISMATCH");
  });

  it("exits 1 with the reason for a file signed with another key, an expired file and a garbage file", () => {
    const wrongKey = run(file("good.lic"), "--public-key", file("other.pem"));
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toContain("BAD_SIGNATURE");
    expect(wrongKey.stdout).not.toContain("Professional");
    const expired = run(file("expired.lic"), "--public-key", file("key.pem"));
    expect(expired.code).toBe(1);
    expect(expired.stdout).toContain("FILE_EXPIRED");
    expect(expired.stdout).toContain("Professional");
    const garbage = run(file("garbage.lic"), "--public-key", file("key.pem"));
    expect(garbage.code).toBe(1);
    expect(garbage.stdout).toContain("MALFORMED");
  });

  it("verifies and decrypts an encrypted licence file and a machine file with --license-key (and --fingerprint)", () => {
    const licence = run(file("encrypted.lic"), "-k", file("key.pem"), "--license-key", LICENSE_KEY);
    expect(licence.code).toBe(0);
    expect(licence.stdout).toContain("VALID encrypted licence file");
    expect(licence.stdout).toMatch(/Entitlements:\s+REPORTS/);
    const machine = run(file("machine.lic"), "-k", file("key.pem"), "-l", LICENSE_KEY, "-f", FINGERPRINT);
    expect(machine.code).toBe(0);
    expect(machine.stdout).toContain("VALID machine file");
    expect(machine.stdout).toContain(FINGERPRINT);
    const json = run(file("machine.lic"), "-k", file("key.pem"), "-l", LICENSE_KEY, "-f", FINGERPRINT, "--json");
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, kind: "machine", entitlements: ["REPORTS"] });

    const wrongKey = run(file("encrypted.lic"), "-k", file("key.pem"), "-l", "AAAAA-BBBBB");
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toContain("INVALID encrypted licence file: WRONG_KEY");
    const wrongMachine = run(file("machine.lic"), "-k", file("key.pem"), "-l", LICENSE_KEY, "-f", "0".repeat(64));
    expect(wrongMachine.code).toBe(1);
    expect(wrongMachine.stdout).toContain("WRONG_KEY_OR_FINGERPRINT");
    expect(run(file("machine.lic"), "-k", file("other.pem"), "-l", LICENSE_KEY, "-f", FINGERPRINT).stdout).toContain("BAD_SIGNATURE");

    const noKey = run(file("encrypted.lic"), "-k", file("key.pem"));
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("--license-key");
    const noFingerprint = run(file("machine.lic"), "-k", file("key.pem"), "-l", LICENSE_KEY);
    expect(noFingerprint.code).toBe(2);
    expect(noFingerprint.stderr).toContain("--fingerprint");
  });

  it("accepts Keygen's published vector with Keygen's hex public key, given literally or in a file", () => {
    const literal = run(file("keygen-js.lic"), "--public-key", KEYGEN_PUBLIC_KEY_HEX, "--license-key", KEYGEN_JS_LICENSE_KEY);
    expect(literal.code).toBe(0);
    expect(literal.stdout).toContain("VALID encrypted licence file");
    expect(literal.stdout).toMatch(/Entitlements:\s+OFFLINE_SUPPORT/);
    expect(run(file("keygen-js.lic"), "-k", file("keygen.hex"), "-l", KEYGEN_JS_LICENSE_KEY).code).toBe(0);
    // Keygen's node example file is authentic, but its meta.expiry (2025-04-09) has passed.
    const expired = run(file("keygen-node.lic"), "-k", KEYGEN_PUBLIC_KEY_HEX, "-l", KEYGEN_NODE_LICENSE_KEY);
    expect(expired.code).toBe(1);
    expect(expired.stdout).toContain("FILE_EXPIRED");
    expect(expired.stdout).toContain("Node Example");
  });

  it("prints the result object with --json", () => {
    const valid = run(file("good.lic"), "--public-key", file("key.pem"), "--json");
    expect(valid.code).toBe(0);
    const parsed = JSON.parse(valid.stdout) as { ok: boolean; license: { planName: string } };
    expect(parsed.ok).toBe(true);
    expect(parsed.license.planName).toBe("Professional");
    const invalid = run(file("good.lic"), "--public-key", file("other.pem"), "--json");
    expect(invalid.code).toBe(1);
    expect(JSON.parse(invalid.stdout)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
  });

  it("verifies a validation answer, with and without --nonce", () => {
    const ok = run("--answer", file("answer.json"), "--public-key", file("key.pem"));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("VALID licence (authentic validation answer, code VALID)");
    expect(run("--answer", file("answer.json"), "-k", file("key.pem"), "--nonce", "c0ffee-42").code).toBe(0);
    const replay = run("--answer", file("answer.json"), "-k", file("key.pem"), "--nonce", "other");
    expect(replay.code).toBe(1);
    expect(replay.stdout).toContain("NONCE_MISMATCH");
    const forged = run("--answer", file("answer.json"), "-k", file("other.pem"), "--json");
    expect(forged.code).toBe(1);
    expect(JSON.parse(forged.stdout)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
  });

  it("exits 1 for an authentic answer that says the licence is invalid", () => {
    const { code, stdout } = run("--answer", file("negative.json"), "--public-key", file("key.pem"));
    expect(code).toBe(1);
    expect(stdout).toContain("INVALID licence: TOO_MANY_ACTIVATIONS (authentic validation answer)");
  });

  it("checks --max-age", () => {
    expect(run("--answer", file("old.json"), "-k", file("key.pem")).code).toBe(0);
    const stale = run("--answer", file("old.json"), "-k", file("key.pem"), "--max-age", "300");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("STALE");
  });

  it("verifies an update manifest with its signature, or the saved manifest answer", () => {
    const ok = run("--manifest", file("manifest.json"), "--signature", file("manifest.sig"), "--public-key", file("key.pem"));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("VALID update manifest");
    expect(ok.stdout).toMatch(/Version:\s+2\.4\.0 \(minor\)/);
    expect(ok.stdout).toMatch(/config\/app\.json\s+13 bytes\s+SHA-256 [0-9a-f]{64}/);
    const answer = run("-m", file("manifest-answer.json"), "-k", file("key.pem"), "--json");
    expect(answer.code).toBe(0);
    expect(JSON.parse(answer.stdout)).toMatchObject({ ok: true, manifest: { version: "2.4.0" } });
  });

  it("exits 1 for a manifest signed with another key, or checked against another key", () => {
    const foreign = run("--manifest", file("manifest.json"), "--signature", file("foreign.sig"), "-k", file("key.pem"));
    expect(foreign.code).toBe(1);
    expect(foreign.stdout).toContain("INVALID update manifest: BAD_SIGNATURE");
    expect(foreign.stdout).not.toContain("2.4.0");
    const otherKey = run("-m", file("manifest-answer.json"), "-k", file("other.pem"), "--json");
    expect(otherKey.code).toBe(1);
    expect(JSON.parse(otherKey.stdout)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
  });

  it("checks downloaded files against the manifest with --files", () => {
    const ok = run("-m", file("manifest.json"), "-s", file("manifest.sig"), "--files", file("dir-update"), "-k", file("key.pem"));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("VALID update (manifest and files)");
    expect(ok.stdout).toMatch(/ok\s+backend\.zip\s+matches/);
    const tampered = run("-m", file("manifest.json"), "-s", file("manifest.sig"), "--files", file("dir-tampered"), "-k", file("key.pem"), "--json");
    expect(tampered.code).toBe(1);
    const result = JSON.parse(tampered.stdout) as { reason: string; manifest: unknown; files: { path: string; status: string }[] };
    expect(result.reason).toBe("FILE_MISMATCH");
    expect(result.manifest).toBeDefined();
    expect(result.files.map((checked) => checked.status)).toEqual(["ok", "hash_mismatch", "ok"]);
  });

  it("verifies an update package: 0 when intact, 1 with the file named when one was altered", () => {
    const ok = run("--package", file("update.zip"), "--public-key", file("key.pem"));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("VALID update package");
    const tampered = run("-p", file("tampered.zip"), "-k", file("key.pem"));
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain("INVALID update package: FILE_MISMATCH");
    expect(tampered.stdout).toMatch(/hash mismatch\s+config\/app\.json/);
    const foreign = run("-p", file("update.zip"), "-k", file("other.pem"), "--json");
    expect(foreign.code).toBe(1);
    expect(JSON.parse(foreign.stdout)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
  });

  it("prints help and exits 0", () => {
    const { code, stdout } = run("--help");
    expect(code).toBe(0);
    expect(stdout).toContain("license-verify <file.lic> --public-key <key.pem>");
    expect(stdout).toContain("license-verify --package <update.zip> --public-key <key.pem>");
    expect(stdout).toContain("Exit codes");
  });

  it.each([
    ["no arguments", []],
    ["no public key", ["good.lic"]],
    ["no licence file", ["--public-key", "key.pem"]],
    ["two licence files", ["good.lic", "good.lic", "--public-key", "key.pem"]],
    ["an unknown option", ["good.lic", "--public-key", "key.pem", "--frobnicate"]],
    ["a file and --answer together", ["good.lic", "--answer", "answer.json", "--public-key", "key.pem"]],
    ["--nonce with a licence file", ["good.lic", "--public-key", "key.pem", "--nonce", "n"]],
    ["--fingerprint with --answer", ["--answer", "answer.json", "--public-key", "key.pem", "--fingerprint", "f"]],
    ["a bad --max-age", ["--answer", "answer.json", "--public-key", "key.pem", "--max-age", "soon"]],
    ["a missing licence file", ["missing.lic", "--public-key", "key.pem"]],
    ["a missing public key file", ["good.lic", "--public-key", "missing.pem"]],
    ["a missing answer file", ["--answer", "missing.json", "--public-key", "key.pem"]],
    ["an unusable public key", ["good.lic", "--public-key", "broken.pem"]],
    ["--manifest and --package together", ["--manifest", "manifest.json", "--package", "update.zip", "--public-key", "key.pem"]],
    ["a licence file and --package together", ["good.lic", "--package", "update.zip", "--public-key", "key.pem"]],
    ["--signature with --package", ["--package", "update.zip", "--signature", "manifest.sig", "--public-key", "key.pem"]],
    ["--files with a licence file", ["good.lic", "--files", "dir-update", "--public-key", "key.pem"]],
    ["--fingerprint with --manifest", ["--manifest", "manifest.json", "--fingerprint", "f", "--public-key", "key.pem"]],
    ["a missing manifest", ["--manifest", "missing.json", "--signature", "manifest.sig", "--public-key", "key.pem"]],
    ["a missing signature file", ["--manifest", "manifest.json", "--signature", "missing.sig", "--public-key", "key.pem"]],
    ["a missing --files folder", ["--manifest", "manifest.json", "--signature", "manifest.sig", "--files", "dir-missing", "--public-key", "key.pem"]],
    ["--files naming a file", ["--manifest", "manifest.json", "--signature", "manifest.sig", "--files", "update.zip", "--public-key", "key.pem"]],
    ["a missing package", ["--package", "missing.zip", "--public-key", "key.pem"]],
    ["a package that is a folder", ["--package", "dir-update", "--public-key", "key.pem"]],
  ])("exits 2 on %s", (_label, args) => {
    const resolved = args.map((arg) => (/\.(lic|pem|json|sig|zip)$|^dir-/.test(arg) ? file(arg) : arg));
    const { code, stdout, stderr } = run(...resolved);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^license-verify: /);
  });
});
