// The crash-safety test in full (the short form runs in `npm test`): more SIGKILL rounds, more writes
// per round, more concurrent writers and larger update uploads, on PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL. apps/server/src/crash/crash-safety.test.ts prints each round's figures (writes
// answered, writes found whole, mail queued and received, what the restart took back).
//
//   node bench/crash-safety.mjs            (CRASH_ROUNDS, CRASH_WRITES, CRASH_LANES, CRASH_UPLOAD_MB, CRASH_SEED override)
//
// Budget: every round finds every answered write whole, no orphan, no lost or unexplained duplicate mail.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { root } from "./lib.mjs";

const env = {
  ...process.env,
  CRASH_ROUNDS: process.env.CRASH_ROUNDS ?? "6",
  CRASH_WRITES: process.env.CRASH_WRITES ?? "120",
  CRASH_LANES: process.env.CRASH_LANES ?? "8",
  CRASH_UPLOAD_MB: process.env.CRASH_UPLOAD_MB ?? "16",
  CRASH_MAX_KILL_MS: process.env.CRASH_MAX_KILL_MS ?? "500",
};
console.log(`crash safety, full form: ${env.CRASH_ROUNDS} rounds, kill after up to ${env.CRASH_WRITES} answers, ${env.CRASH_LANES} lanes, ${env.CRASH_UPLOAD_MB} MB uploads, on PGlite${process.env.TEST_DATABASE_URL ? " and PostgreSQL" : ""}`);
const startedAt = Date.now();
const result = spawnSync("npx", ["vitest", "run", "src/crash"], { cwd: path.join(root, "apps/server"), env, stdio: "inherit" });
const passed = result.status === 0;
console.log(`crash safety: ${((Date.now() - startedAt) / 1000).toFixed(0)} s — ${passed ? "PASS" : "FAIL"}`);
process.exit(passed ? 0 : 1);
