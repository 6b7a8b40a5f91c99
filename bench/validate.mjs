// POST /api/v1/licenses/validate beside GET /api/v1/health, on the server as the README starts it
// (`npm start` = build + `node apps/server/dist/server.js`, fresh DATA_DIR, validation rate limits
// lifted), with a real licence issued through the API and activated by its fingerprint.
//
//   PGlite (always): 200 connections, 60 s per call. Budget: no error or timeout, validate p99 ≤ 500 ms
//     and ≥ 1,000/s; idle RSS of the server's whole process tree ≤ 400 MB on the first start and on a
//     restart of the same DATA_DIR.
//   PostgreSQL (when DATABASE_URL or TEST_DATABASE_URL is set): 32 connections on a fresh database
//     holding 100,000 other licences. Budget: no error or timeout, validate ≥ 2,700/s, and issue 33's
//     goals on a quiet machine: validate p99 ≤ 15 ms and validate ≥ 50% of health's throughput in the
//     same run (both printed beside their goal); RSS printed.
//
// Flags: --duration=SECONDS (default 60) for quick runs, --no-build to reuse the last build,
// --pglite-only / --postgres-only. Exits non-zero when a budget fails.
import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { createRequire } from "node:module";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { ADMIN, activatedLicense, root, startServer, treeRssMb, waitForHealth } from "./lib.mjs";
import { load } from "./load.mjs";

const flag = (name) => process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const flagValue = (name) => flag(name)?.split("=")[1];
const DURATION_MS = Number(flagValue("duration") ?? process.env.BENCH_DURATION_S ?? 60) * 1000;
const PG_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const PG_LICENSES = Number(process.env.BENCH_LICENSES ?? 100_000);
const IDLE_MS = 3_000;
const BUDGET = {
  pglite: { connections: 200, minRps: 1_000, maxP99: 500, maxRssMb: 400 },
  postgres: { connections: 32, minRps: Number(process.env.BENCH_PG_MIN_RPS ?? 2_700), maxP99: 15, minShareOfHealth: 0.5, maxRssMb: Infinity },
};
const RATE_LIMITS_LIFTED = {
  VALIDATE_RATE_LIMIT_PER_MINUTE: "10000000",
  VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "10000000",
  AUTH_RATE_LIMIT_PER_MINUTE: "100000",
  SEED_DEMO: "1",
  LOG_LEVEL: "warn",
};

const require = createRequire(`${root}apps/server/package.json`);
const pg = require("pg");

if (!flag("no-build")) {
  console.log("building (npm run build) …");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
}
const { LICENSE_KEY_ALPHABET, licenseKeyCheckCharacter } = await import(`${root}packages/contract/dist/index.js`);

async function idleRss(server) {
  await sleep(IDLE_MS);
  return treeRssMb(server.child.pid);
}

function seedOtherLicenses(url) {
  const newKey = () => {
    const body = Array.from({ length: 29 }, () => LICENSE_KEY_ALPHABET[randomInt(32)]).join("");
    return body + licenseKeyCheckCharacter(body);
  };
  return (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows: [owner] } = await client.query("select id from users where email = $1", [ADMIN.email]);
      const { rows: [plan] } = await client.query("select id from plans where name = 'Professional'");
      for (let offset = 0; offset < PG_LICENSES; offset += 5000) {
        const batch = Array.from({ length: Math.min(5000, PG_LICENSES - offset) }, newKey);
        await client.query(
          `with inserted as (
             insert into licenses (key_compact, owner_id, plan_id, status, expires_at, max_activations)
             select k, $2, $3, 'active', now() + interval '365 days', 3 from unnest($1::text[]) as k
             returning id, key_compact)
           insert into installations (license_id, fingerprint, data_summary)
           select id, 'machine-' || key_compact, 'bench' from inserted`,
          [batch, owner.id, plan.id],
        );
      }
      await client.query("analyze");
    } finally {
      await client.end();
    }
  })();
}

