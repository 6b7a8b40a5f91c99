import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  orderBodySchema,
  orderCancelBodySchema,
  orderListQuerySchema,
  orderMarkPaidBodySchema,
  orderOfferBodySchema,
  orderSchema,
  pageOf,
  successEnvelope,
  uuidParam,
} from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { currentUser } from "../../plugins/auth.js";
import { refusals } from "../../plugins/openapi.js";
import { getOrder, listOrders } from "./orders.queries.js";
import { acceptOrder, cancelOrder, createOrder, makeOffer, markOrderPaid, orderDocument, type OrderSettings } from "./orders.service.js";

const admin = { access: "admin" as const };
const tags = ["orders"];
const orderAnswer = { 200: successEnvelope(orderSchema) };
const pdf = z.string().meta({ format: "binary" });

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = (): OrderSettings => ({
    taxRates: app.config.TAX_RATES,
    seller: { name: app.config.COMPANY_NAME, address: app.config.COMPANY_ADDRESS, taxId: app.config.COMPANY_TAX_ID, email: app.config.COMPANY_EMAIL ?? "" },
    mailing: app.mailing,
    log: app.log,
  });

  app.get(
    "/orders",
    {
      config: { scope: "read" },
      schema: {
        tags,
        operationId: "listOrders",
        summary: "My orders (an administrator: everybody's), paged; filters status, userId (admin), q (number, invoice number, customer e-mail or name)",
        querystring: orderListQuerySchema,
        response: { 200: successEnvelope(pageOf(orderSchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listOrders(app.db, currentUser(request.user), request.query) }),
  );
  app.post(
    "/orders",
    {
      config: { scope: "licenses:write" },
      schema: {
        tags,
        operationId: "createOrder",
        summary: "Order a plan or features (customers): a pending offer for the team",
        body: orderBodySchema,
        response: { 201: successEnvelope(orderSchema), ...refusals("auth/forbidden", "catalogue/plan_not_found", "catalogue/unknown_feature", "common/not_found") },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ status: "success" as const, data: await createOrder(app.db, currentUser(request.user), request.body, requestContext(request), settings()) }),
  );
  app.get(
    "/orders/:id",
    { config: { scope: "read" }, schema: { tags, operationId: "getOrder", summary: "One of my orders (an administrator: any)", params: uuidParam, response: { ...orderAnswer, ...refusals("order/not_found") } } },
    async (request) => ({ status: "success" as const, data: await getOrder(app.db, currentUser(request.user), request.params.id) }),
  );
  app.post(
    "/orders/:id/offer",
    {
      config: { ...admin, scope: "licenses:write" },
      schema: {
        tags,
        operationId: "offerOrder",
        summary: "Make (or remake) the offer: price, discount, valid until, message; the customer gets it with its PDF (admin)",
        params: uuidParam,
        body: orderOfferBodySchema,
        response: { ...orderAnswer, ...refusals("order/not_found", "order/invalid_transition", "order/billing_address_required") },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await makeOffer(app.db, currentUser(request.user), request.params.id, request.body, requestContext(request), settings()),
    }),
  );
  app.post(
    "/orders/:id/accept",
    {
      config: { scope: "licenses:write" },
      schema: {
        tags,
        operationId: "acceptOrder",
        summary: "Accept the offer of my order while it is valid",
        params: uuidParam,
        response: { ...orderAnswer, ...refusals("order/not_found", "order/invalid_transition", "order/offer_expired") },
      },
    },
    async (request) => ({ status: "success" as const, data: await acceptOrder(app.db, currentUser(request.user), request.params.id, requestContext(request), settings()) }),
  );
  app.post(
    "/orders/:id/mark-paid",
    {
      config: { ...admin, scope: "licenses:write" },
      schema: {
        tags,
        operationId: "markOrderPaid",
        summary: "Payment received: the invoice number, and the licences issued as an approved request's (admin)",
        params: uuidParam,
        body: orderMarkPaidBodySchema,
        response: { ...orderAnswer, ...refusals("order/not_found", "order/invalid_transition", "catalogue/plan_not_found", "catalogue/unknown_feature") },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await markOrderPaid(app.db, currentUser(request.user), request.params.id, request.body.reference, requestContext(request), settings()),
    }),
  );
  app.post(
    "/orders/:id/cancel",
    {
      config: { scope: "licenses:write" },
      schema: {
        tags,
        operationId: "cancelOrder",
        summary: "Cancel an order not yet paid (its customer, or an administrator)",
        params: uuidParam,
        body: orderCancelBodySchema,
        response: { ...orderAnswer, ...refusals("order/not_found", "order/invalid_transition") },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await cancelOrder(app.db, currentUser(request.user), request.params.id, request.body.reason, requestContext(request), settings()),
    }),
  );
  app.get(
    "/orders/:id/document",
    {
      // A PDF is already compressed inside.
      compress: false,
      config: { scope: "read" },
      schema: {
        tags,
        operationId: "downloadOrderDocument",
        summary: "The offer (offered, accepted) or the invoice (paid) as PDF, in the customer's language",
        params: uuidParam,
        response: {
          200: {
            description: 'The PDF, as an attachment: `offer-O-000123.pdf` for an offer, `INV-2026-000001.pdf` for an invoice',
            content: { "application/pdf": { schema: pdf } },
          },
          ...refusals("order/not_found", "order/no_document"),
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf: bytes } = await orderDocument(app.db, currentUser(request.user), request.params.id, settings());
      return reply
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, no-store")
        .type("application/pdf")
        // The bytes go out as they are; the schema's string only describes them to OpenAPI.
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as string);
    },
  );
};
