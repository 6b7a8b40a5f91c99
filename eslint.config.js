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
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
    };
  },
};

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
    // A feature never imports another feature: shared pieces live in components/ or lib/.
    files: ["apps/web/src/features/**/*.{ts,tsx}", "apps/web/src/components/**/*.{ts,tsx}", "apps/web/src/lib/**/*.{ts,tsx}"],
    plugins: { portal: { rules: { "feature-boundaries": featureBoundaries } } },
    rules: { "portal/feature-boundaries": "error" },
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
