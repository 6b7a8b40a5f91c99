// Gzip size of all the JavaScript that /auth/login loads (budget: 200 KB gzip).
// Builds nothing: it reads apps/web/dist (run `npm run build` first), serves it on a loopback port
// with the SPA fallback the real server uses, opens /auth/login in Chromium as a first-time visitor
// and sums the gzip size of every JavaScript response. The Vite manifest gives a cross-check (and the
// figure itself when Chromium is not installed).
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 200 * 1024;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const root = fileURLToPath(new URL("..", import.meta.url));
const dist = path.join(root, "apps", "web", "dist");
/** The route modules /auth/login renders (app/router.tsx): the auth layout and the login page. */
const LOGIN_ROUTE_MODULES = ["src/app/layouts/auth-layout.tsx", "src/features/auth/pages/login-page.tsx"];

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (!existsSync(path.join(dist, "index.html"))) {
  console.log(`web-bundle: ${dist} has no build; run \`npm run build\` first. FAIL`);
  process.exit(1);
}

function fromManifest() {
  const manifestPath = path.join(dist, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit("index.html");
  for (const module of LOGIN_ROUTE_MODULES) visit(module);
  let total = 0;
  for (const file of files) total += gzipSize(readFileSync(path.join(dist, file)));
  return { total, count: files.size };
}

function serveDist() {
  const types = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml", ".json": "application/json" };
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, "http://x").pathname);
    let file = path.join(dist, path.normalize(pathname));
    if (!file.startsWith(dist) || !existsSync(file) || pathname === "/" || !path.extname(pathname)) {
      if (path.extname(pathname) && pathname !== "/") {
        response.writeHead(404).end();
        return;
      }
      file = path.join(dist, "index.html");
    }
    response.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function fromBrowser() {
  const require = createRequire(path.join(root, "e2e", "package.json"));
  const { chromium } = require("@playwright/test");
  const server = await serveDist();
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on("response", (response) => {
      const type = response.headers()["content-type"] ?? "";
      if (type.includes("javascript") || response.url().endsWith(".js")) scripts.push(response);
    });
    await page.goto(`http://127.0.0.1:${port}/auth/login`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).waitFor();
    const sizes = [];
    for (const response of scripts) {
      const body = await response.body();
      sizes.push({ name: new URL(response.url()).pathname, raw: body.length, gzip: gzipSize(body) });
    }
    return sizes;
  } finally {
    await browser.close();
    server.close();
  }
}

const manifest = fromManifest();
let total;
if (existsSync(CHROMIUM)) {
  const sizes = await fromBrowser();
  sizes.sort((a, b) => b.gzip - a.gzip);
  for (const size of sizes.slice(0, 8)) console.log(`  ${kb(size.gzip).padStart(9)}  ${size.name}`);
  if (sizes.length > 8) console.log(`  … and ${sizes.length - 8} smaller files`);
  total = sizes.reduce((sum, size) => sum + size.gzip, 0);
  const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
  console.log(`JavaScript loaded by /auth/login in Chromium: ${sizes.length} files, ${kb(raw)} raw, ${kb(total)} gzip`);
  if (manifest) console.log(`Cross-check from the Vite manifest (entry + login route modules): ${manifest.count} files, ${kb(manifest.total)} gzip`);
} else if (manifest) {
  total = manifest.total;
  console.log(`${CHROMIUM} not found: figure from the Vite manifest (entry + login route modules): ${manifest.count} files`);
} else {
  console.log("web-bundle: neither Chromium nor the Vite manifest is available. FAIL");
  process.exit(1);
}

const pass = total <= BUDGET_BYTES;
console.log(`web-bundle: /auth/login JavaScript ${kb(total)} gzip (budget ${kb(BUDGET_BYTES)}) ${pass ? "PASS" : "FAIL"}`);
process.exit(pass ? 0 : 1);
