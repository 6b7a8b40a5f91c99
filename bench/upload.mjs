// A large software update through the portal as the README starts it (`node apps/server/dist/server.js`,
// fresh DATA_DIR, embedded PGlite): a backend.zip of --size-mb (default 500 MB, random and therefore
// incompressible, like a real package) and a small frontend.zip are uploaded (POST /api/v1/updates,
// multipart), published (commands, change log: the signed manifest and the package are made), and
// downloaded back (GET …/files/backend.zip, then the whole package resumed halfway with Range and
// checked with the offline verifier). Beside each figure, the baseline measured in the same run: the
// same bytes through a bare node:http server on loopback that only hashes what it receives, and that
// streams the same file back. The server's resident memory (its whole process tree) is sampled every
// 50 ms; its peak growth above idle is the budget.
//
// Then the same again with STORAGE_URL on an S3-protocol server (s3rver, the tests' devDependency, in
// a process of its own on 127.0.0.1 from a temporary folder): the upload streams into a multipart
// upload, the package is built from ranged reads of the bucket. The local store's figures of this run
// are its baseline. Last, for each store, the first byte of 64 KiB `Range` downloads of backend.zip at
// 16 keep-alive connections (p50, p95), after 64 ranges that are not counted, with the CPU each range
// cost, thread by thread (the server's main thread and its others, s3rver, the bench), from /proc.
//
//   node bench/upload.mjs [--size-mb=500] [--no-build] [--no-s3]
//
// Budget: peak RSS growth of the server ≤ 100 MB above idle (each store); every hash and the verifier
// agree; S3 upload throughput ≥ 50 % of the local store's; S3 Range first byte ≤ 50 ms p95 at 16 connections.
import { spawn, spawnSync } from "node:child_process";
import { createHash, generateKeyPairSync, randomBytes, randomFillSync } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from "node:fs";
import { Agent, createServer, get as httpGet } from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ADMIN, cpuByThread, cpuPerCall, freePort, percentile, processTree, root, startServer, treeRssMb, waitForHealth } from "./lib.mjs";

const flag = (name) => process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const SIZE_MB = Number(flag("size-mb")?.split("=")[1] ?? process.env.BENCH_UPLOAD_MB ?? 500);
const BUDGET = { rssGrowthMb: 100, s3UploadShare: 0.5, rangeFirstByteP95Ms: 50 };
const WITH_S3 = !flag("no-s3");
const RANGE_CONNECTIONS = 16;
const RANGE_REQUESTS = 640;
const RANGE_BYTES = 64 * 1024;
const RANGE_WARM_UP = 64;
const ENTRY_MB = 20;
/** The S3 round's bucket, the prefix of its objects, and s3rver's own credentials (its defaults); one place for the server, s3rver and the floor. */
const S3_STORE = { bucket: "bench", prefix: "portal", region: "us-east-1", key: "S3RVER" };

if (!flag("no-build")) {
  console.log("building (npm run build) …");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
}
const requireFromServer = createRequire(path.join(root, "apps/server/package.json"));
const yazl = requireFromServer("yazl");
const { verifyUpdatePackage } = await import(path.join(root, "packages/license-verifier/dist/index.js"));

const work = mkdtempSync(path.join(os.tmpdir(), "portal-bench-upload-"));
const mb = (bytes) => bytes / (1024 * 1024);
const rate = (bytes, ms) => `${(mb(bytes) / (ms / 1000)).toFixed(1)} MB/s`;
const failures = [];
const check = (label, ok) => {
  if (!ok) failures.push(label);
  return ok ? "PASS" : "FAIL";
};

/** A ZIP of stored entries, each `ENTRY_MB` of random bytes, written without holding an entry in memory. */
async function writeZip(file, totalMb) {
  const zip = new yazl.ZipFile();
  for (let written = 0, index = 0; written < totalMb; written += ENTRY_MB, index++) {
    const entryMb = Math.min(ENTRY_MB, totalMb - written);
    let left = entryMb * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024);
    const source = new Readable({
      read() {
        if (left === 0) return this.push(null);
        const size = Math.min(chunk.length, left);
        left -= size;
        this.push(Buffer.from(randomFillSync(chunk, 0, size).subarray(0, size)));
      },
    });
    zip.addReadStream(source, `lib/part-${String(index).padStart(3, "0")}.bin`, { compress: false, size: entryMb * 1024 * 1024, mtime: new Date(0) });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
  return statSync(file).size;
}

