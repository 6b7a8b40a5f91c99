import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.test.ts"],
    // The CLI suite compiles the package once (tsc -b) before spawning dist/cli.js.
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});
