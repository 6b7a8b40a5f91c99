// Floating seats left to lapse: 1,000 fingerprints lease the 1,000 seats of one floating licence
// (heartbeatSeconds 60, the shortest a plan allows) by validating, then stop. Each lease lapses 30 s
// (LEASE_DRIFT_SECONDS) after its end; the server's lapse job ("licence-lease-sweep", every 20 s) must
// mark each dead within 90 s of its lapse (the contract says 60 s), with exactly one
// `installation.heartbeat-dead` event each, delivered to a receiver on 127.0.0.1, and one
// `license.heartbeat_dead` audit event each. Reported: when each was marked dead relative to its lapse
// (from the installations' `leaseExpiresAt` and `deadAt`, both the database's clock), and GET /health
// measured in the same run while nothing else happens, and again beside the sweep.
// On the built server started as the README starts it, on a scratch PostgreSQL database
// (TEST_DATABASE_URL, DATABASE_URL or BENCH_DATABASE_URL), 32 connections for health.
// Flags: --no-build.
import { spawnSync } from "node:child_process";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { api, floatingLicense, inParallel, percentile, root, scratchDatabase, seatCall, startServer, waitForHealth } from "./lib.mjs";
import { load } from "./load.mjs";

const flag = (name) => process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const SEATS = 1000;
const HEARTBEAT_SECONDS = 60;
const DRIFT_SECONDS = 30;
const BUDGET_S = 90;
const CONTRACT_S = 60;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;

if (!PG_URL) {
  console.log("floating-lapse: skipped (set TEST_DATABASE_URL, DATABASE_URL or BENCH_DATABASE_URL: the figure is PostgreSQL's)");
  process.exit(0);
}
if (!flag("no-build")) {
  console.log("building (npm run build) …");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
}

const uptime = () => spawnSync("uptime", { encoding: "utf8" }).stdout.trim();

