/**
 * Packages are hundreds of megabytes: verification must stream. A 50 MB file is generated on the
 * fly, and the process's resident memory is sampled while it is verified (in a folder and in a
 * package); it must grow by a small fraction of the file's size. Its own test file, so that no
 * other test shares the process while it measures.
 */
import { createHash, randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyUpdateFiles, verifyUpdatePackage } from "./index.js";
import { makeKeys, makeManifest, signManifest, writeTestPackage } from "./test/forge.js";

const MiB = 1024 * 1024;
const FILE_BYTES = 50 * MiB;
/** Well under the file's size; reading it whole would add at least FILE_BYTES. */
const MAX_GROWTH_BYTES = 12 * MiB;

const keys = makeKeys();
const block = randomBytes(MiB);

/** The large file's content, one reused 1 MiB buffer at a time (each chunk stamped with its index). */
function* content(): Generator<Buffer> {
  for (let index = 0; index < FILE_BYTES / MiB; index++) {
    block.writeUInt32LE(index, 0);
    yield block;
  }
}

let dir: string;
let packagePath: string;
let manifest: ReturnType<typeof makeManifest>;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "large-update-"));
  const hash = createHash("sha256");
  const fd = openSync(path.join(dir, "backend.zip"), "w");
  try {
    for (const chunk of content()) {
      hash.update(chunk);
      writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
  manifest = makeManifest([{ name: "backend.zip", path: "backend.zip", size: FILE_BYTES, sha256: hash.digest("hex") }]);
  const text = JSON.stringify(manifest);
  packagePath = path.join(dir, "package.zip");
  writeTestPackage(packagePath, text, signManifest(text, keys.privateKey), [{ name: "backend.zip", data: content }]);
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs `work`, sampling resident memory on every progress report and on a timer; returns the peak growth. */
async function peakGrowth(work: (sample: () => void) => Promise<unknown>): Promise<number> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, 5);
  try {
    await work(sample);
    sample();
  } finally {
    clearInterval(timer);
  }
  return peak - baseline;
}

// The package runs first: memory a broken reader took would stay resident and hide a second one's.
describe("verifying a 50 MB file keeps memory bounded", () => {
  it("in a package", async () => {
    let result: Awaited<ReturnType<typeof verifyUpdatePackage>> | undefined;
    const growth = await peakGrowth(async (sample) => {
      result = await verifyUpdatePackage(packagePath, keys.publicKeyPem, { onProgress: sample });
    });
    expect(result?.ok).toBe(true);
    expect(result?.files?.[0]).toMatchObject({ status: "ok", actualSize: FILE_BYTES });
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
  });

  it("in a folder", async () => {
    let ok = false;
    const growth = await peakGrowth(async (sample) => {
      ok = (await verifyUpdateFiles(manifest, dir, { onProgress: sample })).ok;
    });
    expect(ok).toBe(true);
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
  });
});
