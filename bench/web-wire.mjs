// What the web app really sends: bytes over the wire per route, as a first-time visitor meets them.
// Builds nothing (`npm run build` first): starts the built server as the README does
// (`node apps/server/dist/server.js`, fresh DATA_DIR, ADMIN_EMAIL/ADMIN_PASSWORD, a free port), opens
// each route in Debian's Chromium in a fresh context with the cache disabled, and sums what Chromium
// received for every request (CDP `Network.loadingFinished.encodedDataLength`: headers and body as
// sent, compressed or not). The baseline beside it, measured in the same run: the same page asked with
// `Accept-Encoding: identity` (raw bytes). Then Lighthouse 13 (mobile preset) on /auth/login and, logged
// in, /dashboard — see bench/lighthouse/audit.mjs.
//
//   node bench/web-wire.mjs                      all of it (PASS/FAIL, exit 1 over a budget)
//   node bench/web-wire.mjs --no-lighthouse      the wire budgets only (`npm test` on Node < 22.19)
//   node bench/web-wire.mjs --lighthouse-only    Lighthouse only
//   node bench/web-wire.mjs --report-performance  Lighthouse's performance and TBT printed beside their
//                                                budgets but not enforced (`npm test`: see below)
//   node bench/web-wire.mjs --lighthouse-runs=1  one Lighthouse audit per route instead of the median of 5
//   node bench/web-wire.mjs --server=/other/checkout/apps/server/dist/server.js   measure another build
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS } from "@portal/test-support/chromium";
import { ADMIN, api, root, startServer, waitForHealth } from "./lib.mjs";

/** Issue 33 ("Speed a person feels"): each figure is printed beside its budget. */
const BUDGET = {
  /** /auth/login, everything transferred (document, scripts, styles, icons, API calls): issue 33's goal. */
  loginBytes: 150 * 1024,
  /** Any one script or style sheet, as transferred. */
  chunkBytes: 150 * 1024,
  /** Lighthouse mobile performance, the median run's. */
  performance: { "/auth/login": 0.9, "/dashboard": 0.95 },
  /** Lighthouse's Total Blocking Time (ms), the median of the runs': the main thread a phone cannot use. */
  totalBlockingTimeMs: { "/dashboard": 150 },
  accessibility: 1,
};
const ROUTES = [
  { path: "/auth/login", loggedIn: false },
  { path: "/auth/signup", loggedIn: false },
  { path: "/dashboard", loggedIn: true },
  { path: "/my-licenses/requests", loggedIn: true },
  { path: "/admin/users", loggedIn: true },
];
const LIGHTHOUSE_ROUTES = [
  { path: "/auth/login", loggedIn: false },
  { path: "/dashboard", loggedIn: true },
];
const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";
const LIGHTHOUSE_VERSION = "13";
const LIGHTHOUSE_NODE = "24.21.0";

const args = new Set(process.argv.slice(2).filter((arg) => !arg.startsWith("--server=") && !arg.startsWith("--lighthouse-runs=")));
const serverScript = process.argv.find((arg) => arg.startsWith("--server="))?.slice("--server=".length) ?? "apps/server/dist/server.js";
const wire = !args.has("--lighthouse-only");
/** `--list`: every response of each route, largest first. */
const list = args.has("--list");
const lighthouse = !args.has("--no-lighthouse");
const reportPerformanceOnly = args.has("--report-performance");
/** `--lighthouse-runs=N`: audits per route, the median reported (default 5). */
const lighthouseRuns = Number(process.argv.find((arg) => arg.startsWith("--lighthouse-runs="))?.slice("--lighthouse-runs=".length) ?? 5);
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1) throw new Error("--lighthouse-runs must be a positive integer");

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const failures = [];
let passed = 0;
const check = (label, ok) => {
  if (ok) passed++;
  else failures.push(label);
  return ok ? "PASS" : "FAIL";
};

if (!existsSync(path.resolve(root, serverScript))) {
  console.log(`web-wire: ${serverScript} is missing; run \`npm run build\` first. FAIL`);
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.log(`web-wire: ${CHROMIUM} not found (as root: apt-get install -y chromium). FAIL`);
  process.exit(1);
}

/** A session token for the first administrator, through the same call the login form makes. */
async function login(baseUrl) {
  return (await api(baseUrl, "POST", "/auth/token", { form: { username: ADMIN.email, password: ADMIN.password } })).access_token;
}

/** Every response of one visit: URL, type, status, bytes received (headers + body as sent), encoding. */
async function visit(browser, url, { token, identity }) {
  const context = await browser.newContext({ locale: "en-US" });
  // The web client keeps its session token in localStorage (apps/web/src/lib/storage.ts).
  if (token) await context.addInitScript((value) => globalThis.localStorage.setItem("token", value), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (identity) await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "identity" } });
  const responses = new Map();
  cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === "content-encoding")?.[1];
    responses.set(requestId, { url: response.url, type, status: response.status, encoding: encoding ?? "identity", bytes: 0 });
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const entry = responses.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    const final = new URL(page.url()).pathname;
    if (final !== new URL(url).pathname) throw new Error(`${url} ended on ${final}`);
    return [...responses.values()].filter((entry) => !entry.url.startsWith("data:"));
  } finally {
    await context.close();
  }
}

