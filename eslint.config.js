import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
    files: ["apps/web/src/features/*/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+features/",
              message: "A feature must not import another feature; move the shared piece to components/ or lib/.",
            },
            {
              regex: "^@/features/",
              message: "A feature must not import another feature; move the shared piece to components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**", "bench/**", ".ci/**"],
    rules: { "no-console": "off" },
  },
);
