// One Lighthouse 13 run (mobile preset, its default), started by bench/web-wire.mjs with a Node.js
// new enough for Lighthouse (>= 22.19). Reads AUDIT_URL, AUDIT_TOKEN (a session token: the web client
// keeps it in localStorage, so it is stored there before the audit, on a page that loads none of the
// app's files, and Lighthouse is told not to clear storage), LIGHTHOUSE_PREFIX (where lighthouse is
// installed), CHROME_PATH and optionally LIGHTHOUSE_REPORT_DIR (where to write the full reports). Prints one JSON line: scores, FCP/LCP/TBT, total bytes, failed a11y audits.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CHROMIUM_ARGS } from "@portal/test-support/chromium";

const { AUDIT_URL: url, AUDIT_TOKEN: token, LIGHTHOUSE_PREFIX: prefix, CHROME_PATH: chrome } = process.env;
const requireFromPrefix = createRequire(path.join(prefix, "node_modules", "lighthouse", "package.json"));
const { default: lighthouse } = await import(pathToFileURL(path.join(prefix, "node_modules", "lighthouse", "core", "index.js")).href);
const { default: puppeteer } = await import(pathToFileURL(requireFromPrefix.resolve("puppeteer-core")).href);

const browser = await puppeteer.launch({
  executablePath: chrome,
  headless: true,
  args: ["--headless=new", ...CHROMIUM_ARGS],
});
try {
  const page = await browser.newPage();
  if (token) {
    await page.goto(new URL("/api/v1/health", url).href);
    await page.evaluate((value) => globalThis.localStorage.setItem("token", value), token);
  }
  const result = await lighthouse(url, { output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], disableStorageReset: Boolean(token) }, undefined, page);
  const { categories, audits } = result.lhr;
  // LIGHTHOUSE_REPORT_DIR=<dir>: the whole report as <dir>/<path with - for />.json, to see what it blames.
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${new URL(url).pathname.slice(1).replaceAll("/", "-")}.json`), JSON.stringify(result.lhr));
  }
  if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`audit ended on ${result.lhr.finalDisplayedUrl}`);
  const failedAccessibility = categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
    .map((ref) => ref.id);
  console.log(
    JSON.stringify({
      scores: { performance: categories.performance.score, accessibility: categories.accessibility.score },
      fcp: audits["first-contentful-paint"].displayValue,
      lcp: audits["largest-contentful-paint"].displayValue,
      tbt: audits["total-blocking-time"].displayValue,
      tbtMs: audits["total-blocking-time"].numericValue,
      totalBytes: audits["total-byte-weight"].numericValue,
      failedAccessibility,
      // Set when Lighthouse could not score the page (its scores are then null): what went wrong.
      ...(result.lhr.runtimeError ? { runtimeError: `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` } : {}),
    }),
  );
} finally {
  await browser.close();
}
