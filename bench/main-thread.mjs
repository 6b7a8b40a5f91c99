// What runs on the main thread after first paint, traced (issue 33: profile first, the trace, not guesses).
// Builds nothing (`npm run build` first): starts the built server as the README does, logs in as the
// bench administrator (as bench/web-wire.mjs's Lighthouse run does), and loads each path in a new
// Chromium context with Chromium's own trace (`devtools.timeline` and `v8.cpu_profiler`). For each load
// it prints first contentful paint, the last largest-contentful-paint candidate, and every task after
// first paint that is long at Lighthouse's 4× CPU (observed ≥ 12.5 ms), each with the call paths that
// ran in it, read through the build's source maps. "TBT at 4×" sums those tasks as Lighthouse's
// simulation would: no network throttling, so it ranks causes rather than predicting Lighthouse's figure.
//
//   node bench/main-thread.mjs                       /dashboard, 3 loads
//   node bench/main-thread.mjs --path=/auth/login --path=/admin/users --runs=5
//   node bench/main-thread.mjs --min-ms=8 --paths=6  shorter tasks too, more call paths per task
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@portal/test-support/chromium";
import { ADMIN, api, root, startServer, waitForHealth } from "./lib.mjs";

const argv = process.argv.slice(2);
const values = (name) => argv.filter((arg) => arg.startsWith(`--${name}=`)).map((arg) => arg.slice(name.length + 3));
const paths = values("path").length ? values("path") : ["/dashboard"];
const runs = Number(values("runs")[0] ?? 3);
const minMs = Number(values("min-ms")[0] ?? 12.5);
const callPaths = Number(values("paths")[0] ?? 4);
const THROTTLE = 4;
const assets = path.join(root, "apps/web/dist/assets");
if (!existsSync(assets)) throw new Error("no apps/web/dist: run npm run build first");

const { chromium } = createRequire(path.join(root, "e2e", "package.json"))("@playwright/test");
const sourceMaps = new Map();

/** `name file:line` of a profiler frame, through the build's source map when the frame is one of its scripts. */
function frameName({ functionName, url = "", lineNumber, columnNumber }) {
  const file = /\/assets\/([^/?]+\.js)$/.exec(url)?.[1];
  if (!file) return functionName || (url ? path.basename(url) : "(native)");
  if (!sourceMaps.has(file)) {
    const map = path.join(assets, `${file}.map`);
    sourceMaps.set(file, existsSync(map) ? new TraceMap(readFileSync(map, "utf8")) : null);
  }
  const map = sourceMaps.get(file);
  const original = map && originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
  if (!original?.source) return `${functionName || "(anonymous)"} ${file}`;
  const source = original.source.replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "");
  return `${original.name ?? functionName ?? "(anonymous)"} ${source}:${original.line}`;
}

/** The page's renderer main thread: the CrRendererMain with the most complete events. */
function mainThread(events) {
  let best;
  let most = 0;
  for (const thread of events.filter((event) => event.name === "thread_name" && event.args.name === "CrRendererMain")) {
    const count = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === "X").length;
    if (count > most) [best, most] = [thread, count];
  }
  return best;
}

/** The main thread's CPU samples (time, innermost node) and its profile's nodes. */
function samplesOf(events, thread) {
  const profileEvents = events.filter((event) => event.pid === thread.pid && (event.name === "Profile" || event.name === "ProfileChunk"));
  const ids = [...new Set(profileEvents.map((event) => event.id))];
  const nodes = new Map();
  const samples = [];
  for (const id of ids) {
    const start = profileEvents.find((event) => event.id === id && event.name === "Profile");
    if (!start) continue;
    const chunks = profileEvents.filter((event) => event.id === id && event.name === "ProfileChunk").sort((a, b) => a.ts - b.ts);
    const own = new Map();
    for (const chunk of chunks) for (const node of chunk.args.data.cpuProfile?.nodes ?? []) own.set(node.id, node);
    // The main thread's profile is the one that ran the app's scripts (workers have their own).
    if (![...own.values()].some((node) => /\/assets\/(index|app)-/.test(node.callFrame?.url ?? ""))) continue;
    let time = start.ts;
    for (const chunk of chunks) {
      const { cpuProfile, timeDeltas = [] } = chunk.args.data;
      (cpuProfile?.samples ?? []).forEach((node, index) => samples.push({ time: (time += timeDeltas[index]), node }));
    }
    for (const [key, node] of own) nodes.set(key, node);
  }
  return { nodes, samples };
}

