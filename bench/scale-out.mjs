// One API process, then two, on one PostgreSQL database and one Redis, each time behind the same
// round-robin proxy (scripts/round-robin-proxy.mjs, a process of its own), under the same mix of
// calls run together: GET /health, POST /licenses/validate, a customer's GET /licenses page and
// POST /auth/token (argon2id). Prints both runs side by side, from the same run and machine.
//
// Needs PostgreSQL (DATABASE_URL or TEST_DATABASE_URL) and Redis (REDIS_URL or TEST_REDIS_URL);
// skipped (exit 0) without them. Budget: no error or timeout in either run, and with two processes
// each serves half the requests. The throughput gain is reported, not budgeted: load generator,
// proxy, PostgreSQL, Redis and the API processes share the machine's cores (see docs/scale-out.md).
//
// Flags: --duration=SECONDS per run (default 20), --no-build to reuse the last build.
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";
import { ADMIN, activatedLicense, api, freePort, root, startServer, waitForHealth } from "./lib.mjs";
import { load } from "./load.mjs";

const flag = (name) => process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const DURATION_MS = Number(flag("duration")?.split("=")[1] ?? process.env.BENCH_DURATION_S ?? 20) * 1000;
const PG_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL;
const MIX = { health: 8, validate: 16, list: 8, login: 4 };

if (!PG_URL || !REDIS_URL) {
  console.log("scale-out: skipped (set DATABASE_URL or TEST_DATABASE_URL, and REDIS_URL or TEST_REDIS_URL)");
  process.exit(0);
}

const pg = createRequire(`${root}apps/server/package.json`)("pg");

if (!flag("no-build")) {
  console.log("building (npm run build) …");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
}

/** The proxy in a process of its own, as nginx would be, so it does not share the load generator's thread. */
async function startProxy(upstreams) {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/round-robin-proxy.mjs", String(port), ...upstreams], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
  return {
    url,
    counts: async () => (await fetch(`${url}/__proxy/upstreams`)).json(),
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    },
  };
}

async function runMix(baseUrl, { key, fingerprint, customerToken }) {
  const calls = {
    health: { url: `${baseUrl}/api/v1/health` },
    validate: {
      url: `${baseUrl}/api/v1/licenses/validate`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key, fingerprint }),
      check: (text) => text.includes('"code":"VALID"'),
    },
    list: { url: `${baseUrl}/api/v1/licenses?pageSize=20`, headers: { authorization: `Bearer ${customerToken}` } },
    login: {
      url: `${baseUrl}/api/v1/auth/token`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }).toString(),
    },
  };
  // Warm-up: connections, prepared statements, JIT.
  await Promise.all(Object.entries(calls).map(([name, options]) => load({ ...options, connections: MIX[name], durationMs: 2_000 })));
  const loadAverage = os.loadavg();
  const results = await Promise.all(
    Object.entries(calls).map(async ([name, options]) => ({ name, ...(await load({ ...options, connections: MIX[name], durationMs: DURATION_MS })) })),
  );
  return { loadAverage, results };
}

const database = `portal_bench_scale_out_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database "${database}"`);
const databaseUrl = new URL(PG_URL);
databaseUrl.pathname = `/${database}`;
const env = {
  DATABASE_URL: databaseUrl.toString(),
  REDIS_URL,
  TRUST_PROXY: "1",
  SEED_DEMO: "1",
  VALIDATE_RATE_LIMIT_PER_MINUTE: "10000000",
  VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "10000000",
  AUTH_RATE_LIMIT_PER_MINUTE: "100000",
  LOG_LEVEL: "warn",
};

const servers = [];
let proxy;
const runs = [];
try {
  servers.push(await startServer({ env }));
  await waitForHealth(servers[0].baseUrl, 120_000);
  const license = await activatedLicense(servers[0].baseUrl);
  const customerToken = (await api(servers[0].baseUrl, "POST", "/auth/token", { form: { username: "customer@portal.local", password: "Demo-customer-1!" } })).access_token;

  for (const processes of [1, 2]) {
    // The second process shares the first one's DATA_DIR (keys, files), database and Redis.
    if (processes === 2) {
      servers.push(await startServer({ env, dataDir: servers[0].dataDir }));
      await waitForHealth(servers[1].baseUrl, 120_000);
    }
    proxy = await startProxy(servers.map((server) => server.baseUrl));
    const run = await runMix(proxy.url, { ...license, customerToken });
    runs.push({ processes, ...run, upstreams: await proxy.counts() });
    await proxy.stop();
    proxy = undefined;
  }
} finally {
  await proxy?.stop();
  // The second process first: the first one's stop removes the DATA_DIR they share.
  for (const server of [...servers].reverse()) await server.stop({ keepData: server !== servers[0] });
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.end();
}

const uptime = spawnSync("uptime", { encoding: "utf8" }).stdout.trim();
console.log(`\nscale-out: ${os.cpus().length} CPU cores, ${DURATION_MS / 1000} s per run, mix ${Object.entries(MIX).map(([name, connections]) => `${name} ×${connections}`).join(", ")} connections`);
console.log(`uptime at the end: ${uptime}`);
const [one, two] = runs;
console.log("| call | 1 process req/s | p50 ms | p99 ms | 2 processes req/s | p50 ms | p99 ms | change |");
console.log("|---|---|---|---|---|---|---|---|");
const total = (run) => run.results.reduce((sum, result) => sum + result.throughput, 0);
for (const [index, a] of one.results.entries()) {
  const b = two.results[index];
  console.log(
    `| ${a.name} | ${a.throughput.toFixed(0)} | ${a.p50.toFixed(1)} | ${a.p99.toFixed(1)} | ${b.throughput.toFixed(0)} | ${b.p50.toFixed(1)} | ${b.p99.toFixed(1)} | ${((b.throughput / a.throughput - 1) * 100).toFixed(0)} % |`,
  );
}
console.log(`| all | ${total(one).toFixed(0)} | | | ${total(two).toFixed(0)} | | | ${((total(two) / total(one) - 1) * 100).toFixed(0)} % |`);
for (const run of runs) {
  console.log(
    `${run.processes} process${run.processes > 1 ? "es" : ""}: load average ${run.loadAverage.map((n) => n.toFixed(2)).join(" ")} at the start; requests per upstream ${run.upstreams.map((u) => u.requests).join(" / ")}`,
  );
}

const served = two.upstreams.map((u) => u.requests);
const checks = [
  ["no error or timeout with 1 or 2 processes", runs.every((run) => run.results.every((result) => result.errors === 0 && result.timeouts === 0))],
  ["with 2 processes each served half the requests", Math.min(...served) >= 0.45 * served.reduce((a, b) => a + b, 0)],
];
for (const [label, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${label}`);
process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
