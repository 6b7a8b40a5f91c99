// POST /api/v1/licenses/heartbeat beside GET /api/v1/health, on the server as the README starts it
// (`npm start` = build + `node apps/server/dist/server.js`, fresh DATA_DIR, the demo data, validation
// rate limits lifted) on a scratch PostgreSQL database (TEST_DATABASE_URL, DATABASE_URL or
// BENCH_DATABASE_URL), 32 connections. One floating licence of 1,000 seats, every seat leased by its
// own fingerprint first (validation); each heartbeat then refreshes a random one of them (a write: the
// lease, in one prepared statement). Health and heartbeat alternate in short rounds (health,
// heartbeat, heartbeat, health, …), so a neighbour's load on a shared machine falls on both alike.
//
// Budget (issue 33's, as validation's, on a quiet machine): heartbeat throughput ≥ 50% of health's,
// heartbeat p99 ≤ 15 ms, every answer VALID, no error or timeout.
// Flags: --duration=SECONDS per call and round (default 5), --rounds=N (default 6), --no-build.
import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { createRequire } from "node:module";
import os from "node:os";
import { floatingLicense, inParallel, root, scratchDatabase, seatCall, startServer, waitForHealth } from "./lib.mjs";
import { load } from "./load.mjs";

const flag = (name) => process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const flagValue = (name) => flag(name)?.split("=")[1];
const DURATION_MS = Number(flagValue("duration") ?? process.env.BENCH_DURATION_S ?? 5) * 1000;
const ROUNDS = Number(flagValue("rounds") ?? 6);
const CONNECTIONS = 32;
const SEATS = 1000;
const MIN_RATIO = 0.5;
const MAX_P99_MS = 15;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;

if (!PG_URL) {
  console.log("heartbeat: skipped (set TEST_DATABASE_URL, DATABASE_URL or BENCH_DATABASE_URL: the figure is PostgreSQL's)");
  process.exit(0);
}
if (!flag("no-build")) {
  console.log("building (npm run build) …");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
}

const uptime = () => spawnSync("uptime", { encoding: "utf8" }).stdout.trim();
const pg = createRequire(`${root}apps/server/package.json`)("pg");
const database = await scratchDatabase(pg, PG_URL, "portal_bench_heartbeat");
const server = await startServer({
  env: {
    DATABASE_URL: database.url,
    SEED_DEMO: "1",
    VALIDATE_RATE_LIMIT_PER_MINUTE: "10000000",
    VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "10000000",
    AUTH_RATE_LIMIT_PER_MINUTE: "100000",
  },
});
let failed;
try {
  await waitForHealth(server.baseUrl, 120_000);
  const { key } = await floatingLicense(server.baseUrl, { seats: SEATS, heartbeatSeconds: 600 });
  const fingerprints = Array.from({ length: SEATS }, (_, index) => `bench-seat-${String(index).padStart(4, "0")}`);
  await inParallel(fingerprints, 8, async (fingerprint) => {
    const answer = await seatCall(server.baseUrl, "validate", key, fingerprint);
    if (answer.code !== "VALID") throw new Error(`leasing ${fingerprint} answered ${answer.code}`);
  });

  const health = { url: `${server.baseUrl}/api/v1/health` };
  const heartbeat = {
    url: `${server.baseUrl}/api/v1/licenses/heartbeat`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: () => JSON.stringify({ key, fingerprint: fingerprints[randomInt(SEATS)], nonce: String(randomInt(1e9)) }),
    check: (text) => text.includes('"code":"VALID"') && text.includes('"leaseExpiresAt":"'),
  };
  const call = (options, durationMs) => load({ connections: CONNECTIONS, durationMs, ...options });

  await call(health, 2000);
  await call(heartbeat, 2000);
  const before = uptime();
  const runs = { health: [], heartbeat: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ["health", "heartbeat"] : ["heartbeat", "health"];
    for (const side of order) runs[side].push(await call(side === "health" ? health : heartbeat, DURATION_MS));
  }
  const after = uptime();

  const summary = (list) => ({
    requests: list.reduce((sum, run) => sum + run.requests, 0),
    throughput: list.reduce((sum, run) => sum + run.throughput, 0) / list.length,
    p50: list.reduce((sum, run) => sum + run.p50, 0) / list.length,
    p99: Math.max(...list.map((run) => run.p99)),
    max: Math.max(...list.map((run) => run.max)),
    errors: list.reduce((sum, run) => sum + run.errors, 0),
    timeouts: list.reduce((sum, run) => sum + run.timeouts, 0),
    perRound: list.map((run) => run.throughput.toFixed(0)).join(" / "),
  });
  const byHealth = summary(runs.health);
  const byHeartbeat = summary(runs.heartbeat);
  const ratio = byHeartbeat.throughput / byHealth.throughput;

  console.log(`\nPostgreSQL, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_MS / 1000} s each, one floating licence of ${SEATS} leased seats, ${os.cpus().length} CPUs`);
  console.log(`uptime before: ${before}`);
  console.log(`uptime after:  ${after}`);
  console.log("| call | requests | req/s (mean of rounds) | per round | p50 ms | p99 ms (worst round) | max ms | errors | timeouts |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const [label, s] of [["GET /health", byHealth], ["POST /licenses/heartbeat", byHeartbeat]]) {
    console.log(`| ${label} | ${s.requests} | ${s.throughput.toFixed(0)} | ${s.perRound} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.max.toFixed(0)} | ${s.errors} | ${s.timeouts} |`);
  }
  const checks = [
    [`heartbeat ≥ ${MIN_RATIO * 100}% of health's throughput (${(ratio * 100).toFixed(1)}%)`, ratio >= MIN_RATIO],
    [`heartbeat p99 ≤ ${MAX_P99_MS} ms (${byHeartbeat.p99.toFixed(1)} ms)`, byHeartbeat.p99 <= MAX_P99_MS],
    ["no error or timeout, every heartbeat VALID with its lease", byHealth.errors + byHealth.timeouts + byHeartbeat.errors + byHeartbeat.timeouts === 0],
  ];
  for (const [label, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${label}`);
  failed = !checks.every(([, ok]) => ok);
} finally {
  await server.stop();
  await database.drop();
}
process.exitCode = failed ? 1 : 0;