async function sha256Of(stream) {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** The bare minimum the same transfer costs on this machine: loopback HTTP, hashing what arrives, streaming a file out. */
async function baseline(backendZip, form) {
  const server = createServer(async (request, response) => {
    if (request.method === "POST") {
      const { bytes } = await sha256Of(request);
      response.end(String(bytes));
    } else {
      response.writeHead(200, { "content-length": statSync(backendZip).size });
      createReadStream(backendZip).pipe(response);
    }
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  try {
    let started = performance.now();
    await (await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: await form() })).text();
    const upMs = performance.now() - started;
    started = performance.now();
    const { bytes } = await sha256Of((await fetch(`http://127.0.0.1:${port}/`)).body);
    return { upMs, downMs: performance.now() - started, downBytes: bytes };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Samples the server's RSS every 50 ms while `work` runs; answers its result and the peak. */
async function sampled(pid, work) {
  let peak = treeRssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMb(pid));
  }, 50);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, treeRssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** s3rver in a process of its own (so its work is not the bench's), one bucket; answers its endpoint and stop(). */
async function startS3rver() {
  const directory = path.join(work, "s3");
  const script = `const S3rver = require(${JSON.stringify(requireFromServer.resolve("s3rver"))});
    new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: ${JSON.stringify(S3_STORE.bucket)} }] })
      .run().then((address) => console.log(JSON.stringify(address)));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const address = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`s3rver exited (${code})`)));
    child.stdout.once("data", (data) => resolve(JSON.parse(String(data))));
  });
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    pid: child.pid,
    stop: async () => {
      child.removeAllListeners("exit");
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    },
  };
}

/** One 64 KiB range of `url` at `start` over `agent`'s connections: ms from the request to its first body byte. */
function firstByteOfRange(agent, url, headers, start) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpGet(url, { agent, headers: { ...headers, range: `bytes=${start}-${start + RANGE_BYTES - 1}` } }, (response) => {
      if (response.statusCode !== 206) {
        response.resume();
        return reject(new Error(`a range answered ${response.statusCode}`));
      }
      response.once("data", () => {
        const ms = performance.now() - started;
        // Read to the end, so the connection goes back to the pool for the next range.
        response.resume();
        response.once("end", () => resolve(ms));
      });
      response.once("error", reject);
    });
    request.once("error", reject);
  });
}

/**
 * The first byte of `RANGE_REQUESTS` 64 KiB ranges at random offsets over `RANGE_CONNECTIONS`
 * keep-alive connections; ms, sorted. node:http rather than fetch: the bench shares the server's 2
 * cores, and fetch's own CPU per request (2.3–2.8 ms, against 0.8 ms) was counted in the server's
 * figure. The first `RANGE_WARM_UP` ranges are not counted: they open the connections (the server's
 * to the store too) and run its download path for the first time (p95 of a cold series of 640:
 * 125 ms; of the next one: 93 ms, same server). `cpu()` reads the CPU time of every thread concerned
 * (cpuByThread): the measured series' CPU per range is answered beside its times.
 */
async function rangeFirstBytes(url, headers, size, cpu) {
  const agent = new Agent({ keepAlive: true, maxSockets: RANGE_CONNECTIONS });
  const series = async (count) => {
    const times = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        times.push(await firstByteOfRange(agent, url, headers, Math.floor(Math.random() * (size - RANGE_BYTES))));
      }
    };
    await Promise.all(Array.from({ length: RANGE_CONNECTIONS }, worker));
    return times.sort((a, b) => a - b);
  };
  try {
    await series(RANGE_WARM_UP);
    const before = cpu();
    const times = await series(RANGE_REQUESTS);
    return { times, cpu: cpuPerCall(before, cpu(), RANGE_REQUESTS) };
  } finally {
    agent.destroy();
  }
}

/** A series' first-byte percentiles and its CPU per range, thread by thread; answers the p95. */
function printRanges(label, { times, cpu }) {
  const [p50, p95] = [percentile(times, 0.5), percentile(times, 0.95)];
  console.log(`[${label}] Range first byte, ${RANGE_REQUESTS} × 64 KiB at ${RANGE_CONNECTIONS} connections: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  const total = cpu.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`[${label}] CPU per range ${total.toFixed(2)} ms, by thread: ${cpu.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(", ")}`);
  return { p95 };
}

/**
 * The floor under the S3 figure, measured in the same run: the same ranges of the same object asked
 * of s3rver itself, by its signed address, with no portal in between (nothing to authenticate, no
 * database, no second hop). The portal's S3 p95 cannot be below it on the same cores.
 */
async function s3rverAlone(endpoint, objectKey, size) {
  const { S3Client, GetObjectCommand } = requireFromServer("@aws-sdk/client-s3");
  const { getSignedUrl } = requireFromServer("@aws-sdk/s3-request-presigner");
  const client = new S3Client({ region: S3_STORE.region, endpoint, forcePathStyle: true, credentials: { accessKeyId: S3_STORE.key, secretAccessKey: S3_STORE.key } });
  try {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: S3_STORE.bucket, Key: objectKey }), { expiresIn: 3600 });
    const cpu = () => new Map([...cpuByThread([s3.pid], "s3rver "), ...cpuByThread([process.pid], "bench ")]);
    return printRanges("s3rver alone", await rangeFirstBytes(url, {}, size, cpu));
  } finally {
    client.destroy();
  }
}

