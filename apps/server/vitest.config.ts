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
