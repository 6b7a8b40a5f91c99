import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { errorCatalogue, errorEnvelopeSchema, type ErrorCode } from "@portal/contract";

/** A refusal an operation can answer: an error code, with its status when the code is sent with another one. */
export type Refusal = ErrorCode | { code: ErrorCode; status: number };

interface ErrorAnswer {
  description: string;
  content: { "application/json": { schema: typeof errorEnvelopeSchema } };
  [refusalsKey]: Refusal[];
}

/** Kept on each documented error answer so that the answers derived from a route's config merge with them. */
const refusalsKey = Symbol("refusals");

const refusalStatus = (refusal: Refusal) => (typeof refusal === "string" ? errorCatalogue[refusal].status : refusal.status);
const refusalCode = (refusal: Refusal) => (typeof refusal === "string" ? refusal : refusal.code);

function describeRefusal(refusal: Refusal): string {
  const code = refusalCode(refusal);
  if (code === "common/validation") {
    return '- a field is missing or invalid: `loc` is `["body"|"query"|"path", field, …]` and `msg` says what is wrong';
  }
  return `- \`${code}\`: ${errorCatalogue[code].message}`;
}

function errorAnswer(list: Refusal[]): ErrorAnswer {
  const unique = list.filter((refusal, index) => list.findIndex((other) => refusalCode(other) === refusalCode(refusal)) === index);
  return {
    description: unique.map(describeRefusal).join("\n"),
    content: { "application/json": { schema: errorEnvelopeSchema } },
    [refusalsKey]: unique,
  };
}

/**
 * The error answers of an operation, grouped by status, each with the shared ErrorEnvelope schema and
 * the codes it can carry. Spread it into `schema.response` next to the success answer. Refusals that
 * follow from the route's config (login, admin, validation, body parsing, rate limit) are added by the
 * plugin below, so list only what the handler and its services throw.
 */
export function refusals(...list: Refusal[]): Record<number, ErrorAnswer> {
  const byStatus = new Map<number, Refusal[]>();
  for (const refusal of list) byStatus.set(refusalStatus(refusal), [...(byStatus.get(refusalStatus(refusal)) ?? []), refusal]);
  return Object.fromEntries([...byStatus].map(([status, group]) => [status, errorAnswer(group)]));
}

/** What every route under /api/v1 can answer because of how it is declared, whatever its handler does. */
function refusalsFromDeclaration(route: RouteOptions): Refusal[] {
  const schema = route.schema ?? {};
  const access = route.config?.access ?? "user";
  const list: Refusal[] = [];
  // plugins/auth.ts: no, unknown, revoked or expired token, or a session of an account locked since.
  if (access !== "public") list.push("auth/not_authenticated", "auth/token_expired", "auth/account_locked");
  // plugins/auth.ts: an API token without the route's scope (`x-token-scope`; "none" refuses every token).
  if (access !== "public") list.push("token/insufficient_scope");
  if (access === "admin") list.push("auth/forbidden");
  if (access === "license") list.push("license/invalid_token");
  // Fastify reads every body: unreadable (400), over the body limit (413), of a type the API does not speak (415).
  if (schema.body) list.push("common/bad_request", "common/payload_too_large", "common/unsupported_media_type");
  if (schema.body || schema.querystring || schema.params) list.push("common/validation");
  if (route.config?.rateLimit) list.push("common/rate_limited");
  return list;
}

function withDerivedRefusals(route: RouteOptions): Record<string, unknown> {
  const response: Record<string, unknown> = { ...(route.schema?.response as Record<string, unknown> | undefined) };
  for (const [status, answer] of Object.entries(refusals(...refusalsFromDeclaration(route)))) {
    const declared = response[status] as Partial<ErrorAnswer> | undefined;
    response[status] = errorAnswer([...answer[refusalsKey], ...(declared?.[refusalsKey] ?? [])]);
  }
  return response;
}

/** OpenAPI 3.1 generated from the same zod schemas that validate requests; docs/openapi.json is its committed copy. */
export const openApiPlugin = fp(
  async (app) => {
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith("/api/v1/") || !route.schema || route.schema.hide) return;
      route.schema = { ...route.schema, response: withDerivedRefusals(route) };
    });

    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Licence portal API",
          version: "1",
          description:
            "Every answer is `{status:\"success\",data}` or `{detail:[{loc,msg,type}]}` (the ErrorEnvelope); a domain error puts its code first in `loc`.",
        },
        // Relative: the API is wherever the portal that serves this document is (PUBLIC_URL).
        servers: [{ url: "/", description: "The portal serving this document" }],
        components: {
          securitySchemes: {
            bearer: { type: "http", scheme: "bearer", description: "A session's `access_token` from `POST /api/v1/auth/token`, limited only by the user's role" },
            apiToken: {
              type: "http",
              scheme: "bearer",
              bearerFormat: "pt_ + 43 base64url characters",
              description:
                "An API token (`pt_…`, made with `POST /api/v1/api-tokens`) speaks for its owner, limited to its scopes: an operation lists the scope it needs in its security requirement and in `x-token-scope` (`none`: never through a token). A token without it is refused with 403 `token/insufficient_scope` before the body is read.",
            },
            licenseToken: {
              type: "apiKey",
              in: "header",
              name: "X-License-Token",
              description: "The short-lived licence token `POST /api/v1/req/auth` answers (30 minutes), for installers that list and download updates unattended",
            },
          },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { deepLinking: true } });

    app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
