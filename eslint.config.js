import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import path from "node:path";
import { fileURLToPath } from "node:url";

const webSrc = path.join(path.dirname(fileURLToPath(import.meta.url)), "apps", "web", "src");
const featuresDir = path.join(webSrc, "features");

function isInside(dir, file) {
  const relative = path.relative(dir, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** Calls `check(node, source)` for every module a file names: static and dynamic imports, re-exports. */
function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node.source, node.source.value),
    ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
    ExportAllDeclaration: (node) => check(node.source, node.source.value),
  };
}

/** The feature folder (apps/web/src/features/<name>) a file or resolved import path lies in. */
function featureOf(file) {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

/**
 * A feature never imports another feature, nor the app layer (router, layouts, guards): shared
 * pieces live in components/ or lib/. Resolves `@/…` and relative paths, so `../../billing/x`
 * is caught as surely as `@/features/billing/x`.
 */
const featureBoundaries = {
  meta: { type: "problem", schema: [], messages: {
    crossFeature: "Feature \"{{from}}\" must not import feature \"{{to}}\"; move the shared piece to components/ or lib/.",
    appLayer: "A feature must not import from app/ (router, layouts, guards); move the shared piece to components/ or lib/.",
    sharedLayer: "components/ and lib/ are shared by every feature: they must not import from features/ or app/.",
  } },
  create(context) {
    const filename = context.filename;
    const from = featureOf(filename);
    const shared = ["components", "lib"].some((dir) => isInside(path.join(webSrc, dir), filename));
    if (!from && !shared) return {};
    const check = (node, source) => {
      if (typeof source !== "string") return;
      let target;
      if (source.startsWith("@/")) target = path.join(webSrc, source.slice(2));
      else if (source.startsWith(".")) target = path.resolve(path.dirname(filename), source);
      else return;
      const to = featureOf(target);
      const intoApp = isInside(path.join(webSrc, "app"), target);
      if (shared) {
        if (to || intoApp) context.report({ node, messageId: "sharedLayer" });
      } else if (to && to !== from) context.report({ node, messageId: "crossFeature", data: { from, to } });
      else if (intoApp) context.report({ node, messageId: "appLayer" });
    };
    return importVisitors(check);
  },
};

const serverSrc = path.join(path.dirname(fileURLToPath(import.meta.url)), "apps", "server", "src");

/** The server's layers, lowest first: a file may import its own layer and those below it. */
const SERVER_LAYERS = ["lib", "db", "plugins", "modules", "demo"];
/** Folders of test support: what tests share (helpers, fixtures, the authorisation matrix). */
const SERVER_TEST_SUPPORT = ["test"];

/**
 * Where a server file or resolved import lies: its layer (a folder of SERVER_LAYERS; "root" for the
 * start-up files beside them — app.ts, server.ts, config.ts, background-jobs.ts — and openapi/;
 * "test" for test support), and in modules/ the module and whether it is the module's index.
 */
function serverPlace(file) {
  const relative = path.relative(serverSrc, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  const [top, second, ...rest] = relative.split(path.sep);
  if (SERVER_TEST_SUPPORT.includes(top)) return { layer: "test", name: `${top}/` };
  if (!SERVER_LAYERS.includes(top) || second === undefined) return { layer: "root", name: second === undefined ? top.replace(/\.js$/, ".ts") : `${top}/` };
  if (top !== "modules") return { layer: top, name: `${top}/` };
  return { layer: "modules", name: "modules/", module: second, isIndex: rest.length === 1 && /^index\.[jt]s$/.test(rest[0]) };
}

/**
 * The server's layers run one way: lib/ ← db/ ← plugins/ ← modules/ ← demo/ ← the start-up files.
 * lib/ is plain code (no database, no app); db/ is the database (client, schema, migrations and the
 * helpers every module writes and reads with); plugins/ are the app's request handling; modules/ the
 * features. A module is used from outside only through its index.ts: inside it, files may change
 * freely. Tests (*.test.ts) may reach inside another module and use the app, the demo and test
 * support — except tests of lib/ and db/, which stay in their layer (test support aside).
 */
export const serverLayers = {
  meta: { type: "problem", schema: [], messages: {
    upward: "{{from}} must not import {{to}}: the server's layers run one way (lib/ ← db/ ← plugins/ ← modules/ ← demo/ ← app.ts, server.ts, config.ts); move the shared piece down.",
    testSupport: "{{to}} is test support: only tests import it.",
    moduleIndex: "Import modules/{{to}} through modules/{{to}}/index.js, its public surface: export the piece there, or move it down to lib/ or db/ (only tests may reach inside a module).",
  } },
  create(context) {
    const filename = context.filename;
    const from = serverPlace(filename);
    if (!from || from.layer === "test") return {};
    const isTest = /\.test\.ts$/.test(filename);
    const rank = (layer) => (layer === "root" ? SERVER_LAYERS.length : SERVER_LAYERS.indexOf(layer));
    const check = (node, source) => {
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const to = serverPlace(path.resolve(path.dirname(filename), source));
      if (!to) return;
      if (to.layer === "test") {
        if (!isTest) context.report({ node, messageId: "testSupport", data: { to: to.name } });
        return;
      }
      const lowest = from.layer === "lib" || from.layer === "db";
      if (from.layer !== "root" && rank(to.layer) > rank(from.layer) && (!isTest || lowest)) {
        context.report({ node, messageId: "upward", data: { from: from.name, to: to.name } });
        return;
      }
      if (to.layer === "modules" && to.module !== from.module && !to.isIndex && !isTest) {
        context.report({ node, messageId: "moduleIndex", data: { to: to.module } });
      }
    };
    return importVisitors(check);
  },
};

/** The repository's own rules, one plugin for both (a plugin name stands for one object). */
const portal = { rules: { "feature-boundaries": featureBoundaries, "server-layers": serverLayers } };

export default tseslint.config(
  {
    ignores: ["**/dist/**", "**/node_modules/**", "**/coverage/**", "e2e/test-results/**", "e2e/playwright-report/**", "e2e/artifacts/**", "**/*.d.ts"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "error",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The web units and the server suite share a worker's modules (isolate: false): a module mocked in
    // one file would be the real one already imported by another. Inject instead, or check the real effect.
    files: ["apps/web/src/**/*.test.{ts,tsx}", "apps/server/src/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", { selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]", message: "Test files share modules (isolate: false): no vi.mock." }],
    },
  },
  {
    // A feature never imports another feature: shared pieces live in components/ or lib/.
    files: ["apps/web/src/features/**/*.{ts,tsx}", "apps/web/src/components/**/*.{ts,tsx}", "apps/web/src/lib/**/*.{ts,tsx}"],
    plugins: { portal },
    rules: { "portal/feature-boundaries": "error" },
  },
  {
    // The server's layers run one way, and modules meet through their index.ts.
    files: ["apps/server/src/**/*.ts"],
    plugins: { portal },
    rules: { "portal/server-layers": "error" },
  },
  {
    // Runs in browsers as well as Node.js: the licence client and the verifier's WebCrypto entry
    // point with what it imports (their tests may use Node).
    files: [
      "packages/license-client/src/**/*.ts",
      "packages/license-verifier/src/{webcrypto,webcrypto-keys,validation-answer-webcrypto,validation-answer-checks,keygen-file-webcrypto,keygen-file-checks,public-key-forms,shape,now,types}.ts",
    ],
    ignores: ["**/*.test.ts", "packages/license-client/src/test/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^node:", message: "Browsers have no Node built-ins: use web APIs (fetch, WebCrypto, TextEncoder)." }] }],
      "no-restricted-globals": ["error", ...["Buffer", "process", "require", "__dirname", "__filename", "global", "setImmediate"].map((name) => ({ name, message: "Not in browsers." }))],
    },
  },
  {
    // Playwright specs and the bench report what they measure.
    files: ["e2e/**"],
    rules: { "no-console": "off" },
  },
  {
    files: ["scripts/**", "bench/**", ".ci/**"],
    rules: { "no-console": "off" },
  },
);
