import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { outboxListQuerySchema, outboxMessageSchema, pageOf, successEnvelope } from "@portal/contract";
import { AppError } from "../../lib/app-error.js";
import { refusals } from "../../plugins/openapi.js";
import { listOutbox } from "./outbox.js";

/** API "Running without SMTP": what the server wrote to DATA_DIR/mail instead of sending it. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/outbox",
    {
      config: { access: "admin" as const, scope: "none" },
      schema: {
        tags: ["mail"],
        operationId: "listOutbox",
        summary: "The e-mail written to the outbox while SMTP_URL is unset, newest first (admin)",
        description:
          "Only without SMTP: with `SMTP_URL` set there is no outbox (404 `mail/outbox_disabled`). `text` is the plain-text part; links in it (verification, password reset) work for whoever reads them, so only administrators may.",
        querystring: outboxListQuerySchema,
        response: { 200: successEnvelope(pageOf(outboxMessageSchema)), ...refusals("mail/outbox_disabled") },
      },
    },
    async (request, reply) => {
      if (app.config.SMTP_URL) throw new AppError("mail/outbox_disabled");
      // The messages hold sign-in links: never kept by a cache.
      reply.header("cache-control", "no-store");
      return { status: "success" as const, data: await listOutbox(app.db, request.query) };
    },
  );
};
