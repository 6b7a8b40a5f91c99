import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./test-app.js";
import { freePort } from "./smtp.js";

// The real server, started as `npm start` starts it (`node dist/server.js`), in a process of its own:
// for tests about stopping, killing and starting it again. Never a stale build: the first start in a
// test process brings dist/ up to date with `tsc -b` (nothing to do after `npm test`'s build, about a
// second). It used to start from the TypeScript source through tsx, which transpiled the server and
// its PGlite worker at every start (about 2.4 s more CPU a start, measured at load 10); with the first
// start's initdb and migrations on an empty PGlite DATA_DIR (26 s of CPU, which the tests now skip with
// dataDirFromPgliteTemplate) that once ran past the 90 s deadline on a loaded machine.
const serverDirectory = fileURLToPath(new URL("../..", import.meta.url));
const repositoryRoot = path.resolve(serverDirectory, "../..");
/** What dist/server.js loads of this repository: the server and the workspace packages it imports. */
const BUILT_PROJECTS = ["packages/contract", "packages/license-verifier", "apps/server"];

let built: Promise<void> | undefined;

/** dist/ up to date, once per test process; the processes of a run (both databases' files) build one at a time. */
function serverBuilt(): Promise<void> {
  built ??= buildServer();
  return built;
}

/** Whether the process that took the build lock still runs (a run killed mid-build leaves its lock behind). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function buildServer(): Promise<void> {
  const lock = path.join(repositoryRoot, "node_modules", ".cache", "portal-test-server-build.lock");
  await mkdir(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(await readFile(lock, "utf8").catch(() => ""));
      if (holder > 0 && !alive(holder)) await rm(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    await promisify(execFile)(process.execPath, [tsc, "-b", ...BUILT_PROJECTS], { cwd: repositoryRoot });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc -b ${BUILT_PROJECTS.join(" ")} failed:\n${stdout}${stderr}`, { cause: error });
  } finally {
    await rm(lock, { force: true });
  }
}

export interface PortalProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  /** From spawn to the first healthy answer. */
  startMs: number;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Starts the server on a free port and waits until `/api/v1/health` answers. `env` adds to (and may
 * override) a test configuration: the first administrator, quick mail retries and job polling.
 */
export async function startPortal(env: Record<string, string>): Promise<PortalProcess> {
  await serverBuilt();
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/server.js"], {
    cwd: serverDirectory,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      MAIL_RETRY_MIN_SECONDS: "0.2",
      JOB_POLL_INTERVAL_MS: "100",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const portal: PortalProcess = { url: `http://127.0.0.1:${port}`, child, output: [], startMs: 0, exited };
  child.stdout!.on("data", (chunk: Buffer) => portal.output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => portal.output.push(chunk.toString()));
  running.add(portal);
  void exited.then(() => running.delete(portal));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`portal exited with ${child.exitCode ?? child.signalCode}:\n${portal.output.join("")}`);
    const healthy = await fetch(`${portal.url}/api/v1/health`).then((response) => response.ok, () => false);
    if (healthy) {
      portal.startMs = Math.round(performance.now() - spawnedAt);
      return portal;
    }
    if (Date.now() > deadline) throw new Error(`portal did not start:\n${portal.output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const running = new Set<PortalProcess>();

/** SIGTERM, as a service manager stops it; answers the exit code (0 when it finished its work and closed cleanly). */
export async function stopPortal(portal: PortalProcess): Promise<number | null> {
  portal.child.kill("SIGTERM");
  return portal.exited;
}

/** SIGKILL: the process ends at once, whatever it was doing; resolves once it is gone. */
export async function killPortal(portal: PortalProcess): Promise<void> {
  portal.child.kill("SIGKILL");
  await portal.exited;
}

/** For afterAll: kills and awaits every portal still running (a test that failed half-way). */
export async function killRunningPortals(): Promise<void> {
  await Promise.all([...running].map(killPortal));
}
