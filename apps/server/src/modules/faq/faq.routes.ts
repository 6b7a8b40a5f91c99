import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  demoRequestBodySchema,
  demoRequestListQuerySchema,
  demoRequestSchema,
  faqCategoryAdminSchema,
  faqCategoryBodySchema,
  faqEntryBodySchema,
  faqEntryListQuerySchema,
  faqEntrySchema,
  faqMoveBodySchema,
  faqQuerySchema,
  faqSchema,
  pageOf,
  successEnvelope,
  uuidParam,
} from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { refusals } from "../../plugins/openapi.js";
import { createDemoRequest, listDemoRequests } from "./demo-requests.service.js";
import {
  createFaqEntry,
  deleteFaqEntry,
  listFaqCategories,
  listFaqEntries,
  moveFaqEntry,
  readFaq,
  renameFaqCategory,
  updateFaqEntry,
} from "./faq.service.js";
import { negotiateLanguage } from "./languages.js";

/** /faq (spec section 2): the questions every logged-in user reads, kept by administrators; the demo-request dialog. */
export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: "admin" as const };
  const entryAnswer = { 200: successEnvelope(faqEntrySchema) };

  app.get(
    "/faq",
    {
      config: { scope: "read" },
      schema: {
        tags: ["faq"],
        operationId: "getFaq",
        summary: "Categories and questions in the caller's language (`lang`, else Accept-Language, else English); `q` searches",
        description: "Answers are Markdown exactly as written; the server never renders them as HTML.",
        querystring: faqQuerySchema,
        response: { 200: successEnvelope(faqSchema) },
      },
    },
    async (request, reply) => {
      const language = negotiateLanguage(request.query.lang, request.headers["accept-language"]);
      reply.header("content-language", language).header("vary", "Accept-Language");
      return { status: "success" as const, data: await readFaq(app.db, language, request.query.q) };
    },
  );

  app.get(
    "/faq/entries",
    {
      config: { ...admin, scope: "read" },
      schema: {
        tags: ["faq"],
        operationId: "listFaqEntries",
        summary: "Every entry with its texts in every language, paged (admin)",
        querystring: faqEntryListQuerySchema,
        response: { 200: successEnvelope(pageOf(faqEntrySchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listFaqEntries(app.db, request.query) }),
  );
  app.post(
    "/faq",
    {
      config: { ...admin, scope: "catalogue:write" },
      schema: {
        tags: ["faq"],
        operationId: "createFaqEntry",
        summary: "Add a question with its answer per language (admin)",
        body: faqEntryBodySchema,
        response: { 201: successEnvelope(faqEntrySchema), ...refusals("faq/unknown_category") },
      },
    },
    async (request, reply) => reply.status(201).send({ status: "success" as const, data: await createFaqEntry(app.db, request.body, requestContext(request)) }),
  );
  app.put(
    "/faq/:id",
    {
      config: { ...admin, scope: "catalogue:write" },
      schema: {
        tags: ["faq"],
        operationId: "updateFaqEntry",
        summary: "Replace an entry: category, popular, order and its texts per language (admin)",
        params: uuidParam,
        body: faqEntryBodySchema,
        response: { ...entryAnswer, ...refusals("common/not_found", "faq/unknown_category") },
      },
    },
    async (request) => ({ status: "success" as const, data: await updateFaqEntry(app.db, request.params.id, request.body, requestContext(request)) }),
  );
  app.post(
    "/faq/:id/move",
    {
      config: { ...admin, scope: "catalogue:write" },
      schema: {
        tags: ["faq"],
        operationId: "moveFaqEntry",
        summary: "Move an entry one place up or down inside its category (admin)",
        params: uuidParam,
        body: faqMoveBodySchema,
        response: { ...entryAnswer, ...refusals("common/not_found") },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await moveFaqEntry(app.db, request.params.id, request.body.direction, requestContext(request)),
    }),
  );
  app.delete(
    "/faq/:id",
    {
      config: { ...admin, scope: "catalogue:write" },
      schema: {
        tags: ["faq"],
        operationId: "deleteFaqEntry",
        summary: "Delete an entry with all its languages (admin)",
        params: uuidParam,
        response: { 200: successEnvelope(z.object({ deleted: z.literal(true) })), ...refusals("common/not_found") },
      },
    },
    async (request) => {
      await deleteFaqEntry(app.db, request.params.id, requestContext(request));
      return { status: "success" as const, data: { deleted: true as const } };
    },
  );

  app.get(
    "/faq/categories",
    {
      config: { ...admin, scope: "read" },
      schema: {
        tags: ["faq"],
        operationId: "listFaqCategories",
        summary: "The nine categories with their names in every language (admin)",
        response: { 200: successEnvelope(z.array(faqCategoryAdminSchema)) },
      },
    },
    async () => ({ status: "success" as const, data: await listFaqCategories(app.db) }),
  );
  app.put(
    "/faq/categories/:id",
    {
      config: { ...admin, scope: "catalogue:write" },
      schema: {
        tags: ["faq"],
        operationId: "renameFaqCategory",
        summary: "Rename a category per language (admin)",
        params: uuidParam,
        body: faqCategoryBodySchema,
        response: { 200: successEnvelope(faqCategoryAdminSchema), ...refusals("common/not_found") },
      },
    },
    async (request) => ({ status: "success" as const, data: await renameFaqCategory(app.db, request.params.id, request.body, requestContext(request)) }),
  );

  app.post(
    "/demo-requests",
    {
      // Anyone may ask for a demo, so per IP: a script cannot flood the sales inbox.
      config: { access: "public", rateLimit: { max: app.config.DEMO_REQUEST_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ["faq"],
        operationId: "createDemoRequest",
        summary: "Ask for a demo (no login needed); administrators are notified",
        body: demoRequestBodySchema,
        response: { 201: successEnvelope(demoRequestSchema) },
      },
    },
    async (request, reply) => {
      const created = await createDemoRequest(app.db, request.body, requestContext(request), app.config.publicUrl);
      app.mailing.wake();
      return reply.status(201).send({ status: "success" as const, data: created });
    },
  );
  app.get(
    "/demo-requests",
    {
      config: { ...admin, scope: "read" },
      schema: {
        tags: ["faq"],
        operationId: "listDemoRequests",
        summary: "Demo requests, paged, sorted and searched (admin)",
        querystring: demoRequestListQuerySchema,
        response: { 200: successEnvelope(pageOf(demoRequestSchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listDemoRequests(app.db, request.query) }),
  );
};
