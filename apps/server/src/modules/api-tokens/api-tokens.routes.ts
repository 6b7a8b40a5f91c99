import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiTokenBodySchema, apiTokenCreatedSchema, apiTokenListQuerySchema, apiTokenListSchema, apiTokenSchema, successEnvelope, uuidParam } from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { currentUser } from "../../plugins/auth.js";
import { refusals } from "../../plugins/openapi.js";
import { createApiToken, listApiTokens, revokeApiToken } from "./api-tokens.service.js";

const tags = ["API tokens"];
// A token never manages tokens: a leaked one could otherwise make itself a successor that outlives its revocation.
const signedInOnly = { scope: "none" as const };

export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api-tokens",
    {
      config: signedInOnly,
      schema: {
        tags,
        operationId: "createApiToken",
        summary: "Create an API token for myself; its secret is answered this once",
        description:
          "Scopes: `read` (every GET I may call), `licenses:write`, `tickets:write`, and for administrators `users:write`, `catalogue:write`, `updates:write`, `webhooks:write`, `audit:read`. Only the secret's SHA-256 is kept. At most 50 live tokens per user. Audited; I am notified.",
        body: apiTokenBodySchema,
        response: { 201: successEnvelope(apiTokenCreatedSchema), ...refusals("token/invalid_scope", "token/limit_reached") },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ status: "success" as const, data: await createApiToken(app.db, currentUser(request.user), request.body, requestContext(request), app.mailing) }),
  );

  app.get(
    "/api-tokens",
    {
      config: signedInOnly,
      schema: {
        tags,
        operationId: "listApiTokens",
        summary: "My API tokens, newest first (never a secret)",
        description: "`userId` (administrators): another user's tokens; anybody else naming another user gets 404. The newest 200, live or not.",
        querystring: apiTokenListQuerySchema,
        response: { 200: successEnvelope(apiTokenListSchema), ...refusals("common/not_found") },
      },
    },
    async (request) => ({ status: "success" as const, data: await listApiTokens(app.db, currentUser(request.user), request.query.userId) }),
  );

  app.delete(
    "/api-tokens/:id",
    {
      config: signedInOnly,
      schema: {
        tags,
        operationId: "revokeApiToken",
        summary: "Revoke an API token at once (its owner or an administrator; idempotent)",
        params: uuidParam,
        response: { 200: successEnvelope(apiTokenSchema), ...refusals("token/not_found") },
      },
    },
    async (request) => ({ status: "success" as const, data: await revokeApiToken(app.db, currentUser(request.user), request.params.id, requestContext(request), app.mailing) }),
  );
};
