// POST /api/v1/licenses/validate with 100,000 licences on PostgreSQL, side by side with
// GET /api/v1/health on the same server in the same run.
// Budget: validate throughput ≥ 35% of health's, validate p99 ≤ 25 ms.
import { randomInt } from "node:crypto";
import { createRequire } from "node:module";
import { ADMIN, root, startServer, waitForHealth } from "./lib.mjs";
import { load } from "./load.mjs";

const require = createRequire(`${root}apps/server/package.json`);
const pg = require("pg");
const { LICENSE_KEY_ALPHABET, licenseKeyCheckCharacter, formatLicenseKey } = await import(`${root}packages/contract/dist/index.js`);

const LICENSES = Number(process.env.BENCH_LICENSES ?? 100_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function newKey() {
  const body = Array.from({ length: 29 }, () => LICENSE_KEY_ALPHABET[randomInt(32)]).join("");
  return body + licenseKeyCheckCharacter(body);
}

const database = `portal_bench_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`create database "${database}"`);
const databaseUrl = new URL(BASE_URL);
databaseUrl.pathname = `/${database}`;

const server = await startServer({
  env: {
    DATABASE_URL: databaseUrl.toString(),
    VALIDATE_RATE_LIMIT_PER_MINUTE: "10000000",
    VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "10000000",
    LOG_LEVEL: "warn",
  },
});
try {
  await waitForHealth(server.baseUrl);

  // Seed through SQL: one owner, one plan, LICENSES licences each with one activated installation.
  const seed = new pg.Client({ connectionString: databaseUrl.toString() });
  await seed.connect();
  const started = Date.now();
  const { rows: [owner] } = await seed.query("select id from users where email = $1", [ADMIN.email]);
  const { rows: [plan] } = await seed.query(
    "insert into plans (name, price_cents, currency, billing_period, duration_days, max_activations) values ('Bench', 100, 'USD', 'yearly', 365, 3) returning id",
  );
  const keys = Array.from({ length: LICENSES }, newKey);
  for (let offset = 0; offset < LICENSES; offset += 5000) {
    const batch = keys.slice(offset, offset + 5000);
    await seed.query(
      `with inserted as (
         insert into licenses (key_compact, owner_id, plan_id, status, expires_at, max_activations)
         select k, $2, $3, 'active', now() + interval '365 days', 3 from unnest($1::text[]) as k
         returning id, key_compact)
       insert into installations (license_id, fingerprint, data_summary)
       select id, 'machine-' || key_compact, 'bench' from inserted`,
      [batch, owner.id, plan.id],
    );
  }
  await seed.query("analyze");
  await seed.end();
  console.log(`seeded ${LICENSES.toLocaleString("en")} licences with installations in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const pick = () => keys[randomInt(keys.length)];
  const json = { "content-type": "application/json" };
  const validBody = (text) => text.includes('"code":"VALID"');
  const run = (label, options) => load({ connections: CONNECTIONS, durationMs: DURATION_MS, ...options }).then((result) => ({ label, ...result }));

  // Warm-up, then measure health and validate alternately so both see the same machine.
  await run("warm-up", { url: `${server.baseUrl}/api/v1/health`, durationMs: 2000 });
  await run("warm-up", { url: `${server.baseUrl}/api/v1/licenses/validate`, method: "POST", headers: json, body: () => JSON.stringify({ key: formatLicenseKey(pick()) }), durationMs: 2000 });
  const health = await run("GET /api/v1/health", { url: `${server.baseUrl}/api/v1/health` });
  const validateKnown = await run("POST /validate (key + known fingerprint)", {
    url: `${server.baseUrl}/api/v1/licenses/validate`,
    method: "POST",
    headers: json,
    body: () => {
      const key = pick();
      return JSON.stringify({ key: formatLicenseKey(key), fingerprint: `machine-${key}`, nonce: String(randomInt(1e9)) });
    },
    check: validBody,
  });
  const validateKeyOnly = await run("POST /validate (key only)", {
    url: `${server.baseUrl}/api/v1/licenses/validate`,
    method: "POST",
    headers: json,
    body: () => JSON.stringify({ key: formatLicenseKey(pick()) }),
    check: validBody,
  });

  console.log(`\n${LICENSES.toLocaleString("en")} licences on PostgreSQL, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s each`);
  console.log("| call | requests | errors | req/s | p50 ms | p99 ms |");
  console.log("|---|---|---|---|---|---|");
  for (const result of [health, validateKnown, validateKeyOnly]) {
    console.log(`| ${result.label} | ${result.requests} | ${result.errors} | ${result.throughput.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} |`);
  }
  const ratio = validateKnown.throughput / health.throughput;
  const pass = ratio >= 0.35 && validateKnown.p99 <= 25 && validateKnown.errors === 0;
  console.log(`\nvalidate/health throughput: ${(ratio * 100).toFixed(0)}% (budget ≥ 35%), validate p99 ${validateKnown.p99.toFixed(1)} ms (budget ≤ 25 ms): ${pass ? "PASS" : "FAIL"}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.stop();
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.end();
}
