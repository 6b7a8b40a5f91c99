import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import fp from "fastify-plugin";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { englishOf, errorCatalogue, type ErrorCode, type ErrorEnvelope } from "@portal/contract";
import { AppError, FieldError } from "../lib/app-error.js";

type ErrorItem = ErrorEnvelope["detail"][number];

const validationLocation: Record<string, string> = {
  body: "body",
  querystring: "query",
  params: "path",
  headers: "header",
};

const codeByStatus: Record<number, ErrorCode> = {
  400: "common/bad_request",
  401: "auth/not_authenticated",
  403: "auth/forbidden",
  404: "common/not_found",
  405: "common/method_not_allowed",
  409: "common/conflict",
  413: "common/payload_too_large",
  415: "common/unsupported_media_type",
  422: "common/validation",
  429: "common/rate_limited",
  503: "common/unavailable",
};

/** `field`: the request field the refusal concerns, after the code (`["update/not_a_zip", "backend"]`). */
export function domainError(code: ErrorCode, msg?: string, field?: string): ErrorEnvelope {
  return { detail: [{ loc: field === undefined ? [code] : [code, field], msg: msg ?? errorCatalogue[code].message, type: errorCatalogue[code].type }] };
}

function sendDomainError(reply: FastifyReply, code: ErrorCode, msg?: string) {
  return reply.status(errorCatalogue[code].status).send(domainError(code, msg));
}

function zodIssuesToItems(
  context: string,
  issues: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[],
  request: FastifyRequest,
): ErrorItem[] {
  const location = validationLocation[context] ?? context;
  return issues.flatMap((issue): ErrorItem[] => {
    const path = issue.instancePath.split("/").filter(Boolean).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    if (issue.keyword === "unrecognized_keys" && Array.isArray(issue.params.keys)) {
      return (issue.params.keys as string[]).map((key) => ({
        loc: [location, ...path, key],
        msg: `Unknown field "${key}"`,
        type: "error",
      }));
    }
    if (path.length === 0 && issue.keyword === "invalid_type") {
      const received = context === "body" ? request.body : undefined;
      const msg =
        received === undefined || received === null
          ? `Request ${location} is required`
          : `Request ${location} must be an object`;
      return [{ loc: [location], msg, type: "error" }];
    }
    // The contract's schemas give message keys; a 422 says them in English (zod's own messages already are).
    return [{ loc: [location, ...path], msg: issue.message ? englishOf(issue.message) : "Invalid value", type: "error" }];
  });
}

/**
 * Fastify answers a URL its router cannot take (a path parameter over `maxParamLength`, broken
 * percent-encoding) before any route, hook or error handler runs, in a body of its own. Both are a
 * path the client got wrong: the 422 a path parameter that fails its schema gets.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const msg = { FST_ERR_MAX_PARAM_LENGTH: "A path parameter is too long", FST_ERR_BAD_URL: "The path is not valid URL encoding" }[error.code];
  if (msg) return reply.status(422).send({ detail: [{ loc: ["path"], msg, type: "error" }] } satisfies ErrorEnvelope);
  request.log.error({ err: error }, "router error");
  return sendDomainError(reply, "common/internal");
}

/** How long a socket refused by the HTTP parser stays open after its answer, for the client to read it. */
const CLIENT_ERROR_LINGER_MS = 1_000;

/**
 * Node's HTTP parser refuses some requests before Fastify sees them: headers or a URL past the 16 KB
 * header limit (431), a request too slow to arrive (408), bytes that are not HTTP (400). Fastify's
 * own answer to them had a body of its own: this one is the contract's envelope, like every other.
 * The socket is ended rather than destroyed, so the answer is not overtaken by a reset.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, msg]: [number, ErrorCode, string] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "common/payload_too_large", "The request's headers or URL are too large."]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "common/bad_request", "The request took too long to arrive."]
        : [400, "common/bad_request", "The request could not be read as HTTP."];
  this.log.debug({ err: error }, "client error");
  if (socket.writable) {
    const body = JSON.stringify(domainError(code, msg));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}

/** The one place every failure becomes the contract's `detail` envelope; nothing internal leaks. */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        reply.headers(error.headers);
        return reply.status(error.status).send(domainError(error.code, error.message, error.field));
      }
      if (error instanceof FieldError) {
        return reply.status(422).send({ detail: [{ loc: [error.location, ...[error.field].flat()], msg: englishOf(error.message), type: "error" }] });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const items = zodIssuesToItems(error.validationContext ?? "body", error.validation, request);
        return reply.status(422).send({ detail: items });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, "response did not match its schema");
        return sendDomainError(reply, "common/internal");
      }
      const status = typeof error.statusCode === "number" ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const code = codeByStatus[status] ?? "common/bad_request";
        if (status === 400 && error.code?.startsWith("FST_ERR_CTP")) {
          return sendDomainError(reply, code, "The request body could not be read: it is empty or not valid for its content type.");
        }
        return sendDomainError(reply, code);
      }
      request.log.error({ err: error }, "unhandled error");
      return sendDomainError(reply, status === 503 ? "common/unavailable" : "common/internal");
    });
  },
  { name: "error-handler" },
);
