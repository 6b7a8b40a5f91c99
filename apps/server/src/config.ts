import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_TAX_RATES, PASSWORD_MAX_LENGTH, countryCodes, UPDATE_LIMITS, meetsPasswordRequirements } from "@portal/contract";
import { LOG_LEVELS } from "./lib/logging.js";
import { isLoopbackHost } from "./lib/outbound-address.js";
import { parseSecretBoxKey } from "./lib/secret-box.js";
import { parseStorageUrl } from "./lib/storage-url.js";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

// proxy-addr's names for address ranges, accepted in a TRUST_PROXY list.
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * Which hops' X-Forwarded-For entries to believe (Fastify's `trustProxy`): false, a number of proxies
 * in front of the server, or the proxies' addresses. `1`/`true` means the one proxy in front: the
 * client address is the last one it appended, whatever the client itself put in the header (trusting
 * every hop would take the first entry, which any client can write and so escape the rate limits).
 */
function parseTrustProxy(value: string): false | number | string | undefined {
  if (value === "" || value === "0" || value === "false") return false;
  if (value === "true") return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (NAMED_RANGES.has(entry)) return true;
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  });
  return valid ? entries.join(",") : undefined;
}

/** "TR:20,US:10" → tax in basis points per country (TR → 2000); undefined when any pair is malformed. */
export function parseTaxRates(value: string): ReadonlyMap<string, number> | undefined {
  const rates = new Map<string, number>();
  if (value === "") return rates;
  for (const pair of value.split(",")) {
    const match = /^\s*([A-Za-z]{2})\s*:\s*(\d{1,3}(?:\.\d{1,2})?)\s*$/.exec(pair);
    if (!match) return undefined;
    const country = match[1]!.toUpperCase();
    const basisPoints = Math.round(Number(match[2]) * 100);
    if (!(countryCodes as readonly string[]).includes(country) || basisPoints > 10_000) return undefined;
    rates.set(country, basisPoints);
  }
  return rates;
}

/** "a, b,,c" → ["a", "b", "c"]. */
function commaList(value: string): string[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: "must be a valid e-mail address" }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z
      .string()
      .max(PASSWORD_MAX_LENGTH)
      .refine(meetsPasswordRequirements, {
        error: "must have at least 8 characters with a letter, a number and a special character",
      })
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
  MAIL_FROM: z.string().trim().min(3).default("Licence Portal <no-reply@portal.local>"),
  MAIL_RETRY_MIN_SECONDS: z.coerce.number().min(0.01).max(86_400).default(30),
  MAIL_GIVE_UP_AFTER_HOURS: z.coerce.number().min(0).max(720).default(48),
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).optional()),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" }).optional()),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  VALIDATE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(1200),
  DEMO_REQUEST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(5),
  VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(120),
  LICENSE_SIGNING_KEY: optionalText,
  TOTP_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => parseSecretBoxKey(value) !== undefined, { error: "must be 32 bytes as 64 hex characters or base64" })
      .optional(),
  ),
  // Unset: files in DATA_DIR/files. s3://BUCKET/PREFIX: every stored file in S3-compatible object storage.
  STORAGE_URL: optionalText.transform((value, context) => {
    if (value === undefined) return undefined;
    const location = parseStorageUrl(value);
    if (!location) {
      context.addIssue({ code: "custom", message: "must be s3://BUCKET/PREFIX (a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens; the prefix optional)" });
      return z.NEVER;
    }
    return location;
  }),
  // The S3-compatible service's address (MinIO, Ceph, R2…); unset: AWS S3 of S3_REGION.
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).optional()),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  // 1: path-style requests (endpoint/bucket/key), as most S3-compatible services want.
  S3_FORCE_PATH_STYLE: z
    .enum(["", "0", "1", "true", "false"])
    .default("")
    .transform((value) => value === "1" || value === "true"),
  // The standard AWS variables; unset, the AWS SDK looks for credentials its own way (an instance role, say).
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
  // Per uploaded update file (backend.zip, frontend.zip, each extra), in bytes.
  UPDATE_MAX_FILE_BYTES: z.coerce.number().int().min(1024).max(Number.MAX_SAFE_INTEGER).default(UPDATE_LIMITS.defaultMaxFileBytes),
  // What one uploaded ZIP may expand to, counted in inflated bytes (the ZIP bomb bound).
  UPDATE_MAX_EXPANDED_BYTES: z.coerce.number().int().min(1024).max(Number.MAX_SAFE_INTEGER).default(8 * 1024 * 1024 * 1024),
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(525_600).default(480),
  SEED_DEMO: z
    .enum(["", "0", "1", "true", "false"])
    .default("")
    .transform((value) => value === "1" || value === "true"),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  TRUST_PROXY: z
    .string()
    .trim()
    .default("")
    .transform((value, context) => {
      const trust = parseTrustProxy(value);
      if (trust === undefined) {
        context.addIssue({ code: "custom", message: "must be 0, 1 (or true), a number of proxies, or proxy addresses / CIDR ranges separated by commas" });
        return z.NEVER;
      }
      return trust;
    }),
  WEB_DIST_DIR: optionalText,
  SUPPORT_URL: z
    .string()
    .trim()
    .default("https://support.example.com/")
    .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" })),
  // Tax by the billing address's country, in percent: "TR:20,US:10,DE:19"; countries not listed pay none.
  TAX_RATES: z
    .string()
    .trim()
    .default(DEFAULT_TAX_RATES)
    .transform((value, context) => {
      const rates = parseTaxRates(value);
      if (rates === undefined) {
        context.addIssue({ code: "custom", message: "must be COUNTRY:PERCENT pairs separated by commas, e.g. TR:20,US:10 (percent 0 to 100, at most two decimals)" });
        return z.NEVER;
      }
      return rates;
    }),
  // The seller printed on offers and invoices.
  COMPANY_NAME: z.string().trim().min(1).default("Licence Portal"),
  COMPANY_ADDRESS: z.string().trim().default(""),
  COMPANY_TAX_ID: z.string().trim().default(""),
  COMPANY_EMAIL: optionalText.pipe(z.email({ error: "must be a valid e-mail address" }).optional()),
  // Webhooks: a failed delivery is retried after WEBHOOK_RETRY_MIN_SECONDS, doubling up to an hour apart,
  // until WEBHOOK_GIVE_UP_AFTER_HOURS; an endpoint failing everything for WEBHOOK_DISABLE_AFTER_HOURS is disabled.
  WEBHOOK_RETRY_MIN_SECONDS: z.coerce.number().min(0.01).max(86_400).default(30),
  WEBHOOK_GIVE_UP_AFTER_HOURS: z.coerce.number().min(0).max(720).default(24),
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().min(0).max(8760).default(72),
  // 1: http:// endpoints are accepted too (else only https://).
  WEBHOOK_ALLOW_HTTP: z
    .enum(["", "0", "1", "true", "false"])
    .default("")
    .transform((value) => value === "1" || value === "true"),
  // 1: endpoints may be on loopback, private and link-local addresses (tests, on-premise receivers).
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z
    .enum(["", "0", "1", "true", "false"])
    .default("")
    .transform((value) => value === "1" || value === "true"),
  // Single sign-on with OpenID Connect: OIDC_ISSUER turns it on (https://, or http:// on loopback only).
  OIDC_ISSUER: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an https:// URL (http:// only on 127.0.0.1, ::1 or localhost)" })
      .refine((value) => new URL(value).protocol === "https:" || isLoopbackHost(new URL(value).hostname), {
        error: "must be an https:// URL (http:// only on 127.0.0.1, ::1 or localhost)",
      })
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_DISPLAY_NAME: z.string().trim().min(1).max(60).default("Single sign-on"),
  // Groups (of the `groups` claim) whose members are administrators; unset: SSO never grants admin.
  OIDC_ADMIN_GROUPS: z.string().trim().default("").transform(commaList),
  // E-mail domains whose new SSO accounts are active at once; the others wait for approval.
  OIDC_AUTO_APPROVE_DOMAINS: z
    .string()
    .trim()
    .default("")
    .transform((value) => commaList(value).map((domain) => domain.toLowerCase().replace(/^@/, ""))),
  // Set by npm to the folder `npm start` was typed in; relative paths are taken from there.
  INIT_CWD: optionalText,
});

