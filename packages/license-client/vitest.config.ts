import { defineConfig } from "vitest/config";

// The client is tested against the real server, built in each test file on 127.0.0.1 with its own
// embedded PGlite database (apps/server's test helpers: a copy of one migrated template per file).
export default defineConfig({
  // Workspace packages from their TypeScript source, never from a stale build.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } },
  test: {
    environment: "node",
    include: ["src/**/*.test.ts"],
    server: { deps: { inline: [/@portal\//] } },
    env: { TEST_DATABASE: "pglite" },
    globalSetup: ["../../apps/server/src/test/global-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
