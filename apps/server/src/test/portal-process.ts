import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./test-app.js";
import { freePort } from "./smtp.js";

// The real server, started as `npm start` starts it but from source (never a stale build), in a
// process of its own: for tests about stopping, killing and starting it again.
const serverDirectory = fileURLToPath(new URL("../..", import.meta.url));

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
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "src/server.ts"], {
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