const checkedConfigSchema = configSchema.superRefine((config, context) => {
  if (config.OIDC_ISSUER && !config.OIDC_CLIENT_ID) {
    context.addIssue({ code: "custom", path: ["OIDC_CLIENT_ID"], message: "is required when OIDC_ISSUER is set" });
  }
});

export type Config = z.output<typeof configSchema> & {
  /** DATA_DIR made absolute: relative to the folder npm was started in (`npm start` at the repository's root: its ./data), else to the working directory. */
  dataDir: string;
  /** WEB_DIST_DIR made absolute the same way, when set. */
  webDistDir: string | undefined;
  /** Where links in e-mails point: PUBLIC_URL, or this server's own address. */
  publicUrl: string;
};

export class ConfigError extends Error {}

/** Reads every setting once; a bad value stops the start with the variable's name and what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const { PUBLIC_URL, HOST, PORT, INIT_CWD, DATA_DIR, WEB_DIST_DIR, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY } = parsed.data;
  if ((AWS_ACCESS_KEY_ID === undefined) !== (AWS_SECRET_ACCESS_KEY === undefined)) {
    const missing = AWS_ACCESS_KEY_ID === undefined ? "AWS_ACCESS_KEY_ID" : "AWS_SECRET_ACCESS_KEY";
    throw new ConfigError(`Invalid configuration:\n  ${missing}: must be set too when ${missing === "AWS_ACCESS_KEY_ID" ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID"} is set`);
  }
  const publicUrl = (PUBLIC_URL ?? `http://${HOST.includes(":") ? `[${HOST}]` : HOST}:${PORT}`).replace(/\/+$/, "");
  // `npm start` runs the server in apps/server: without this a relative DATA_DIR landed in
  // apps/server/data, not in the ./data the README names beside the command.
  const startedIn = INIT_CWD ?? process.cwd();
  return {
    ...parsed.data,
    dataDir: path.resolve(startedIn, DATA_DIR),
    webDistDir: WEB_DIST_DIR === undefined ? undefined : path.resolve(startedIn, WEB_DIST_DIR),
    publicUrl,
  };
}
