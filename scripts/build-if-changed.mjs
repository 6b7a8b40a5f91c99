#!/usr/bin/env node
// `npm start`'s build step: runs `npm run build` unless the sources are exactly those of the last
// successful build and its outputs are all there. A full build takes minutes on a small machine, and
// most starts (a restart, a changed setting) change no source.
//
// The fingerprint is a SHA-256 over the path and content of every build input. It is kept under
// node_modules/.cache, so a fresh `npm install` (new dependencies) builds again too.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(repositoryRoot, "node_modules", ".cache", "portal-build", "fingerprint");

/** What the build reads: the workspaces it builds (their sources, configuration and static files), the lock file and shared tsconfig. */
const WORKSPACES = ["packages/contract", "packages/license-verifier", "packages/license-client", "apps/web", "apps/server"];
const ROOT_INPUTS = ["package.json", "package-lock.json", "tsconfig.base.json"];
/** What a finished build leaves; a missing one means the last build did not finish (or was cleaned). */
const OUTPUTS = [
  "packages/contract/dist/index.js",
  "packages/license-verifier/dist/index.js",
  "packages/license-client/dist/index.js",
  "apps/web/dist/index.html",
  "apps/server/dist/server.js",
];
const SKIPPED_DIRECTORIES = new Set(["node_modules", "dist", "coverage", ".vite"]);

function filesUnder(directory) {
  if (!existsSync(directory)) return [];
  const entries = readdirSync(directory, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  return entries.flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : filesUnder(full);
    return entry.isFile() && !entry.name.endsWith(".tsbuildinfo") ? [full] : [];
  });
}

/** The SHA-256 of every build input of the repository at `root`, by path and content. */
export function buildFingerprint(root = repositoryRoot) {
  const hash = createHash("sha256");
  const files = [...ROOT_INPUTS.map((file) => path.join(root, file)), ...WORKSPACES.flatMap((workspace) => filesUnder(path.join(root, workspace)))];
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

function main() {
  // Taken before building: a source edited while the build runs makes the next start build again.
  const fingerprint = buildFingerprint();
  const previous = existsSync(stampFile) ? readFileSync(stampFile, "utf8").trim() : undefined;
  const missing = OUTPUTS.filter((file) => !existsSync(path.join(repositoryRoot, file)));
  if (previous === fingerprint && missing.length === 0) {
    console.log("Build is up to date (no source changed since the last build): starting it as it is.");
    return;
  }
  console.log(missing.length ? "Building (no complete earlier build)…" : "Building (sources changed since the last build)…");
  const build = spawnSync("npm", ["run", "build"], { cwd: repositoryRoot, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${fingerprint}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
