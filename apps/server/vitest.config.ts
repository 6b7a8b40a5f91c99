import os from "node:os";
import { defineConfig } from "vitest/config";

// Every integration test runs on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set;
// PORTAL_SERVER_DATABASES=postgres (or pglite) runs one of them (CI tests each in one of its passes).
const databases = (process.env.PORTAL_SERVER_DATABASES?.split(",") ?? ["pglite", "postgres"]).filter(
  (database) => database === "pglite" || (database === "postgres" && process.env.TEST_DATABASE_URL),
);

export default defineConfig({
  // Workspace packages are tested from their TypeScript source, never from a stale build.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } },
  test: {
    server: { deps: { inline: [/@portal\//] } },
    // Vitest's default is one worker less than the cores: one on CI's 2-core machine, where a file
    // spends much of its time waiting on PostgreSQL, on PGlite's worker thread or on the clock. Each
    // file has a database of its own, so two run side by side: PostgreSQL 253 s → 159 s, PGlite about
    // 425 s → 268 s for the same 727 tests.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
        // Files of a worker share its modules (each still has its own app and database): importing the
        // server anew for each of 70 files took 117 s of the 600 worker-seconds. On a 2-core machine:
        // PostgreSQL 327 → 234 s, PGlite 504 → 415 s, every test passing. No file mocks a module
        // (ESLint forbids vi.mock in tests) or leaves fake timers, spies or environment changes behind.
        isolate: false,
      },
    })),
  },
});