/**
 * The call paths that ran most in [from, to), each as the outermost frame of the app's own code
 * (`src/…`) and the innermost frame, where the time was spent; without an app frame, the two
 * outermost frames (the scheduler, React) and the innermost.
 */
function callPathsIn({ nodes, samples }, from, to) {
  const counts = new Map();
  let total = 0;
  for (const sample of samples) {
    if (sample.time < from || sample.time >= to) continue;
    total += 1;
    const chain = [];
    for (let node = nodes.get(sample.node); node; node = nodes.get(node.parent)) chain.unshift(frameName(node.callFrame));
    const named = chain.filter((frame) => frame !== "(root)");
    const app = named.find((frame) => / src\//.test(frame));
    const outer = app ? [app] : named.slice(0, 2);
    const inner = named.at(-1);
    const key = [...outer, ...(inner && !outer.includes(inner) ? ["…", inner] : [])].map((frame) => frame.replace(/ .*\//, " ")).join(" › ") || "(idle)";
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, callPaths).map(([key, count]) => `${Math.round((100 * count) / total)}% ${key}`);
}

async function traceLoad(browser, url, token) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript((value) => globalThis.localStorage.setItem("token", value), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    transferMode: "ReportEvents",
    traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-v8.cpu_profiler", "loading", "blink.user_timing", "v8"] },
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(1_000);
  await cdp.send("Tracing.end");
  await complete;
  await context.close();

  const thread = mainThread(events);
  const own = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid);
  const start = own.find((event) => event.name === "navigationStart" && event.args?.data?.documentLoaderURL === url)?.ts ?? own.find((event) => event.name === "navigationStart")?.ts;
  const fcp = events.find((event) => event.pid === thread.pid && event.name === "firstContentfulPaint" && event.ts > start)?.ts;
  const lcp = events.filter((event) => event.pid === thread.pid && event.name === "largestContentfulPaint::Candidate" && event.ts > start).at(-1)?.ts;
  const profile = samplesOf(events, thread);
  const afterPaint = own.filter((event) => event.ph === "X" && event.name === "RunTask" && event.ts >= (fcp ?? start));
  const tasks = afterPaint
    .filter((task) => task.dur >= minMs * 1000)
    .map((task) => ({ at: (task.ts - start) / 1000, ms: task.dur / 1000, paths: callPathsIn(profile, task.ts, task.ts + task.dur) }));
  const blocking = afterPaint.reduce((sum, task) => sum + Math.max(0, (THROTTLE * task.dur) / 1000 - 50), 0);
  return { fcp: fcp && (fcp - start) / 1000, lcp: lcp && (lcp - start) / 1000, tasks, blocking };
}

const server = await startServer();
try {
  await waitForHealth(server.baseUrl);
  const { access_token: token } = await api(server.baseUrl, "POST", "/auth/token", { form: { username: ADMIN.email, password: ADMIN.password } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const route of paths) {
      const totals = [];
      for (let run = 1; run <= runs; run += 1) {
        const { fcp, lcp, tasks, blocking } = await traceLoad(browser, `${server.baseUrl}${route}`, token);
        totals.push(blocking);
        console.log(`\n${route}, load ${run}: FCP ${fcp?.toFixed(0)} ms, LCP ${lcp?.toFixed(0)} ms, TBT at ${THROTTLE}× ${blocking.toFixed(0)} ms, ${tasks.length} tasks ≥ ${minMs} ms after first paint`);
        for (const task of tasks) console.log(`  @${task.at.toFixed(0)} ms  ${task.ms.toFixed(1)} ms\n${task.paths.map((line) => `      ${line}`).join("\n")}`);
      }
      const sorted = totals.sort((a, b) => a - b);
      console.log(`\n${route}: TBT at ${THROTTLE}× median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms (${sorted.map((value) => value.toFixed(0)).join(", ")})`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
