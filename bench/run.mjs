// `npm run bench`: every benchmark in turn; each prints its figure and PASS/FAIL against its budget.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const skip = new Set(["lib.mjs", "run.mjs", "load.mjs", "seed-at-size.mjs"]);
let failed = 0;
for (const file of readdirSync(here).filter((name) => name.endsWith(".mjs") && !skip.has(name)).sort()) {
  console.log(`\n— ${file}`);
  const result = spawnSync(process.execPath, [`${here}${file}`], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
