import { execFileSync } from "node:child_process";
import type { PlaywrightTestConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@portal/test-support/chromium";

/** Debian's Chromium as every Playwright configuration of this repository runs it. */
const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] };

/**
 * `count` free ports, found synchronously (a configuration is evaluated synchronously) so that every
 * worker process reads the same ones from the environment.
 */
export function freePorts(count: number): number[] {
  const script = `const net=require('net');const servers=[];let left=${count};for(let i=0;i<${count};i++){const s=net.createServer().listen(0,'127.0.0.1',()=>{servers.push(s);if(--left===0){process.stdout.write(servers.map((x)=>x.address().port).join(','));servers.forEach((x)=>x.close())}})}`;
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim().split(",").map(Number);
}

/** The SUPPORT_URL every test server runs with: the journey checks the support link comes from it. */
export const E2E_SUPPORT_URL = "https://help.vendor.test/portal";

/** What every Playwright configuration of this repository runs with, against the server at `baseURL`. */
export function commonConfig(baseURL: string): PlaywrightTestConfig {
  const retries = Number(process.env.PORTAL_E2E_RETRIES ?? (process.env.CI ? 1 : 0));
  return {
    testDir: "./tests",
    fullyParallel: false,
    forbidOnly: Boolean(process.env.CI),
    // One retry under CI (`.ci/run` sets PORTAL_E2E_RETRIES=1): a test that passes only on its retry is
    // reported as flaky, by name, in `npm test`'s closing lines, to be fixed at its cause.
    retries,
    timeout: 60_000,
    // Machines of the same kind differ: the same suite took 13 min on one 2-core machine and 35 min on
    // another (2.7 times the CPU per test), where a full page load alone took over 5 s beside the other
    // worker. 15 s is what a person waits for a screen at most.
    expect: { timeout: 15_000 },
    reporter: [["list"], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? ([["json"]] as const) : [])],
    use: {
      baseURL,
      // A trace: every action with the page's DOM before and after it, the network and the console.
      // Without the screencast: its frames, rendered and encoded while every test ran, more than doubled
      // Chromium's CPU (16 admin screens: 12.1 s → 28.5 s; DOM snapshots alone 14.5 s) on a 2-core
      // machine whose load is the suite's time. With retries (CI), only a retry records one, as
      // Playwright advises for CI: recording the DOM at every action of every first run cost CI's
      // scarcest resource, CPU, for traces that a passing test throws away (the axe sweep, alone on a
      // quiet 2-core machine: 112.8 s with it, 91.4 s without; with the accounts journeys, whose
      // waits are clocks, 174.3 s and 165.2 s). A test that fails twice keeps the retry's trace; one
      // that fails once is named as flaky, with the retry's trace beside it, and is reproduced
      // locally, where (no retries) a failed test keeps its own. The failure's own screenshot stays
      // in both.
      trace: {
        mode: retries > 0 ? "on-first-retry" : "retain-on-failure",
        screenshots: false,
        snapshots: true,
        sources: true,
      },
      screenshot: "only-on-failure",
      locale: "en-US",
      launchOptions: chromiumLaunchOptions,
    },
  };
}
