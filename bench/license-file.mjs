// Licence file issuance: the encrypted file (`GET /api/v1/licenses/{id}/file?encrypt=true`, Keygen's
// aes-256-gcm+ed25519) beside the plain one (`…/file`, base64+ed25519), on the server as the README
// starts it (`npm start` = build + `node apps/server/dist/server.js`, fresh DATA_DIR, the demo data),
// 32 connections each, the demo customer's first licence. The two alternate in short rounds (plain,
// encrypted, encrypted, plain, …: each goes first half of the time) so that a neighbour's load on a
// shared machine falls on both alike; each side's figure is over all its rounds. Every answer is
// checked: the armour of its kind, and (once per side, outside the timing) the file verified and
// decrypted with @portal/license-verifier.
//
// Budget: the encrypted file's throughput ≥ 50% of the plain file's, no error or timeout.
// Flags: --duration=SECONDS per call and round (default 4), --rounds=N (default 6), --no-build.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { api, root, startServer, waitForHealth } from "./lib.mjs";
import { load, summariseRounds } from "./load.mjs";

const flag = (name) => process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const flagValue = (name) => flag(name)?.split("=")[1];
const DURATION_MS = Number(flagValue("duration") ?? process.env.BENCH_DURATION_S ?? 4) * 1000;
const ROUNDS = Number(flagValue("rounds") ?? 6);
const CONNECTIONS = 32;
const MIN_RATIO = 0.5;

if (!flag("no-build")) {
  console.log("building (npm run build) …");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
}

const { verifyEncryptedLicenseFile, verifyLicenseFile } = await import(new URL("../packages/license-verifier/dist/index.js", import.meta.url).href);
const uptime = () => spawnSync("uptime", { encoding: "utf8" }).stdout.trim();

const server = await startServer({ env: { SEED_DEMO: "1", AUTH_RATE_LIMIT_PER_MINUTE: "100000" } });
let failed;
try {
  await waitForHealth(server.baseUrl, 120_000);
  const session = (await api(server.baseUrl, "POST", "/auth/token", { form: { username: "customer@portal.local", password: "Demo-customer-1!" } })).access_token;
  const licenses = await api(server.baseUrl, "GET", "/licenses", { token: session });
  const license = licenses.items.find((item) => item.status !== "deactivated");
  if (!license) throw new Error("the demo customer has no licence in use");
  const { publicKey } = await api(server.baseUrl, "GET", "/licenses/public-key");
  const base = `${server.baseUrl}/api/v1/licenses/${license.id}/file`;
  const urls = { plain: base, encrypted: `${base}?encrypt=true` };
  const headers = { authorization: `Bearer ${session}` };

  // One file of each kind, checked end to end before any timing.
  const fetchFile = async (url) => (await fetch(url, { headers })).text();
  const plainCheck = verifyLicenseFile(await fetchFile(urls.plain), publicKey);
  const encryptedCheck = verifyEncryptedLicenseFile(await fetchFile(urls.encrypted), publicKey, { licenseKey: license.key });
  if (!plainCheck.ok || !encryptedCheck.ok) throw new Error(`a file does not verify: plain ${plainCheck.reason ?? "ok"}, encrypted ${encryptedCheck.reason ?? "ok"}`);

  const armour = (text) => text.startsWith("-----BEGIN LICENSE FILE-----\n") && text.endsWith("-----END LICENSE FILE-----\n");
  const call = (side, durationMs) => load({ url: urls[side], headers, connections: CONNECTIONS, durationMs, check: armour });

  await call("plain", 2000);
  await call("encrypted", 2000);
  const before = uptime();
  const totals = { plain: [], encrypted: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ["plain", "encrypted"] : ["encrypted", "plain"];
    for (const side of order) totals[side].push(await call(side, DURATION_MS));
  }
  const after = uptime();

  const summary = (runs) => summariseRounds(runs, DURATION_MS);
  const plain = summary(totals.plain);
  const encrypted = summary(totals.encrypted);
  const ratio = encrypted.throughput / plain.throughput;

  // The encryption alone, in this process (what the server adds per encrypted file, on its event loop).
  const { createCipheriv, createHash, randomBytes } = await import("node:crypto");
  const plaintext = JSON.stringify(encryptedCheck.dataset);
  const samples = [];
  for (let index = 0; index < 2000; index++) {
    const started = performance.now();
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update(license.key).digest(), iv);
    Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]).toString("base64");
    cipher.getAuthTag();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);

  console.log(`\nGET /api/v1/licenses/{id}/file, plain beside ?encrypt=true (one licence of the demo customer), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_MS / 1000} s each, ${os.cpus().length} CPUs`);
  console.log(`uptime before: ${before}`);
  console.log(`uptime after:  ${after}`);
  console.log("| file | requests | req/s (all rounds) | per round | p50 ms | p99 ms | errors | timeouts |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [label, s] of [["plain, base64+ed25519 (baseline)", plain], ["encrypted, aes-256-gcm+ed25519", encrypted]]) {
    console.log(`| ${label} | ${s.requests} | ${s.throughput.toFixed(0)} | ${s.perRound} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.errors} | ${s.timeouts} |`);
  }
  console.log(`AES-256-GCM of the ${plaintext.length}-byte plaintext alone: median ${(samples[1000] * 1000).toFixed(0)} µs, p99 ${(samples[1980] * 1000).toFixed(0)} µs, max ${(samples.at(-1) * 1000).toFixed(0)} µs`);
  const checks = [
    [`encrypted ≥ ${MIN_RATIO * 100}% of the plain file's throughput (goal ">= 50%"): ${(ratio * 100).toFixed(1)}%`, ratio >= MIN_RATIO],
    ["no error or timeout", plain.errors + plain.timeouts + encrypted.errors + encrypted.timeouts === 0],
  ];
  for (const [label, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${label}`);
  failed = !checks.every(([, ok]) => ok);
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
