import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import formBody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { responseSerializerCompiler } from "./lib/response-serializer.js";
import type { Config } from "./config.js";
import type { DatabaseHandle } from "./db/client.js";
import { authPlugin } from "./plugins/auth.js";
import { compressionPlugin } from "./plugins/compression.js";
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from "./plugins/error-handler.js";
import { jsonBodyPlugin } from "./plugins/json-body.js";
import { openApiPlugin } from "./plugins/openapi.js";
import { securityPlugin } from "./plugins/security.js";
import { webPlugin } from "./plugins/web.js";
import { rateLimitPlugin } from "./plugins/rate-limit.js";
import { refusedBodyPlugin } from "./plugins/refused-body.js";
import { createMailer, OUTBOX_DIRECTORY, type Mailer } from "./lib/mailer.js";
import { LocalFileStore, type FileStore } from "./lib/file-store.js";
import { refusingUnstorableText } from "./lib/storable-text.js";
import { createJobRunner } from "./background-jobs.js";
import { loadSigner, type Signer } from "./lib/signing.js";
import { loadTotpSecretBox, type SecretBox } from "./lib/secret-box.js";
import { auditRoutes } from "./modules/audit/index.js";
import { authRoutes, OidcClient, oidcRoutes, type OidcSettings } from "./modules/auth/index.js";
import { healthRoutes } from "./modules/health/index.js";
import { webConfigRoutes } from "./modules/web-config/index.js";
import { usersRoutes } from "./modules/users/index.js";
import { notificationRoutes } from "./modules/notifications/index.js";
import { catalogueRoutes } from "./modules/catalogue/index.js";
import { projectRoutes } from "./modules/projects/index.js";
import { paymentRoutes } from "./modules/payments/index.js";
import { licenseRoutes } from "./modules/licenses/index.js";
import { ticketRoutes } from "./modules/tickets/index.js";
import { updateRoutes } from "./modules/updates/index.js";
import { dashboardRoutes, ValidationCounter } from "./modules/dashboards/index.js";
import { settingsRoutes } from "./modules/settings/index.js";
import { mfaRoutes } from "./modules/mfa/index.js";
import { faqRoutes } from "./modules/faq/index.js";
import { outboxRoutes } from "./modules/jobs/index.js";
import { closeOrderDocumentRenderer, orderRoutes } from "./modules/orders/index.js";
import { apiTokenRoutes, TokenUsageRecorder } from "./modules/api-tokens/index.js";
import { webhookRoutes } from "./modules/webhooks/index.js";

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions["logger"];
  /** Defaults to SMTP_URL or the DATA_DIR/mail outbox. */
  mailer?: Mailer;
  /** Defaults to LICENSE_SIGNING_KEY or the key kept in DATA_DIR. */
  signer?: Signer;
  /** Defaults to TOTP_ENCRYPTION_KEY or the key kept in DATA_DIR. */
  totpSecrets?: SecretBox;
  /** Run queued jobs (mail) in this process from `ready` until `close` (default true). */
  runJobs?: boolean;
}

export const defaultWebDistDir = fileURLToPath(new URL("../../web/dist", import.meta.url));

const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * TRUST_PROXY as Fastify takes it. A number of proxies becomes "trust that many hops from the
 * socket": Fastify's own number form now trusts none (it cannot tell a proxy from a client that
 * writes the header), so the server must be reachable only through its proxies, as docs/scale-out.md says.
 */
function trustProxyOption(trust: Config["TRUST_PROXY"]): string | false | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}

/** What single sign-on needs from the configuration: undefined unless OIDC_ISSUER (and its client id) is set. */
function oidcSettingsOf(config: Config): OidcSettings | undefined {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID) return undefined;
  return {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    displayName: config.OIDC_DISPLAY_NAME,
    adminGroups: config.OIDC_ADMIN_GROUPS,
    autoApproveDomains: config.OIDC_AUTO_APPROVE_DOMAINS,
    redirectUri: `${config.publicUrl}/api/v1/auth/oidc/callback`,
  };
}

/**
 * The file store STORAGE_URL names (else DATA_DIR/files), checked before the server starts: a bucket
 * that is missing or refuses the credentials stops the start (StorageCheckError), never the first upload.
 */
export async function openFileStore(config: Config): Promise<FileStore> {
  const localRoot = path.join(config.dataDir, "files");
  if (!config.STORAGE_URL) return new LocalFileStore(localRoot);
  // The AWS SDK is loaded only by servers that use it.
  const { S3FileStore } = await import("./lib/s3-file-store.js");
  const store = new S3FileStore({
    ...config.STORAGE_URL,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: config.AWS_ACCESS_KEY_ID, secretAccessKey: config.AWS_SECRET_ACCESS_KEY, sessionToken: config.AWS_SESSION_TOKEN }
        : undefined,
    localRoot,
  });
  await store.check();
  return store;
}

