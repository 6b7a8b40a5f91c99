import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  billingAddressBodySchema,
  billingAddressSchema,
  pageOf,
  paymentMethodBodySchema,
  paymentMethodSchema,
  successEnvelope,
  uuidParam,
  type PaymentMethodBody,
} from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { currentUser } from "../../plugins/auth.js";
import { addPaymentMethod, deletePaymentMethod, getBillingAddress, listPaymentMethods, saveBillingAddress } from "./payments.service.js";
import { refusals } from "../../plugins/openapi.js";

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/payment-methods",
    { config: { scope: "read" }, schema: { tags: ["payments"], operationId: "listPaymentMethods", summary: "My cards, default first", response: { 200: successEnvelope(pageOf(paymentMethodSchema)) } } },
    async (request) => ({ status: "success" as const, data: await listPaymentMethods(app.db, currentUser(request.user).id) }),
  );
  app.post(
    "/payment-methods",
    {
      config: { scope: "none" },
      schema: {
        tags: ["payments"],
        operationId: "addPaymentMethod",
        summary: "Save a card's display details; a body with the full number or security code is refused",
        body: paymentMethodBodySchema,
        response: { 201: successEnvelope(paymentMethodSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: "success" as const,
        data: await addPaymentMethod(app.db, currentUser(request.user).id, request.body as PaymentMethodBody, requestContext(request)),
      }),
  );
  app.delete(
    "/payment-methods/:id",
    {
      config: { scope: "none" },
      schema: {
        tags: ["payments"],
        operationId: "deletePaymentMethod",
        summary: "Remove one of my cards",
        params: uuidParam,
        response: { 200: successEnvelope(z.object({ deleted: z.literal(true) })), ...refusals("common/not_found") },
      },
    },
    async (request) => {
      await deletePaymentMethod(app.db, currentUser(request.user).id, request.params.id, requestContext(request));
      return { status: "success" as const, data: { deleted: true as const } };
    },
  );
  app.get(
    "/billing-address",
    { config: { scope: "read" }, schema: { tags: ["payments"], operationId: "getBillingAddress", summary: "My billing address (null until saved)", response: { 200: successEnvelope(billingAddressSchema) } } },
    async (request) => ({ status: "success" as const, data: await getBillingAddress(app.db, currentUser(request.user).id) }),
  );
  app.put(
    "/billing-address",
    {
      config: { scope: "none" }, schema: { tags: ["payments"], operationId: "saveBillingAddress", summary: "Save my billing address and tax location", body: billingAddressBodySchema, response: { 200: successEnvelope(billingAddressSchema) } },
    },
    async (request) => ({
      status: "success" as const,
      data: await saveBillingAddress(app.db, currentUser(request.user).id, request.body, requestContext(request), app.config.TAX_RATES),
    }),
  );
};
