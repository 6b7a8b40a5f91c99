// CPU-time (tdur) breakdown of a page load in Chromium: robust to machine load.
import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os"; import path from "node:path";
const server = process.argv[2] ?? "../apps/server/dist/server.js";
const route = process.argv[3] ?? "/dashboard";
const runs = Number(process.argv[4] ?? 3);
const port = 18000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "trace-"));
const proc = spawn(process.execPath, [server], { env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "Admin-pass-1!", LOG_LEVEL: "warn", AUTH_RATE_LIMIT_PER_MINUTE: "1000" }, stdio: "inherit" });
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 200; i++) { try { if ((await fetch(base + "/api/v1/health")).ok) break; } catch {} await new Promise((r) => setTimeout(r, 250)); }
const login = await (await fetch(base + "/api/v1/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ login: "a@example.com", password: "Admin-pass-1!" }) })).json();
const token = login.data?.token ?? login.token;
const totals = [];
for (let run = 0; run < runs + 1; run++) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  if (route !== "/auth/login") { await page.goto(base + "/404"); await page.evaluate((t) => localStorage.setItem("token", t), token); }
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing"] });
  await page.goto(base + route, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  const buf = await browser.stopTracing();
  await context.close();
  await browser.close();
  if (run === 0) continue; // warm the server
  const events = JSON.parse(buf.toString()).traceEvents;
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((x) => x.pid === e.pid && x.name === "RunTask"));
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.tdur !== undefined);
  const tasks = mine.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask").sort((a, b) => a.ts - b.ts);
  const byName = {};
  for (const e of mine) if (["EvaluateScript", "v8.compile", "V8.CompileCode", "FunctionCall", "TimerFire", "UpdateLayoutTree", "Layout", "Paint", "ParseHTML", "ParseAuthorStyleSheet", "MajorGC", "MinorGC", "v8.evaluateModule", "RunMicrotasks", "v8.run", "PrePaint", "Layerize"].includes(e.name)) byName[e.name] = (byName[e.name] ?? 0) + e.tdur / 1000;
  const long = tasks.filter((t) => t.tdur / 1000 > 12.5).map((t) => {
    const inner = mine.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t && ["EvaluateScript", "FunctionCall", "TimerFire", "UpdateLayoutTree", "Layout", "v8.evaluateModule", "RunMicrotasks", "ParseHTML"].includes(e.name));
    const desc = inner.slice(0, 4).map((e) => `${e.name}${e.args?.data?.url ? ":" + e.args.data.url.split("/").pop().slice(0, 18) : ""}${e.args?.data?.functionName ? ":" + e.args.data.functionName : ""} ${(e.tdur / 1000).toFixed(0)}`).join(", ");
    return `${(t.tdur / 1000).toFixed(1)}ms cpu [${desc}]`;
  });
  const top = [...tasks].sort((a, b) => b.dur - a.dur).slice(0, 6).map((t) => `${(t.dur / 1000).toFixed(0)}/${(t.tdur / 1000).toFixed(0)}`);
  console.log("  top tasks wall/cpu ms:", top.join(" "), " wall sum", (tasks.reduce((s, t) => s + t.dur, 0) / 1000).toFixed(0));
  const all = tasks.reduce((s, t) => s + t.tdur / 1000, 0);
  const tbt4 = tasks.reduce((s, t) => s + Math.max(0, (t.tdur / 1000) * 4 - 50), 0);
  totals.push({ all, tbt4 });
  console.log(`run ${run}: tasks cpu ${all.toFixed(0)} ms, est. TBT at 4x ${tbt4.toFixed(0)} ms`);
  console.log("  by kind:", Object.entries(byName).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", "));
  for (const l of long) console.log("  long:", l);
}
proc.kill("SIGTERM");
await new Promise((r) => proc.on("exit", r));
console.log("median cpu", totals.map((t) => t.all.toFixed(0)).join("/"), "tbt4", totals.map((t) => t.tbt4.toFixed(0)).join("/"));
