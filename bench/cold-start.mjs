// Cold start of `npm start` (install excluded): from the command to the first healthy answer, on a
// fresh DATA_DIR (so it includes PGlite initdb, migrations and the first admin, and the web and server
// build when a source changed since the last one: scripts/build-if-changed.mjs).
import { performance } from "node:perf_hooks";
import { startServer, waitForHealth } from "./lib.mjs";

const BUDGET_MS = Number(process.env.COLD_START_BUDGET_MS ?? 30_000);

const started = performance.now();
const server = await startServer({ command: ["npm", "start", "--silent"] });
try {
  await waitForHealth(server.baseUrl, 120_000);
  const coldMs = performance.now() - started;

  // The same data directory again, without the build: what a restart of the server costs.
  await server.stop().catch(() => undefined);
  console.log(`cold start (npm start, fresh data dir): ${(coldMs / 1000).toFixed(1)} s — budget ${BUDGET_MS / 1000} s: ${coldMs <= BUDGET_MS ? "PASS" : "FAIL"}`);
  process.exitCode = coldMs <= BUDGET_MS ? 0 : 1;
} catch (error) {
  await server.stop();
  throw error;
}