/** The whole API as one Fastify instance; server.ts listens with it, tests call it with inject(). */
export async function buildApp({ config, database, logger = false, mailer, signer, totpSecrets, runJobs = true }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: BODY_LIMIT_BYTES,
    // A request id from outside is not trusted; ours goes back in a header for support.
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON, forms and multipart only; anything else is a 415, not a string body.
  app.removeContentTypeParser("text/plain");
  await app.register(jsonBodyPlugin);
  app.setValidatorCompiler(refusingUnstorableText(validatorCompiler));
  app.setSerializerCompiler(responseSerializerCompiler({ checked: process.env.PORTAL_CHECK_SERIALIZER === "1" }));
  app.decorate("db", database.db);
  app.decorate("dbKind", database.kind);
  app.decorate("preparedQuery", database.preparedQuery);
  app.decorate("config", config);
  // With STORAGE_URL set each process has its own DATA_DIR: keys only from their variables (or a file put there), never made anew.
  const noNewKeyFile = config.STORAGE_URL ? "STORAGE_URL is set" : undefined;
  app.decorate("signer", signer ?? (await loadSigner({ pem: config.LICENSE_SIGNING_KEY, dataDir: config.dataDir, noNewKeyFile })));
  app.decorate("totpSecrets", totpSecrets ?? (await loadTotpSecretBox({ key: config.TOTP_ENCRYPTION_KEY, dataDir: config.dataDir, noNewKeyFile })));
  app.decorate("files", await openFileStore(config));
  app.addHook("onClose", async () => app.files.close());
  if (config.STORAGE_URL && !config.SMTP_URL) {
    app.log.warn("STORAGE_URL is set but SMTP_URL is not: each process writes its e-mail to its own DATA_DIR/mail outbox; set SMTP_URL when running several processes");
  }
  app.decorate("mailer", mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir, logger: app.log }));
  if (!config.SMTP_URL) {
    // The default, and a new customer's first obstacle: their verification link is a file, not a mail.
    app.log.warn(
      { outbox: path.join(config.dataDir, OUTBOX_DIRECTORY) },
      "SMTP_URL is not set: e-mail is not sent but written to the outbox (DATA_DIR/mail); administrators read it in the admin panel's Outbox",
    );
  }
  const mailing = { publicUrl: config.publicUrl, wake: () => app.jobs.wake() };
  app.decorate("mailing", mailing);
  app.decorate("jobs", createJobRunner({ db: database.db, config, mailer: app.mailer, logger: app.log, mailing, secrets: app.totpSecrets }));
  if (runJobs) app.addHook("onReady", async () => app.jobs.start());
  // After the last request has been answered: the jobs in flight finish, nothing new is taken.
  app.addHook("onClose", async () => app.jobs.stop());
  app.decorate("validationCounter", new ValidationCounter(database.db, app.log));
  app.addHook("onReady", async () => app.validationCounter.start());
  // After the last validation has been answered, before the database closes.
  app.addHook("onClose", async () => app.validationCounter.stop());
  app.decorate("apiTokenUsage", new TokenUsageRecorder(database.db, app.log));
  app.addHook("onReady", async () => app.apiTokenUsage.start());
  // After the last call through a token has been answered, before the database closes.
  app.addHook("onClose", async () => app.apiTokenUsage.stop());
  app.addHook("onClose", closeOrderDocumentRenderer);
  app.decorate("oidc", new OidcClient(oidcSettingsOf(config), app.log));
  // Discovered in the background: a provider out of reach never delays or stops the start.
  app.addHook("onReady", async () => {
    void app.oidc.ready();
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(refusedBodyPlugin);
  await app.register(securityPlugin);
  // Before any route: it adds its hook to each route as it is declared.
  await app.register(compressionPlugin);
  await app.register(formBody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(rateLimitPlugin, { redisUrl: config.REDIS_URL });
  await app.register(multipart, { limits: { fileSize: BODY_LIMIT_BYTES, files: 1, fields: 20 } });
  await app.register(openApiPlugin);

  await app.register(
    async (api) => {
      await api.register(authPlugin);
      await api.register(healthRoutes);
      await api.register(webConfigRoutes);
      await api.register(authRoutes);
      await api.register(oidcRoutes);
      await api.register(usersRoutes);
      await api.register(auditRoutes);
      await api.register(notificationRoutes);
      await api.register(catalogueRoutes);
      await api.register(projectRoutes);
      await api.register(paymentRoutes);
      await api.register(licenseRoutes);
      await api.register(orderRoutes);
      await api.register(ticketRoutes);
      await api.register(updateRoutes);
      await api.register(dashboardRoutes);
      await api.register(settingsRoutes);
      await api.register(mfaRoutes);
      await api.register(faqRoutes);
      await api.register(outboxRoutes);
      await api.register(apiTokenRoutes);
      await api.register(webhookRoutes);
    },
    { prefix: "/api/v1" },
  );

  await app.register(webPlugin, {
    webDistDir: config.webDistDir ?? defaultWebDistDir,
  });

  return app;
}
