import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";

/**
 * Credentials a request may carry in its headers, and the fields of the API's bodies and answers
 * that hold a secret. No log line carries them today (Fastify's request serializer logs no headers
 * or bodies); the redaction keeps them out should one ever log headers or a body. A TOTP `code` is
 * not listed: `code` is also every error's field, which diagnostics need.
 * `src/security/secrets.test.ts` greps a whole journey's log for the secrets.
 */
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-license-token"]',
  ...["password", "oldPassword", "newPassword", "otp", "token", "access_token", "licenseToken", "secret", "recoveryCodes"].map((field) => `*.${field}`),
];

/** The server's logger: server.ts writes it to stdout; the secrets test reads it from a stream. */
export function loggerOptions(config: Pick<Config, "LOG_LEVEL">, stream?: { write(line: string): void }): FastifyServerOptions["logger"] {
  return { level: config.LOG_LEVEL, redact: REDACTED_PATHS, ...(stream ? { stream } : {}) };
}
