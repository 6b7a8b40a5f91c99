// GET /api/v1/licenses through an API token (`Bearer pt_…`) beside the same call with a session token,
// on the server as the README starts it (`npm start` = build + `node apps/server/dist/server.js`, fresh
// DATA_DIR, the demo data), 32 connections each, the demo customer's licences. The two alternate in
// short rounds (session, token, token, session, …: each goes first half of the time) so that a
// neighbour's load on a shared machine falls on both alike; each side's figure is over all its rounds.
//
// Budget: the token's throughput ≥ 90% of the session's, no error or timeout.
// Flags: --duration=SECONDS per call and round (default 4), --rounds=N (default 8), --no-build.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { api, root, startServer, waitForHealth } from "./lib.mjs";
import { load, summariseRounds } from "./load.mjs";

const flag = (name) => process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const flagValue = (name) => flag(name)?.split("=")[1];
const DURATION_MS = Number(flagValue("duration") ?? process.env.BENCH_DURATION_S ?? 4) * 1000;
const ROUNDS = Number(flagValue("rounds") ?? 8);
const CONNECTIONS = 32;
const MIN_RATIO = 0.9;

if (!flag("no-build")) {
  console.log("building (npm run build) …");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
}

const uptime = () => spawnSync("uptime", { encoding: "utf8" }).stdout.trim();

const server = await startServer({ env: { SEED_DEMO: "1", AUTH_RATE_LIMIT_PER_MINUTE: "100000" } });
let failed;
try {
  await waitForHealth(server.baseUrl, 120_000);
  const session = (await api(server.baseUrl, "POST", "/auth/token", { form: { username: "customer@portal.local", password: "Demo-customer-1!" } })).access_token;
  const { secret } = await api(server.baseUrl, "POST", "/api-tokens", { token: session, body: { name: "Bench", scopes: ["read"] } });
  const licenses = await api(server.baseUrl, "GET", "/licenses", { token: secret });
  const url = `${server.baseUrl}/api/v1/licenses`;
  const call = (token, durationMs) => load({ url, headers: { authorization: `Bearer ${token}` }, connections: CONNECTIONS, durationMs, check: (text) => text.startsWith('{"status":"success"') });

  await call(session, 2000);
  await call(secret, 2000);
  const before = uptime();
  const totals = { session: [], token: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ["session", "token"] : ["token", "session"];
    for (const side of order) totals[side].push(await call(side === "session" ? session : secret, DURATION_MS));
  }
  const after = uptime();

  const summary = (runs) => summariseRounds(runs, DURATION_MS);
  const bySession = summary(totals.session);
  const byToken = summary(totals.token);
  const ratio = byToken.throughput / bySession.throughput;

  console.log(`\nGET /api/v1/licenses (${licenses.total} licences of the demo customer, page of ${licenses.pageSize}), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_MS / 1000} s each, ${os.cpus().length} CPUs`);
  console.log(`uptime before: ${before}`);
  console.log(`uptime after:  ${after}`);
  console.log("| bearer | requests | req/s (all rounds) | per round | p50 ms | p99 ms | errors | timeouts |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [label, s] of [["session (baseline)", bySession], ["API token (pt_…, scope read)", byToken]]) {
    console.log(`| ${label} | ${s.requests} | ${s.throughput.toFixed(0)} | ${s.perRound} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.errors} | ${s.timeouts} |`);
  }
  const checks = [
    [`token ≥ ${MIN_RATIO * 100}% of the session's throughput (${(ratio * 100).toFixed(1)}%)`, ratio >= MIN_RATIO],
    ["no error or timeout", bySession.errors + bySession.timeouts + byToken.errors + byToken.timeouts === 0],
  ];
  for (const [label, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${label}`);
  failed = !checks.every(([, ok]) => ok);
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
