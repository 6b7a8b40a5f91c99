import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditEventSchema, auditListQuerySchema, pageOf, successEnvelope } from "@portal/contract";
import { auditEventsCsv, listAuditEvents } from "./audit.service.js";

/** CSV only when the client names it before (or without) JSON: browsers' default stays JSON. */
function prefersCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const csv = accept.indexOf("text/csv");
  const json = accept.indexOf("application/json");
  return csv !== -1 && (json === -1 || csv < json);
}

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/audit-events",
    {
      config: { access: "admin" },
      schema: {
        tags: ["audit"],
        operationId: "listAuditEvents",
        summary: "Audit log, newest first (admin); with `Accept: text/csv` the filtered log as a CSV download",
        querystring: auditListQuerySchema,
        produces: ["application/json", "text/csv"],
        response: { 200: successEnvelope(pageOf(auditEventSchema)) },
      },
    },
    async (request, reply) => {
      if (prefersCsv(request.headers.accept)) {
        const filename = `audit-events-${new Date().toISOString().slice(0, 10)}.csv`;
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${filename}"`)
          .header("cache-control", "no-store")
          // A stream is not serialised, so the JSON response schema does not apply to it.
          .send(Readable.from(auditEventsCsv(app.db, request.query)) as never);
      }
      return { status: "success" as const, data: await listAuditEvents(app.db, request.query) };
    },
  );
};
