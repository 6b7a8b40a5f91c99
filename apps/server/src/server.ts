import { mkdir } from "node:fs/promises";
import path from "node:path";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { SecretBoxError } from "./lib/secret-box.js";
import { KeyVariableRequiredError } from "./lib/key-files.js";
import { loggerOptions } from "./lib/logging.js";
import { openDatabase } from "./db/client.js";
import { migrateDatabase } from "./db/migrate.js";
import { ensureFirstAdmin } from "./db/seed.js";
import { DEMO_CUSTOMER, seedDemo } from "./demo/demo.js";
import { scheduleRecurringJobs } from "./background-jobs.js";
import { sealTotpSecrets } from "./modules/auth/index.js";
import { recoverFileStore } from "./db/stored-files.js";

const FIRST_START_LOCK_ID = 7_340_002;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });

  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL }
      : {
          kind: "pglite",
          dataDir: path.join(config.dataDir, "db"),
          // Without its database thread the server can answer nothing: exit, so a supervisor restarts it.
          onLost: (error) => {
            process.stderr.write(`The embedded database stopped: ${error.message}\n`);
            process.exit(1);
          },
        },
  );
  await migrateDatabase(database);

  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config),
  });

  const { sealed } = await sealTotpSecrets(database.db, app.totpSecrets);
  if (sealed > 0) app.log.info({ accounts: sealed }, "two-factor secrets stored in clear are now encrypted");

  // Several API processes may start at once on one PostgreSQL: one of them creates the first
  // administrator (and the demo data), the others find it done.
  const { firstAdmin, demoLoaded } = await database.withExclusiveLock(FIRST_START_LOCK_ID, async (db) => ({
    firstAdmin: await ensureFirstAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, dataDir: config.dataDir }),
    demoLoaded: config.SEED_DEMO && (await seedDemo(db, { files: app.files, signer: app.signer, mailing: app.mailing })).created,
  }));
  if (firstAdmin.created && firstAdmin.generatedPassword) {
    // Printed once on purpose: this is the only way in on a fresh install without ADMIN_PASSWORD.
    process.stdout.write(
      `\nFirst administrator created.\n  e-mail:   ${firstAdmin.email}\n  password: ${firstAdmin.generatedPassword}\n  (also written to ${firstAdmin.passwordFile}, readable only by you)\n\n`,
    );
  } else if (firstAdmin.created) {
    app.log.info({ email: firstAdmin.email }, "first administrator created from ADMIN_EMAIL/ADMIN_PASSWORD");
  }

  if (demoLoaded) {
    app.log.info({ customer: DEMO_CUSTOMER.email }, "demo catalogue and customer loaded (SEED_DEMO=1)");
  }

  // After a crash (SIGKILL, power loss): what the dead process left half-done in the file store.
  const recovered = await recoverFileStore(database.db, app.files);
  if (recovered.abandonedUploads + recovered.unreferencedFiles > 0) app.log.warn(recovered, "file store: removed what an earlier process left unfinished");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Requests and jobs in flight finish first; an SMTP exchange is bounded by the mailer's timeouts (40 s).
    const forceExit = setTimeout(() => process.exit(1), 60_000);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // Before listening: a process that answers is fully started, so a stop that follows at once (a
  // supervisor's, a test's) never closes the database under this insert ("Failed query: insert into jobs").
  await scheduleRecurringJobs(app.jobs);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { db: database.kind, files: app.files.kind, startupMs: Math.round(performance.now() - startedAt) },
    `portal ready on http://${config.HOST}:${config.PORT}`,
  );
}

main().catch((error: unknown) => {
  // StorageCheckError by its name: lib/s3-file-store (and the AWS SDK) is loaded only when STORAGE_URL is set.
  if (error instanceof ConfigError || error instanceof SecretBoxError || error instanceof KeyVariableRequiredError || (error instanceof Error && error.name === "StorageCheckError")) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    // A failed query's own error (drizzle wraps it) says why.
    if (error instanceof Error && error.cause) process.stderr.write(`Caused by: ${error.cause instanceof Error ? (error.cause.stack ?? error.cause.message) : String(error.cause)}\n`);
  }
  process.exit(1);
});
