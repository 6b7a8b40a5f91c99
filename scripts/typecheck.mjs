#!/usr/bin/env node
// `npm run typecheck`: every workspace, strict. The built projects first (`tsc -b` writes the
// declarations the others read), then the other checks in two lanes side by side. One after the
// other they kept one core busy for some two minutes beside a free one (CI runs ESLint on it for the
// first 55 s); the two lanes hold about the same CPU (some 55 s each, measured one by one).
// Each check's output is printed whole when it ends, so two lanes never interleave their lines.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

const BUILT = ["-b", "packages/contract", "packages/license-verifier", "packages/license-client", "apps/server"];
const LANES = [
  [
    ["-p", "apps/server/tsconfig.test.json"],
    ["-p", "packages/license-client/tsconfig.test.json"],
  ],
  [
    ["-p", "apps/web", "--noEmit"],
    ["-p", "e2e", "--noEmit"],
    ["-p", "packages/license-verifier/tsconfig.test.json"],
    ["-p", "packages/test-support"],
  ],
];

/** Runs `tsc args`; prints its output once it ends; answers whether it passed. */
function check(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, ...args], { cwd: repositoryRoot, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      const text = Buffer.concat(output).toString("utf8");
      console.log(`tsc ${args.join(" ")}: ${code === 0 ? "ok" : `failed (exit ${code})`}`);
      if (text.trim()) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
      resolve(code === 0);
    });
  });
}

/** A lane's checks one after the other, stopping at the first that fails. */
async function lane(checks) {
  for (const args of checks) if (!(await check(args))) return false;
  return true;
}

const passed = (await check(BUILT)) && (await Promise.all(LANES.map(lane))).every(Boolean);
process.exit(passed ? 0 : 1);
