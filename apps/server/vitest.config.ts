import { defineConfig } from "vitest/config";

// Every integration test runs on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  // Workspace packages are tested from their TypeScript source, never from a stale build.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } },
  test: {
    server: { deps: { inline: [/@portal\//] } },
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        include: ["src/**/*.test.ts"],
        env: { TEST_DATABASE: database },
        globalSetup: ["src/test/global-setup.ts"],
        setupFiles: ["src/test/setup.ts"],
        testTimeout: 30_000,
        hookTimeout: 60_000,
        pool: "forks",
      },
    })),
  },
});
