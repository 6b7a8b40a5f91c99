// GET /api/v1/orders/{id}/document for a 20-line invoice, on the server as the README starts it
// (`npm run build`, then `node apps/server/dist/server.js`, fresh DATA_DIR, embedded PGlite, demo data):
// the demo customer orders 20 features the administrator made (one line each), gives a billing
// address, the administrator offers (10 % discount), the customer accepts, the administrator marks it
// paid. Then, at 8 connections, each beside its baseline measured in the same run:
//   - GET /api/v1/orders/{id} (the same order as JSON: the baseline),
//   - GET …/document of that invoice (what a customer downloading it does; after the first render the
//     renderer answers it from its cache of recent documents),
//   - GET …/document round-robin over 40 such invoices (more than the 32 the cache keeps, so each
//     request renders a PDF on the worker threads: the cost without the cache).
// The server's event-loop delay is measured inside it (bench/event-loop-delay.mjs) during each phase.
//
//   node bench/order-document.mjs [--duration=SECONDS] [--no-build] [--save-pdf=FILE]
//
// Budget: document p95 ≤ 150 ms at 8 connections (both document phases), no error or timeout.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ADMIN, api, root, startServer, waitForHealth } from "./lib.mjs";
import { load } from "./load.mjs";

const flag = (name) => process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const DURATION_MS = Number(flag("duration")?.split("=")[1] ?? process.env.BENCH_DURATION_S ?? 20) * 1000;
const CONNECTIONS = 8;
const LINES = 20;
const ROTATING_ORDERS = 40;
const BUDGET = { p95: 150 };

if (!flag("no-build")) {
  console.log("building (npm run build) …");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
}

const loopFile = path.join(os.tmpdir(), `portal-bench-loop-${process.pid}.json`);
const server = await startServer({
  command: ["node", "--import", "./bench/event-loop-delay.mjs", "apps/server/dist/server.js"],
  env: { SEED_DEMO: "1", AUTH_RATE_LIMIT_PER_MINUTE: "100000", PORTAL_LOOP_DELAY_FILE: loopFile },
});

/** The server's event-loop delay since the last call. */
async function loopDelay() {
  rmSync(loopFile, { force: true });
  process.kill(server.child.pid, "SIGUSR2");
  for (let i = 0; i < 100; i++) {
    try {
      return JSON.parse(readFileSync(loopFile, "utf8"));
    } catch {
      await sleep(20);
    }
  }
  throw new Error("the server wrote no event-loop figures");
}

try {
  await waitForHealth(server.baseUrl, 120_000);
  const login = async (username, password) => (await api(server.baseUrl, "POST", "/auth/token", { form: { username, password } })).access_token;
  const admin = await login(ADMIN.email, ADMIN.password);
  const customer = await login("customer@portal.local", "Demo-customer-1!");
  await api(server.baseUrl, "PUT", "/billing-address", {
    token: customer,
    body: { line1: "Büyükdere Caddesi No: 185", line2: "Levent Plaza, Kat 7", city: "İstanbul", postalCode: "34394", country: "TR", taxLocation: "Şişli Vergi Dairesi" },
  });
  const featureIds = [];
  for (let i = 1; i <= LINES; i++) {
    const feature = await api(server.baseUrl, "POST", "/features", { token: admin, body: { name: `Bench feature ${i} — analytics, exports and audit trail`, price: 49 + i } });
    featureIds.push(feature.id);
  }
  const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString();
  const paidOrder = async (index) => {
    const order = await api(server.baseUrl, "POST", "/orders", { token: customer, body: { featureIds } });
    await api(server.baseUrl, "POST", `/orders/${order.id}/offer`, { token: admin, body: { validUntil, discountPercent: 10 } });
    await api(server.baseUrl, "POST", `/orders/${order.id}/accept`, { token: customer });
    return api(server.baseUrl, "POST", `/orders/${order.id}/mark-paid`, { token: admin, body: { reference: `Wire ${index}` } });
  };
  const orders = [];
  for (let i = 0; i < ROTATING_ORDERS; i++) orders.push(await paidOrder(i));
  const order = orders[0];
  if (order.lines?.length !== undefined && order.lines.length !== LINES) throw new Error(`the order has ${order.lines.length} lines, not ${LINES}`);
  if (order.status !== "paid") throw new Error(`the order is ${order.status}, not paid`);

  const headers = { authorization: `Bearer ${customer}` };
  const isPdf = (text) => text.startsWith("%PDF-");
  const first = await fetch(`${server.baseUrl}/api/v1/orders/${order.id}/document`, { headers });
  const firstBytes = Buffer.from(await first.arrayBuffer());
  if (first.status !== 200 || !isPdf(firstBytes.toString("latin1"))) throw new Error(`document answered ${first.status}`);
  if (flag("save-pdf")) writeFileSync(flag("save-pdf").split("=")[1], firstBytes);

  const json = { url: `${server.baseUrl}/api/v1/orders/${order.id}`, headers };
  const document = { url: `${server.baseUrl}/api/v1/orders/${order.id}/document`, headers, check: isPdf };
  let next = 0;
  const rotating = { url: () => `${server.baseUrl}/api/v1/orders/${orders[next++ % orders.length].id}/document`, headers, check: isPdf };
  const run = async (label, options) => {
    await loopDelay();
    const result = await load({ connections: CONNECTIONS, durationMs: DURATION_MS, ...options });
    return { label, ...result, loop: await loopDelay() };
  };
  await load({ connections: CONNECTIONS, durationMs: 3_000, ...json });
  await load({ connections: CONNECTIONS, durationMs: 3_000, ...rotating });
  const loadBefore = os.loadavg();
  const results = [
    await run("GET /orders/{id} (baseline)", json),
    await run("GET /orders/{id}/document (one invoice)", document),
    await run(`GET /orders/{id}/document (${ROTATING_ORDERS} invoices, no cache hit)`, rotating),
  ];
  const loadAfter = os.loadavg();

  console.log(
    `\n${LINES}-line invoice (${firstBytes.length.toLocaleString("en")} bytes), ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per call, ${os.availableParallelism()} cores, load average before ${loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${loadAfter.map((n) => n.toFixed(2)).join(" ")}`,
  );
  console.log("| call | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | timeouts | loop delay p50 / p99 / max ms |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const r of results) {
    console.log(
      `| ${r.label} | ${r.requests} | ${r.throughput.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${r.errors} | ${r.timeouts} | ${r.loop.p50} / ${r.loop.p99} / ${r.loop.max} |`,
    );
  }
  const checks = [
    [`document p95 ≤ ${BUDGET.p95} ms (one invoice)`, results[1].p95 <= BUDGET.p95],
    [`document p95 ≤ ${BUDGET.p95} ms (no cache hit)`, results[2].p95 <= BUDGET.p95],
    ["no error or timeout", results.every((r) => r.errors === 0 && r.timeouts === 0)],
  ];
  for (const [label, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"} ${label}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  await server.stop();
  rmSync(loopFile, { force: true });
}
