// Shared by the benchmarks: start the built server on a free port with a fresh data directory.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const ADMIN = { email: "bench-admin@example.com", password: "Bench-pass-1!" };

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(baseUrl, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`server at ${baseUrl} did not become healthy in ${timeoutMs} ms`);
}

/**
 * Starts `command` (default: the built server, as `npm start` runs it) with a fresh DATA_DIR, or the
 * given one (a restart); returns its URL and a stop() that removes the DATA_DIR unless `keepData`.
 */
export async function startServer({ command = ["node", "apps/server/dist/server.js"], env = {}, dataDir: reuse } = {}) {
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"): for the server's node only,
  // not the bench's own (as NODE_OPTIONS would), so a profile shows the server under the bench's load.
  const nodeArgs = command[0] === "node" ? (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean) : [];
  const child = spawn(command[0], [...nodeArgs, ...command.slice(1)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    child,
    dataDir,
    async stop({ keepData = false } = {}) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One API call; answers the envelope's `data`, throws on any status but 2xx. */
export async function api(baseUrl, method, url, { token, body, form } = {}) {
  const response = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : body ? { "content-type": "application/json" } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text).data;
}

export function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

/** Resident memory (MB) of a process and every process below it (Linux /proc), as the machine pays it. */
export function treeRssMb(pid) {
  const kb = (id) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  let total = 0;
  for (const id of processTree(pid)) total += kb(id);
  return total / 1024;
}

/** The processes of a tree (Linux /proc): `pid` and every process below it. */
export function processTree(pid) {
  const seen = new Set();
  const stack = [pid];
  while (stack.length) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    try {
      for (const task of readdirSync(`/proc/${id}/task`)) {
        stack.push(...readFileSync(`/proc/${id}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
      }
    } catch {
      // gone meanwhile
    }
  }
  return [...seen];
}

/**
 * CPU seconds (user + system) used so far by each thread of the processes `pids`, summed by the
 * thread's name in /proc (Node.js 20 names its main thread, worker threads, libuv's pool and V8's
 * helpers all `node`; the profiler's `v8:ProfEvntProc` stands apart), each name prefixed with
 * `label`. Two readings subtracted give where a series' time went, process by process and thread by
 * thread. With BENCH_THREAD_IDS=1 each thread but the main one keeps its own line, under its id:
 * V8's four helpers (garbage collection) start right after the main thread, libuv's pool later.
 */
export function cpuByThread(pids, label = "") {
  const ticks = 100; // USER_HZ, 100 on every Linux this runs on
  const totals = new Map();
  for (const pid of pids) {
    let tasks;
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone meanwhile
    }
    for (const task of tasks) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        // Node.js names its threads alike ("node"): the main thread is told apart by its id.
        const key = `${label}${name}${task === String(pid) ? " (main thread)" : process.env.BENCH_THREAD_IDS ? ` ${task}` : ""}`;
        totals.set(key, (totals.get(key) ?? 0) + (Number(fields[11]) + Number(fields[12])) / ticks);
      } catch {
        // gone meanwhile
      }
    }
  }
  return totals;
}

/** What each thread name used between two cpuByThread readings, per `count` (ms each), largest first. */
export function cpuPerCall(before, after, count) {
  return [...after]
    .map(([name, seconds]) => [name, ((seconds - (before.get(name) ?? 0)) * 1000) / count])
    .filter(([, ms]) => ms >= 0.01)
    .sort((a, b) => b[1] - a[1]);
}

/** The demo customer requests a licence, the administrator approves it, a machine activates it. */
export async function activatedLicense(baseUrl) {
  const login = async (username, password) => (await api(baseUrl, "POST", "/auth/token", { form: { username, password } })).access_token;
  const customer = await login("customer@portal.local", "Demo-customer-1!");
  const admin = await login(ADMIN.email, ADMIN.password);
  const plans = await api(baseUrl, "GET", "/plans", { token: customer });
  const plan = (plans.items ?? plans).find((item) => item.name === "Professional");
  const request = await api(baseUrl, "POST", "/license-requests", { token: customer, body: { planId: plan.id, quantity: 1 } });
  await api(baseUrl, "POST", `/license-requests/${request.id}/approve`, { token: admin });
  const licenses = await api(baseUrl, "GET", "/licenses", { token: customer });
  const key = licenses.items[0].key;
  const fingerprint = "bench-machine-0001";
  const first = await api(baseUrl, "POST", "/licenses/validate", { body: { key, fingerprint } });
  const code = first.data?.code ?? JSON.parse(JSON.stringify(first)).code;
  if (code !== "VALID") throw new Error(`activation answered ${JSON.stringify(first)}`);
  return { key, fingerprint };
}

/**
 * A floating licence of `seats` seats (a new plan, heartbeat `heartbeatSeconds`) requested by the demo
 * customer and approved by the administrator; answers its key and id and the administrator's token.
 */
export async function floatingLicense(baseUrl, { seats, heartbeatSeconds }) {
  const login = async (username, password) => (await api(baseUrl, "POST", "/auth/token", { form: { username, password } })).access_token;
  const customer = await login("customer@portal.local", "Demo-customer-1!");
  const admin = await login(ADMIN.email, ADMIN.password);
  const plan = await api(baseUrl, "POST", "/plans", {
    token: admin,
    body: { name: `Floating ${seats} seats ${Date.now()}`, price: 100, currency: "USD", billingPeriod: "yearly", durationDays: 365, maxActivations: seats, floating: true, heartbeatSeconds },
  });
  const request = await api(baseUrl, "POST", "/license-requests", { token: customer, body: { planId: plan.id, quantity: 1 } });
  const approved = await api(baseUrl, "POST", `/license-requests/${request.id}/approve`, { token: admin });
  const license = await api(baseUrl, "GET", `/licenses/${approved.licenseIds[0]}`, { token: admin });
  return { key: license.key, id: license.id, admin };
}

/** POST /licenses/<path> {key, fingerprint}: the signed answer's `data` (throws on any status but 200). */
export async function seatCall(baseUrl, path, key, fingerprint) {
  const response = await fetch(`${baseUrl}/api/v1/licenses/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ key, fingerprint }) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text).data;
}

/** Runs `work(item)` over `items`, at most `concurrency` at once. */
export async function inParallel(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** A scratch PostgreSQL database beside `baseUrl`'s (made now; `drop()` removes it): its URL. */
export async function scratchDatabase(pg, baseUrl, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
