import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditEventSchema, auditListQuerySchema, pageOf, successEnvelope } from "@portal/contract";
import { listAuditEvents } from "./audit.service.js";

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/audit-events",
    {
      config: { access: "admin" },
      schema: {
        tags: ["audit"],
        summary: "Audit log, newest first (admin)",
        querystring: auditListQuerySchema,
        response: { 200: successEnvelope(pageOf(auditEventSchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listAuditEvents(app.db, request.query) }),
  );
};