async function benchDatabase(kind) {
  const budget = BUDGET[kind];
  let env = { ...RATE_LIMITS_LIFTED };
  let admin;
  let database;
  if (kind === "postgres") {
    database = `portal_bench_${Date.now().toString(36)}`;
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    env = { ...env, DATABASE_URL: url.toString() };
  }
  const report = { kind, connections: budget.connections };
  let server = await startServer({ env });
  try {
    await waitForHealth(server.baseUrl, 120_000);
    report.rssFirst = await idleRss(server);
    if (kind === "postgres" && PG_LICENSES > 0) await seedOtherLicenses(env.DATABASE_URL);
    const { key, fingerprint } = await activatedLicense(server.baseUrl);
    const json = { "content-type": "application/json" };
    const validate = {
      url: `${server.baseUrl}/api/v1/licenses/validate`,
      method: "POST",
      headers: json,
      body: () => JSON.stringify({ key, fingerprint, nonce: String(randomInt(1e9)) }),
      check: (text) => text.includes('"code":"VALID"'),
    };
    const health = { url: `${server.baseUrl}/api/v1/health` };
    const run = (label, options, connections = budget.connections, durationMs = DURATION_MS) =>
      load({ connections, durationMs, ...options }).then((result) => ({ label, connections, ...result }));

    await run("warm-up", health, 32, 2000);
    await run("warm-up", validate, 32, 2000);
    report.load = os.loadavg();
    const healthAlone = await run("GET /health", health);
    // Validation at full load, with 2 health probes beside it: a licence check must not stall the rest.
    const [validation, healthBeside] = await Promise.all([run("POST /licenses/validate", validate), run("GET /health (beside validate)", health, 2)]);
    report.results = [healthAlone, validation, healthBeside];
    report.validation = validation;
    report.shareOfHealth = validation.throughput / healthAlone.throughput;
    report.rssAfterLoad = treeRssMb(server.child.pid);

    await server.stop({ keepData: true });
    server = await startServer({ env, dataDir: server.dataDir });
    await waitForHealth(server.baseUrl, 120_000);
    report.rssRestart = await idleRss(server);
  } finally {
    await server.stop();
    if (admin) {
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
    }
  }
  const v = report.validation;
  const checks = [
    [`validate ≥ ${budget.minRps.toLocaleString("en")}/s`, v.throughput >= budget.minRps],
    ["no error or timeout", report.results.every((result) => result.errors === 0 && result.timeouts === 0)],
    ...(Number.isFinite(budget.maxP99) ? [[`validate p99 ≤ ${budget.maxP99} ms (${v.p99.toFixed(1)} ms)`, v.p99 <= budget.maxP99]] : []),
    ...(budget.minShareOfHealth
      ? [[`validate ≥ ${budget.minShareOfHealth * 100}% of health's throughput (${(report.shareOfHealth * 100).toFixed(1)}%)`, report.shareOfHealth >= budget.minShareOfHealth]]
      : []),
    ...(Number.isFinite(budget.maxRssMb)
      ? [[`idle RSS ≤ ${budget.maxRssMb} MB (first start and restart)`, report.rssFirst <= budget.maxRssMb && report.rssRestart <= budget.maxRssMb]]
      : []),
  ];
  report.pass = checks.every(([, ok]) => ok);
  console.log(
    `\n${kind === "pglite" ? "PGlite (embedded default)" : "PostgreSQL"}: ${budget.connections} connections, ${DURATION_MS / 1000} s per call, load average ${report.load.map((n) => n.toFixed(2)).join(" ")}`,
  );
  console.log("| call | connections | requests | req/s | p50 ms | p99 ms | max ms | errors | timeouts |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of report.results) {
    console.log(
      `| ${r.label} | ${r.connections} | ${r.requests} | ${r.throughput.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${r.errors} | ${r.timeouts} |`,
    );
  }
  console.log(
    `idle RSS (server process tree): first start ${report.rssFirst.toFixed(0)} MB, restart ${report.rssRestart.toFixed(0)} MB; after the load ${report.rssAfterLoad.toFixed(0)} MB`,
  );
  for (const [label, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${label}`);
  return report;
}

const kinds = [...(flag("postgres-only") ? [] : ["pglite"]), ...(PG_URL && !flag("pglite-only") ? ["postgres"] : [])];
if (!PG_URL) console.log("(PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to measure it too)");
let failed = false;
for (const kind of kinds) failed = !(await benchDatabase(kind)).pass || failed;
process.exitCode = failed ? 1 : 0;
