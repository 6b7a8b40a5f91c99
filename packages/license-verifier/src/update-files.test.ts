import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sha256File, verifyUpdateFiles, type UpdateManifest } from "./index.js";
import { makeManifest, manifestFile } from "./test/forge.js";

const contents: Record<string, Buffer> = {
  "backend.zip": Buffer.from("PK backend ".repeat(5000)),
  "frontend.zip": Buffer.from("PK frontend ".repeat(3000)),
  "config/app.json": Buffer.from('{"port":8080}\n'),
  "bin/tools/migrate": Buffer.alloc(0),
};
const manifest: UpdateManifest = makeManifest(Object.entries(contents).map(([filePath, content]) => manifestFile(filePath, content)));

let dir: string;

function place(filePath: string, content: Buffer): string {
  const location = path.join(dir, ...filePath.split("/"));
  mkdirSync(path.dirname(location), { recursive: true });
  writeFileSync(location, content);
  return location;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "update-files-"));
  for (const [filePath, content] of Object.entries(contents)) place(filePath, content);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function statuses(result: Awaited<ReturnType<typeof verifyUpdateFiles>>) {
  return Object.fromEntries(result.files.map((file) => [file.path, file.status]));
}

describe("verifyUpdateFiles", () => {
  it("accepts files that match the manifest, at their install paths, and reports progress to the total", async () => {
    const progress: [number, number][] = [];
    const result = await verifyUpdateFiles(manifest, dir, { onProgress: (done, total) => progress.push([done, total]) });
    expect(result.ok).toBe(true);
    expect(statuses(result)).toEqual({ "backend.zip": "ok", "frontend.zip": "ok", "config/app.json": "ok", "bin/tools/migrate": "ok" });
    const backend = result.files[0];
    expect(backend).toMatchObject({
      name: "backend.zip",
      expectedSize: contents["backend.zip"]?.length,
      actualSize: contents["backend.zip"]?.length,
      actualSha256: createHash("sha256").update(contents["backend.zip"] ?? "").digest("hex"),
    });
    const total = Object.values(contents).reduce((sum, content) => sum + content.length, 0);
    expect(progress.at(-1)).toEqual([total, total]);
    expect(progress.every(([done], index) => index === 0 || done >= (progress[index - 1]?.[0] ?? 0))).toBe(true);
  });

  it("ignores files the manifest does not list", async () => {
    place("notes.txt", Buffer.from("left by the administrator"));
    expect((await verifyUpdateFiles(manifest, dir)).ok).toBe(true);
  });

  it("reports every problem at once: missing, shorter, longer, one flipped byte, a folder in a file's place", async () => {
    rmSync(path.join(dir, "config", "app.json"));
    mkdirSync(path.join(dir, "config", "app.json"));
    const backend = Buffer.from(contents["backend.zip"] as Buffer);
    backend.writeUInt8(backend.readUInt8(1234) ^ 0x01, 1234);
    place("backend.zip", backend);
    place("frontend.zip", (contents["frontend.zip"] as Buffer).subarray(0, 1000));
    place("bin/tools/migrate", Buffer.from("extra"));

    const result = await verifyUpdateFiles(manifest, dir);
    expect(result.ok).toBe(false);
    expect(statuses(result)).toEqual({
      "backend.zip": "hash_mismatch",
      "frontend.zip": "size_mismatch",
      "config/app.json": "missing",
      "bin/tools/migrate": "size_mismatch",
    });
    if (!result.ok) {
      expect(result.reason).toBe("FILE_MISMATCH");
      expect(result.message).toBe(
        "4 of 4 files do not match the manifest: backend.zip (hash mismatch), frontend.zip (size mismatch), config/app.json (missing), bin/tools/migrate (size mismatch).",
      );
    }
    expect(result.files[1]).toMatchObject({ actualSize: 1000, message: `is 1000 bytes; the manifest says ${contents["frontend.zip"]?.length}.` });
  });

  it("reports a missing file and a missing folder as missing", async () => {
    rmSync(path.join(dir, "bin"), { recursive: true });
    rmSync(path.join(dir, "backend.zip"));
    expect(statuses(await verifyUpdateFiles(manifest, dir))).toMatchObject({ "backend.zip": "missing", "bin/tools/migrate": "missing" });
    expect(statuses(await verifyUpdateFiles(manifest, path.join(dir, "nowhere")))).toEqual({
      "backend.zip": "missing",
      "frontend.zip": "missing",
      "config/app.json": "missing",
      "bin/tools/migrate": "missing",
    });
  });

  it("throws a TypeError for a manifest that verifyUpdateManifest would refuse, or no directory", async () => {
    const hostile = { ...manifest, files: [manifestFile("../../etc/passwd", "root:x:0:0")] };
    await expect(verifyUpdateFiles(hostile, dir)).rejects.toThrow(TypeError);
    await expect(verifyUpdateFiles({ ...manifest, extra: 1 } as UpdateManifest, dir)).rejects.toThrow(/unknown field "extra"/);
    await expect(verifyUpdateFiles(manifest, "")).rejects.toThrow(TypeError);
  });
});

describe("sha256File", () => {
  it("hashes a file's content, including an empty file", async () => {
    const location = place("backend.zip", contents["backend.zip"] as Buffer);
    expect(await sha256File(location)).toBe(createHash("sha256").update(readFileSync(location)).digest("hex"));
    expect(await sha256File(path.join(dir, "bin", "tools", "migrate"))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("rejects with Node's error for a missing file", async () => {
    await expect(sha256File(path.join(dir, "missing"))).rejects.toMatchObject({ code: "ENOENT" });
  });
});