/** One store: upload, publish, download, the package resumed, Range first bytes; the server's RSS sampled throughout. */
async function round(label, env, { backendBytes, uploadBytes, form }) {
  const server = await startServer({ env: { UPDATE_MAX_FILE_BYTES: String(4 * 1024 ** 3), ...env } });
  try {
    await waitForHealth(server.baseUrl);
    const api = async (method, url, { token, body, form: formBody, headers = {} } = {}) => {
      const response = await fetch(`${server.baseUrl}/api/v1${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        body: formBody ?? (body ? JSON.stringify(body) : undefined),
      });
      if (!response.ok) throw new Error(`${label}: ${method} ${url} answered ${response.status}: ${await response.text()}`);
      return response;
    };
    const login = await api("POST", "/auth/token", {
      form: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const token = (await login.json()).data.access_token;
    const { publicKey } = (await (await api("GET", "/licenses/public-key")).json()).data;

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idle = treeRssMb(server.child.pid);

    const upload = await sampled(server.child.pid, async () => {
      const started = performance.now();
      const answer = await api("POST", "/updates", { token, form: await form() });
      const update = (await answer.json()).data;
      return { update, ms: performance.now() - started };
    });
    const { update } = upload.result;
    const publish = await sampled(server.child.pid, async () => {
      const started = performance.now();
      await api("PUT", `/updates/${update.id}/commands`, { token, body: { commands: ["systemctl stop app", "unzip -o backend.zip", "systemctl start app"] } });
      const answer = await api("PUT", `/updates/${update.id}/changelog`, { token, body: { header: "Benchmark", version: `1.0.${Date.now()}`, type: "minor", changeLog: "A large package." } });
      return { published: (await answer.json()).data, ms: performance.now() - started };
    });

    const download = await sampled(server.child.pid, async () => {
      const started = performance.now();
      const answer = await api("GET", `/updates/${update.id}/files/backend.zip`, { token, headers: { "accept-encoding": "br, gzip" } });
      const got = await sha256Of(answer.body);
      return { ...got, ms: performance.now() - started };
    });
    const expected = update.files.find((file) => file.name === "backend.zip");

    // The whole package, interrupted halfway and resumed with Range, then verified offline.
    const packageFile = path.join(work, `package-${label}.zip`);
    const resumed = await sampled(server.child.pid, async () => {
      const head = await api("HEAD", `/updates/${update.id}/package`, { token });
      const size = Number(head.headers.get("content-length"));
      const etag = head.headers.get("etag");
      const half = Math.floor(size / 2);
      const started = performance.now();
      const first = await api("GET", `/updates/${update.id}/package`, { token, headers: { range: `bytes=0-${half - 1}` } });
      await pipeline(Readable.fromWeb(first.body), createWriteStream(packageFile));
      const rest = await api("GET", `/updates/${update.id}/package`, { token, headers: { range: `bytes=${half}-`, "if-range": etag } });
      await pipeline(Readable.fromWeb(rest.body), createWriteStream(packageFile, { flags: "a" }));
      return { size, statuses: [first.status, rest.status], ms: performance.now() - started };
    });
    const verified = await verifyUpdatePackage(packageFile, publicKey);
    rmSync(packageFile, { force: true });

    const cpu = () =>
      new Map([...cpuByThread(processTree(server.child.pid), "server "), ...(s3 ? cpuByThread([s3.pid], "s3rver ") : []), ...cpuByThread([process.pid], "bench ")]);
    const ranges = await sampled(server.child.pid, () =>
      rangeFirstBytes(`${server.baseUrl}/api/v1/updates/${update.id}/files/backend.zip`, { authorization: `Bearer ${token}` }, backendBytes, cpu),
    );
    const growth = Math.max(upload.peak, publish.peak, download.peak, resumed.peak, ranges.peak) - idle;
    console.log(`[${label}] upload ${mb(uploadBytes).toFixed(0)} MB: ${rate(uploadBytes, upload.result.ms)}; server peak RSS ${upload.peak.toFixed(0)} MB`);
    console.log(`[${label}] publish (manifest signed, package built): ${(publish.result.ms / 1000).toFixed(1)} s; server peak RSS ${publish.peak.toFixed(0)} MB`);
    console.log(`[${label}] download backend.zip: ${rate(download.result.bytes, download.result.ms)}; SHA-256 ${check(`${label} download hash`, download.result.sha256 === expected?.sha256 && download.result.bytes === backendBytes)}`);
    console.log(
      `[${label}] package ${mb(resumed.result.size).toFixed(0)} MB in two ranges (${resumed.result.statuses.join(", ")}): ${rate(resumed.result.size, resumed.result.ms)}; ` +
        `offline verifier ${check(`${label} verifier`, verified.ok && resumed.result.statuses.every((status) => status === 206))}${verified.ok ? "" : ` (${verified.reason}: ${verified.message})`}`,
    );
    const { p95 } = printRanges(label, ranges.result);
    console.log(`[${label}] server RSS: idle ${idle.toFixed(0)} MB, peak growth ${growth.toFixed(0)} MB (budget ≤ ${BUDGET.rssGrowthMb} MB) ${check(`${label} rss`, growth <= BUDGET.rssGrowthMb)}`);
    return { uploadMs: upload.result.ms, downloadMs: download.result.ms, growth, p95, backendSha256: expected?.sha256 };
  } finally {
    await server.stop();
  }
}

let s3;
try {
  console.log(`writing a ${SIZE_MB} MB backend.zip of random stored entries …`);
  const backendZip = path.join(work, "backend.zip");
  const frontendZip = path.join(work, "frontend.zip");
  const backendBytes = await writeZip(backendZip, SIZE_MB);
  const frontendBytes = await writeZip(frontendZip, 1);
  const uploadBytes = backendBytes + frontendBytes;
  const form = async () => {
    const body = new FormData();
    body.append("backend", await openAsBlob(backendZip), "backend.zip");
    body.append("frontend", await openAsBlob(frontendZip), "frontend.zip");
    return body;
  };
  const files = { backendBytes, uploadBytes, form };

  const base = await baseline(backendZip, form);
  console.log(`baseline, bare loopback server: upload (hashing it) ${rate(uploadBytes, base.upMs)}, download (streaming it) ${rate(base.downBytes, base.downMs)}`);
  const local = await round("local", {}, files);
  if (WITH_S3) {
    s3 = await startS3rver();
    const { privateKey } = generateKeyPairSync("ed25519");
    const s3Round = await round(
      "s3",
      {
        STORAGE_URL: `s3://${S3_STORE.bucket}/${S3_STORE.prefix}`,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: S3_STORE.region,
        S3_FORCE_PATH_STYLE: "1",
        AWS_ACCESS_KEY_ID: S3_STORE.key,
        AWS_SECRET_ACCESS_KEY: S3_STORE.key,
        LICENSE_SIGNING_KEY: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      },
      files,
    );
    // The store's layout: <prefix><first two hex digits>/<sha256> (lib/s3-file-store.ts).
    const alone = await s3rverAlone(s3.endpoint, `${S3_STORE.prefix}/${s3Round.backendSha256.slice(0, 2)}/${s3Round.backendSha256}`, backendBytes);
    const share = local.uploadMs / s3Round.uploadMs;
    console.log(
      `S3 beside local, same run: upload ${(share * 100).toFixed(0)} % of the local store's throughput (budget ≥ ${BUDGET.s3UploadShare * 100} %) ${check("s3 upload share", share >= BUDGET.s3UploadShare)}; ` +
        `download ${((local.downloadMs / s3Round.downloadMs) * 100).toFixed(0)} %; Range first byte p95 ${s3Round.p95.toFixed(1)} ms beside the local store's ${local.p95.toFixed(1)} ms and s3rver alone's ${alone.p95.toFixed(1)} ms (budget ≤ ${BUDGET.rangeFirstByteP95Ms} ms) ${check("s3 range first byte", s3Round.p95 <= BUDGET.rangeFirstByteP95Ms)}`,
    );
  }
} finally {
  await s3?.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(failures.length ? `upload: FAIL (${failures.join(", ")})` : "upload: PASS");
process.exit(failures.length ? 1 : 0);
