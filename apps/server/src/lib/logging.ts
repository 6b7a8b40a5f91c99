import { DrizzleQueryError } from "drizzle-orm/errors";
import type { FastifyServerOptions } from "fastify";

/**
 * Credentials a request may carry in its headers, and the fields of the API's bodies and answers
 * that hold a secret. No log line carries them today (Fastify's request serializer logs no headers
 * or bodies); the redaction keeps them out should one ever log headers or a body. A TOTP `code` is
 * not listed: `code` is also every error's field, which diagnostics need.
 * `src/test/security/secrets.test.ts` greps a whole journey's log for the secrets.
 */
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-license-token"]',
  ...["password", "oldPassword", "newPassword", "otp", "token", "access_token", "licenseToken", "secret", "recoveryCodes"].map((field) => `*.${field}`),
];

/**
 * An error as a log line carries it: type, message, stack, its own fields and its cause — except a
 * failed query's parameters. Drizzle puts them in the message ("params: …"), and an unexpected
 * database error (logged with the 500 it becomes) would then write a password hash, a token's hash
 * or a sealed secret into the log.
 */
export function serializeError(error: Error): { [field: string]: unknown; type: string; message: string; stack: string } {
  const { params, cause, ...fields } = { ...error } as Record<string, unknown>;
  const withoutParams = error instanceof DrizzleQueryError;
  const message = withoutParams ? `Failed query: ${error.query}` : error.message;
  return {
    ...fields,
    ...(params === undefined || withoutParams ? {} : { params }),
    ...(cause === undefined ? {} : { cause: cause instanceof Error ? serializeError(cause) : cause }),
    type: error.name,
    message,
    stack: (withoutParams ? error.stack?.replace(error.message, message) : error.stack) ?? "",
  };
}

/** The levels LOG_LEVEL may name (config.ts checks it against them). */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The server's logger: server.ts writes it to stdout; the secrets test reads it from a stream. */
export function loggerOptions(config: { LOG_LEVEL: (typeof LOG_LEVELS)[number] }, stream?: { write(line: string): void }): FastifyServerOptions["logger"] {
  return { level: config.LOG_LEVEL, redact: REDACTED_PATHS, serializers: { err: serializeError }, ...(stream ? { stream } : {}) };
}
