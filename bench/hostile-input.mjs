// The hostile-input test (apps/server/src/test/security/hostile-input.test.ts) in full: every operation of
// the OpenAPI document with HOSTILE_RUNS generated requests per property (CI runs 12), on PGlite and,
// when TEST_DATABASE_URL is set, on PostgreSQL too. Prints runs, properties, failures and, for each
// failure, fast-check's seed and path (replay: HOSTILE_SEED=… HOSTILE_PATH=… with the same test).
//
//   node bench/hostile-input.mjs [--runs=300]
//
// Budget: no failure.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./lib.mjs";

const flag = (name) => process.argv.slice(2).find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const RUNS = Number(flag("runs") ?? process.env.HOSTILE_RUNS ?? 300);
const work = mkdtempSync(path.join(os.tmpdir(), "portal-bench-hostile-"));
const report = path.join(work, "report.json");

const started = Date.now();
const run = spawnSync(
  "npx",
  ["vitest", "run", "src/test/security/hostile-input.test.ts", "--reporter=dot", "--reporter=json", `--outputFile.json=${report}`],
  { cwd: path.join(root, "apps/server"), env: { ...process.env, HOSTILE_RUNS: String(RUNS) }, stdio: ["ignore", "inherit", "inherit"] },
);
const seconds = (Date.now() - started) / 1000;

let result;
try {
  result = JSON.parse(readFileSync(report, "utf8"));
} catch {
  console.log(`hostile input: vitest wrote no report (exit ${run.status}) FAIL`);
  process.exit(1);
} finally {
  rmSync(work, { recursive: true, force: true });
}
const tests = result.testResults.flatMap((file) => file.assertionResults);
const failed = tests.filter((test) => test.status === "failed");
const properties = tests.filter((test) => test.ancestorTitles.length > 1).length;
console.log(`hostile input: ${RUNS} runs per property, ${properties} properties (≈${RUNS * properties} requests), ${tests.length} tests, ${failed.length} failed, ${seconds.toFixed(0)} s`);
for (const test of failed) {
  const message = test.failureMessages.join("\n");
  const seed = /\{ seed: -?\d+, path: "[^"]*"/.exec(message)?.[0];
  console.log(`  FAIL ${test.fullName}${seed ? `\n       ${seed} }` : ""}\n       ${message.split("\n").find((line) => line.startsWith("Counterexample")) ?? message.split("\n")[0]}`);
}
console.log(failed.length === 0 && run.status === 0 ? "PASS" : "FAIL");
process.exit(failed.length === 0 && run.status === 0 ? 0 : 1);
