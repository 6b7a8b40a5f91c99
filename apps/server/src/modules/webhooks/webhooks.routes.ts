import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  successEnvelope,
  uuidParam,
  webhookDeliveryListQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointBodySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListQuerySchema,
  webhookEndpointPageSchema,
  webhookEndpointPatchSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { refusals } from "../../plugins/openapi.js";
import { getEndpoint, listDeliveries, listEndpoints } from "./webhooks.queries.js";
import { createEndpoint, deleteEndpoint, retryDelivery, rotateSecret, sendTestEvent, updateEndpoint, type WebhookDeps } from "./webhooks.service.js";

const tags = ["webhooks"];
const read = { access: "admin", scope: "read" } as const;
const write = { access: "admin", scope: "webhooks:write" } as const;

/** Webhooks (admin): the endpoints the vendor's systems register, their deliveries, retries and test events. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): WebhookDeps => ({
    db: app.db,
    secrets: app.totpSecrets,
    allowHttp: app.config.WEBHOOK_ALLOW_HTTP,
    allowPrivateNetworks: app.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    wake: () => app.jobs.wake(),
  });
  const urlRefusals = ["webhook/insecure_url", "webhook/forbidden_address", "webhook/unknown_event"] as const;

  app.post(
    "/webhook-endpoints",
    {
      config: write,
      schema: {
        tags,
        operationId: "createWebhookEndpoint",
        summary: "Register a webhook endpoint; its signing secret is shown this once",
        body: webhookEndpointBodySchema,
        response: { 201: successEnvelope(webhookEndpointCreatedSchema), ...refusals(...urlRefusals) },
      },
    },
    async (request, reply) => reply.status(201).send({ status: "success" as const, data: await createEndpoint(deps(), request.body, requestContext(request)) }),
  );
  app.get(
    "/webhook-endpoints",
    { config: read, schema: { tags, operationId: "listWebhookEndpoints", summary: "Webhook endpoints, paged", querystring: webhookEndpointListQuerySchema, response: { 200: successEnvelope(webhookEndpointPageSchema) } } },
    async (request) => ({ status: "success" as const, data: await listEndpoints(app.db, request.query) }),
  );
  app.get(
    "/webhook-endpoints/:id",
    { config: read, schema: { tags, operationId: "getWebhookEndpoint", summary: "One webhook endpoint", params: uuidParam, response: { 200: successEnvelope(webhookEndpointSchema), ...refusals("webhook/not_found") } } },
    async (request) => ({ status: "success" as const, data: await getEndpoint(app.db, request.params.id) }),
  );
  app.patch(
    "/webhook-endpoints/:id",
    {
      config: write,
      schema: {
        tags,
        operationId: "updateWebhookEndpoint",
        summary: "Change a webhook endpoint's URL, events, description or state (disabling it stops its waiting deliveries)",
        params: uuidParam,
        body: webhookEndpointPatchSchema,
        response: { 200: successEnvelope(webhookEndpointSchema), ...refusals("webhook/not_found", ...urlRefusals) },
      },
    },
    async (request) => ({ status: "success" as const, data: await updateEndpoint(deps(), request.params.id, request.body, requestContext(request)) }),
  );
  app.delete(
    "/webhook-endpoints/:id",
    {
      config: write,
      schema: {
        tags,
        operationId: "deleteWebhookEndpoint",
        summary: "Delete a webhook endpoint and every delivery waiting for it",
        params: uuidParam,
        response: { 200: successEnvelope(z.object({ deleted: z.literal(true) })), ...refusals("webhook/not_found") },
      },
    },
    async (request) => {
      await deleteEndpoint(deps(), request.params.id, requestContext(request));
      return { status: "success" as const, data: { deleted: true as const } };
    },
  );
  app.post(
    "/webhook-endpoints/:id/rotate-secret",
    {
      config: write,
      schema: {
        tags,
        operationId: "rotateWebhookSecret",
        summary: "A new signing secret, shown this once; the old one keeps signing beside it for 24 hours",
        params: uuidParam,
        response: { 200: successEnvelope(webhookSecretSchema), ...refusals("webhook/not_found") },
      },
    },
    async (request) => ({ status: "success" as const, data: await rotateSecret(deps(), request.params.id, requestContext(request)) }),
  );
  app.post(
    "/webhook-endpoints/:id/test",
    {
      config: write,
      schema: {
        tags,
        operationId: "sendWebhookTest",
        summary: "Queue a webhook.test event for this endpoint only",
        params: uuidParam,
        response: { 202: successEnvelope(webhookDeliverySchema), ...refusals("webhook/not_found") },
      },
    },
    async (request, reply) => reply.status(202).send({ status: "success" as const, data: await sendTestEvent(deps(), request.params.id, requestContext(request)) }),
  );
  app.get(
    "/webhook-endpoints/:id/deliveries",
    {
      config: read,
      schema: {
        tags,
        operationId: "listWebhookDeliveries",
        summary: "A webhook endpoint's deliveries, paged; filters status and type",
        params: uuidParam,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: successEnvelope(webhookDeliveryPageSchema), ...refusals("webhook/not_found") },
      },
    },
    async (request) => ({ status: "success" as const, data: await listDeliveries(app.db, request.params.id, request.query) }),
  );
  app.post(
    "/webhook-deliveries/:id/retry",
    {
      config: write,
      schema: {
        tags,
        operationId: "retryWebhookDelivery",
        summary: "Queue one more attempt of a delivery, now",
        params: uuidParam,
        response: { 202: successEnvelope(webhookDeliverySchema), ...refusals("webhook/delivery_not_found") },
      },
    },
    async (request, reply) => reply.status(202).send({ status: "success" as const, data: await retryDelivery(deps(), request.params.id, requestContext(request)) }),
  );
};