/** A webhook receiver on 127.0.0.1 answering 204 at once; counts each heartbeat-dead event per installation. */
async function receiver() {
  const deadEvents = new Map();
  let other = 0;
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      if (event.type === "installation.heartbeat-dead") {
        const id = event.data.installation.id;
        deadEvents.set(id, (deadEvents.get(id) ?? 0) + 1);
      } else other++;
      response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    deadEvents,
    other: () => other,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const pg = createRequire(`${root}apps/server/package.json`)("pg");
const database = await scratchDatabase(pg, PG_URL, "portal_bench_lapse");
const hooks = await receiver();
const server = await startServer({
  env: {
    DATABASE_URL: database.url,
    SEED_DEMO: "1",
    VALIDATE_RATE_LIMIT_PER_MINUTE: "10000000",
    VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "10000000",
    AUTH_RATE_LIMIT_PER_MINUTE: "100000",
    WEBHOOK_ALLOW_HTTP: "1",
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
  },
});
let failed;
try {
  await waitForHealth(server.baseUrl, 120_000);
  const { key, id, admin } = await floatingLicense(server.baseUrl, { seats: SEATS, heartbeatSeconds: HEARTBEAT_SECONDS });
  await api(server.baseUrl, "POST", "/webhook-endpoints", { token: admin, body: { url: hooks.url, events: ["installation.heartbeat-dead"] } });
  const health = { url: `${server.baseUrl}/api/v1/health` };
  await load({ ...health, connections: 32, durationMs: 2000 });
  const healthQuiet = await load({ ...health, connections: 32, durationMs: 5000 });

  const before = uptime();
  const fingerprints = Array.from({ length: SEATS }, (_, index) => `lapse-seat-${String(index).padStart(4, "0")}`);
  const leaseStarted = Date.now();
  await inParallel(fingerprints, 8, async (fingerprint) => {
    const answer = await seatCall(server.baseUrl, "validate", key, fingerprint);
    if (answer.code !== "VALID") throw new Error(`leasing ${fingerprint} answered ${answer.code}`);
  });
  const leasedInMs = Date.now() - leaseStarted;
  const full = await seatCall(server.baseUrl, "validate", key, "one-too-many");
  if (full.code !== "TOO_MANY_ACTIVATIONS") throw new Error(`the 1,001st seat answered ${full.code}`);

  // Left alone until the last lease has lapsed and the budget after it has run out, or all are dead.
  const list = () => api(server.baseUrl, "GET", `/licenses/${id}/installations`, { token: admin });
  const lastLapse = leaseStarted + leasedInMs + (HEARTBEAT_SECONDS + DRIFT_SECONDS) * 1000;
  let healthBeside;
  let items = [];
  for (;;) {
    // Health beside the sweep, once the first leases have lapsed.
    if (!healthBeside && Date.now() > leaseStarted + (HEARTBEAT_SECONDS + DRIFT_SECONDS + 5) * 1000) {
      healthBeside = await load({ ...health, connections: 32, durationMs: 5000 });
    }
    items = (await list()).items;
    if (items.every((item) => item.deadAt !== null)) break;
    if (Date.now() > lastLapse + (BUDGET_S + 30) * 1000) break;
    await sleep(2000);
  }
  // The deliveries of the last batch may still be on their way.
  const deliveryDeadline = Date.now() + 60_000;
  while (hooks.deadEvents.size < SEATS && Date.now() < deliveryDeadline) await sleep(500);
  const after = uptime();

  const delays = items
    .filter((item) => item.deadAt !== null)
    .map((item) => (Date.parse(item.deadAt) - (Date.parse(item.leaseExpiresAt) + DRIFT_SECONDS * 1000)) / 1000)
    .sort((a, b) => a - b);
  const dead = delays.length;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows: [audits] } = await client.query("select count(*)::int as count from audit_events where action = 'license.heartbeat_dead'");
  const { rows: [events] } = await client.query("select count(*)::int as count from webhook_events where type = 'installation.heartbeat-dead'");
  const { rows: [sweeps] } = await client.query("select count(*)::int as count from jobs where kind = 'licence-lease-sweep'");
  await client.end();
  const duplicates = [...hooks.deadEvents.values()].filter((count) => count > 1).length;

  console.log(`\nPostgreSQL, ${SEATS} floating seats on one licence (heartbeatSeconds ${HEARTBEAT_SECONDS}, drift ${DRIFT_SECONDS} s), ${os.cpus().length} CPUs`);
  console.log(`uptime before: ${before}`);
  console.log(`uptime after:  ${after}`);
  console.log(`leasing the ${SEATS} seats by validation took ${(leasedInMs / 1000).toFixed(1)} s; the ${SEATS + 1}st fingerprint was refused (TOO_MANY_ACTIVATIONS)`);
  console.log("| marked dead | after lapse: min s | p50 s | p99 s | max s | heartbeat-dead events | received (distinct) | received twice | audit events | sweep job rows |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  console.log(
    `| ${dead} of ${SEATS} | ${delays[0]?.toFixed(1)} | ${percentile(delays, 0.5)?.toFixed(1)} | ${percentile(delays, 0.99)?.toFixed(1)} | ${delays.at(-1)?.toFixed(1)} | ${events.count} | ${hooks.deadEvents.size} | ${duplicates} | ${audits.count} | ${sweeps.count} |`,
  );
  console.log("| GET /health, 32 connections | req/s | p50 ms | p99 ms | errors |");
  console.log("|---|---|---|---|---|");
  for (const [label, r] of [["quiet, before the leases", healthQuiet], ["beside the sweep", healthBeside]]) {
    if (r) console.log(`| ${label} | ${r.throughput.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors + r.timeouts} |`);
  }
  const checks = [
    [`all ${SEATS} marked dead within ${BUDGET_S} s of their lapse (max ${delays.at(-1)?.toFixed(1)} s; contract ${CONTRACT_S} s: ${delays.at(-1) <= CONTRACT_S ? "met" : "missed"})`, dead === SEATS && delays.at(-1) <= BUDGET_S],
    ["none marked before its lapse", (delays[0] ?? 0) >= 0],
    [`one installation.heartbeat-dead event per lapse (${events.count}), each delivered (${hooks.deadEvents.size} distinct), one audit event each (${audits.count})`, events.count === SEATS && hooks.deadEvents.size === SEATS && audits.count === SEATS],
  ];
  for (const [label, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${label}`);
  failed = !checks.every(([, ok]) => ok);
} finally {
  await server.stop();
  await hooks.close();
  await database.drop();
}
process.exitCode = failed ? 1 : 0;