async function measureWire(baseUrl, playwright) {
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS],
  });
  const token = await login(baseUrl);
  const rows = [];
  try {
    for (const route of ROUTES) {
      const options = { token: route.loggedIn ? token : undefined };
      const sent = await visit(browser, `${baseUrl}${route.path}`, options);
      const raw = await visit(browser, `${baseUrl}${route.path}`, { ...options, identity: true });
      const assets = sent.filter((entry) => entry.type === "Script" || entry.type === "Stylesheet");
      const largest = assets.reduce((max, entry) => (entry.bytes > (max?.bytes ?? -1) ? entry : max), undefined);
      rows.push({
        route: route.path,
        requests: sent.length,
        bytes: sent.reduce((sum, entry) => sum + entry.bytes, 0),
        rawBytes: raw.reduce((sum, entry) => sum + entry.bytes, 0),
        scripts: assets.filter((entry) => entry.type === "Script").length,
        styles: assets.filter((entry) => entry.type === "Stylesheet").length,
        uncompressed: sent.filter((entry) => entry.encoding === "identity" && entry.bytes > 1500).map((entry) => new URL(entry.url).pathname),
        largest,
      });
      if (list) {
        for (const entry of [...sent].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${route.path} ${kb(entry.bytes).padStart(9)} ${entry.encoding.padEnd(8)} ${entry.type.padEnd(10)} ${new URL(entry.url).pathname}`);
      }
    }
  } finally {
    await browser.close();
  }

  console.log("route                    requests (js/css)   transferred   identity (raw)   largest JS/CSS chunk");
  for (const row of rows) {
    const largest = row.largest ? `${kb(row.largest.bytes)} ${path.basename(new URL(row.largest.url).pathname)}` : "-";
    console.log(
      `${row.route.padEnd(24)} ${String(row.requests).padStart(8)} (${row.scripts}/${row.styles})`.padEnd(44) +
        `${kb(row.bytes).padStart(10)}   ${kb(row.rawBytes).padStart(14)}   ${largest}`,
    );
    if (row.uncompressed.length) {
      const shown = row.uncompressed.slice(0, 4).join(", ");
      console.log(`  ${row.uncompressed.length} responses over 1.5 KB sent without compression: ${shown}${row.uncompressed.length > 4 ? ", …" : ""}`);
    }
  }
  const loginRow = rows.find((row) => row.route === "/auth/login");
  console.log(
    `web-wire: /auth/login ${kb(loginRow.bytes)} transferred (budget ${kb(BUDGET.loginBytes)}) ${check("/auth/login transfer", loginRow.bytes <= BUDGET.loginBytes)}`,
  );
  const largest = rows.map((row) => row.largest).filter(Boolean).reduce((max, entry) => (entry.bytes > max.bytes ? entry : max));
  console.log(
    `web-wire: largest JS/CSS chunk ${kb(largest.bytes)} ${new URL(largest.url).pathname} (budget ${kb(BUDGET.chunkBytes)}) ${check("largest chunk", largest.bytes <= BUDGET.chunkBytes)}`,
  );
}

/** `node` of at least 22.19 (Lighthouse 13's engines): this one, or the one `.ci/with-node` provides. */
function lighthouseNode() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 19)) return [process.execPath];
  return ["bash", path.join(root, ".ci", "with-node"), LIGHTHOUSE_NODE, "node"];
}

/**
 * Lighthouse is not a dependency (it needs Node 22.19+, the project supports 20.19): it is installed
 * from the npm registry into node_modules/.cache (gitignored, gone with a clean install).
 */
function installLighthouse() {
  const prefix = path.join(root, "node_modules", ".cache", "portal-lighthouse");
  if (!existsSync(path.join(prefix, "node_modules", "lighthouse", "package.json"))) {
    console.log(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${path.relative(root, prefix)}…`);
    const node = lighthouseNode();
    const npm = node.length > 1 ? [...node.slice(0, -1), "npm"] : ["npm"];
    const result = spawnSync(npm[0], [...npm.slice(1), "install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--loglevel=error", `lighthouse@${LIGHTHOUSE_VERSION}`], {
      stdio: "inherit",
    });
    if (result.status !== 0) throw new Error("could not install lighthouse");
  }
  return prefix;
}

/** The 1-minute load averages seen at the start of each run, printed beside the figures: the score moves with them. */
const loadRange = (loads) => {
  const [low, high] = [Math.min(...loads), Math.max(...loads)].map((load) => load.toFixed(1));
  return low === high ? low : `${low}–${high}`;
};

async function measureLighthouse(baseUrl) {
  const prefix = installLighthouse();
  const token = await login(baseUrl);
  const node = lighthouseNode();
  for (const route of LIGHTHOUSE_ROUTES) {
    const reports = [];
    const loads = [];
    let retriedTraces = 0;
    for (let run = 0; run < lighthouseRuns; run++) {
      loads.push(os.loadavg()[0]);
      const result = spawnSync(node[0], [...node.slice(1), path.join(root, "bench", "lighthouse", "audit.mjs")], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
        env: { ...process.env, LIGHTHOUSE_PREFIX: prefix, CHROME_PATH: CHROMIUM, AUDIT_URL: `${baseUrl}${route.path}`, AUDIT_TOKEN: route.loggedIn ? token : "" },
        timeout: 180_000,
      });
      const line = result.stdout.trim().split("\n").at(-1) ?? "";
      if (result.status !== 0 || !line.startsWith("{")) {
        console.log(`lighthouse ${route.path}: did not run (exit ${result.status}) ${result.stdout.slice(-500)} FAIL`);
        break;
      }
      const report = JSON.parse(line);
      // Lighthouse sometimes fails to record the trace it scores (NO_NAVSTART, about one run in ten
      // here): its own failure, not the page's, so that run is done again, and said so, up to twice.
      if (report.runtimeError?.startsWith("NO_NAVSTART") && retriedTraces < 2) {
        retriedTraces++;
        console.log(`lighthouse ${route.path}: run ${run + 1} recorded no trace (NO_NAVSTART), run again`);
        run--;
        continue;
      }
      // A run Lighthouse could not score (no paint, a page error) has null scores: a failed run, said as such.
      if (report.scores.performance === null || report.scores.accessibility === null) {
        console.log(`lighthouse ${route.path}: run ${run + 1} gave no score (${report.runtimeError ?? "no error given"}) FAIL`);
        break;
      }
      reports.push(report);
    }
    if (reports.length < lighthouseRuns) {
      failures.push(`lighthouse ${route.path}`);
      continue;
    }
    // The median run by performance, as Lighthouse CI reports it: one run's score moves by a few
    // hundredths with whatever else the machine does.
    const byPerformance = [...reports].sort((a, b) => a.scores.performance - b.scores.performance);
    const report = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
    const performance = report.scores.performance;
    const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
    const totalBlockingTime = medianOf(reports.map((each) => each.tbtMs));
    // Accessibility does not move with load: every run must reach the budget.
    const accessibility = Math.min(...reports.map((each) => each.scores.accessibility));
    const runs = reports.length > 1 ? ` (median of ${reports.length} runs: ${reports.map((each) => each.scores.performance.toFixed(2)).join(", ")})` : "";
    // Lighthouse's performance score and TBT count main-thread time, so on a shared, loaded machine
    // they move with the load (the same build measured 0.66–0.93 on /auth/login at load 12–16, 0.91 at
    // load 1). `npm test` (CI: one run on a busy 2-core machine) reports them; `npm run bench`, on a
    // quiet machine, enforces the median of five.
    const verdict = (label, ok) => (reportPerformanceOnly ? `${ok ? "met" : "NOT met"}, reported, not enforced here` : check(`${route.path} ${label}`, ok));
    const performanceBudget = BUDGET.performance[route.path];
    const tbtBudget = BUDGET.totalBlockingTimeMs[route.path];
    const tbtRuns = reports.length > 1 ? ` (median of ${reports.map((each) => Math.round(each.tbtMs)).join(", ")})` : "";
    console.log(
      `lighthouse ${route.path} (mobile, load ${loadRange(loads)}): performance ${performance.toFixed(2)}${runs} (budget ${performanceBudget}) ${verdict("performance", performance >= performanceBudget)}; ` +
        `TBT ${Math.round(totalBlockingTime)} ms${tbtRuns}` +
        (tbtBudget === undefined ? "" : ` (budget ${tbtBudget} ms) ${verdict("TBT", totalBlockingTime <= tbtBudget)}`) +
        `; accessibility ${accessibility.toFixed(2)} (budget ${BUDGET.accessibility}) ${check(`${route.path} accessibility`, accessibility >= BUDGET.accessibility)}; ` +
        `median run: FCP ${report.fcp}, LCP ${report.lcp}, TBT ${report.tbt}, total ${kb(report.totalBytes)}` +
        (report.failedAccessibility.length ? `; accessibility audits failed: ${report.failedAccessibility.join(", ")}` : ""),
    );
  }
}

const server = await startServer({ command: ["node", serverScript] });
try {
  await waitForHealth(server.baseUrl);
  if (wire) {
    const playwright = createRequire(path.join(root, "e2e", "package.json"))("@playwright/test");
    await measureWire(server.baseUrl, playwright);
  }
  if (lighthouse) await measureLighthouse(server.baseUrl);
} finally {
  await server.stop();
}
console.log(`web-wire: ${failures.length ? `FAIL (${failures.join("; ")})` : "PASS"}`);
// scripts/test.mjs counts each budget as a test.
if (process.env.PORTAL_BENCH_REPORT) writeFileSync(process.env.PORTAL_BENCH_REPORT, JSON.stringify({ passed, failed: failures.length, failures }));
process.exit(failures.length ? 1 : 0);
