import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActionsSchema, auditListQuerySchema, auditPageSchema, auditStreamQuerySchema, successEnvelope } from "@portal/contract";
import { AuditLiveStream, DEFAULT_LIVE_TIMING, type LiveStreamTiming } from "./audit-stream.js";
import { auditEventsCsv, listAuditActions, listAuditEvents, newestAuditEventId } from "./audit.queries.js";

/** CSV only when the client names it before (or without) JSON: browsers' default stays JSON. */
function prefersCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const csv = accept.indexOf("text/csv");
  const json = accept.indexOf("application/json");
  return csv !== -1 && (json === -1 || csv < json);
}

const tags = ["audit"];

export interface AuditRoutesOptions {
  /** Live-follow polling and heartbeat intervals (tests shorten them). */
  liveTiming?: LiveStreamTiming;
}

export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, { liveTiming = DEFAULT_LIVE_TIMING }) => {
  const liveStreams = new Set<AuditLiveStream>();
  // Open streams never end by themselves: end them before the server waits for its connections.
  app.addHook("preClose", async () => {
    await Promise.all([...liveStreams].map((stream) => stream.close()));
  });

  app.get(
    "/audit-events",
    {
      config: { access: "admin", scope: "audit:read" },
      schema: {
        tags,
        operationId: "listAuditEvents",
        summary: "Audit log (admin), filtered, sorted and paged; with `Accept: text/csv` the whole filtered log as a CSV download",
        description:
          "Sorts by the chosen field, then time, then id. Paging: `page` (OFFSET, counts the rows) or `cursor` = the previous page's `nextCursor` (keyset: deep pages stay fast and rows arriving meanwhile are neither skipped nor repeated; `page` and `total` then come from the cursor, i.e. the count taken on the first page of the walk). With `Accept: text/csv` the answer is every row the filters select (no paging), in the same order, streamed, as `audit-<date>.csv`; cells a spreadsheet would run as a formula start with `'`.",
        querystring: auditListQuerySchema,
        produces: ["application/json", "text/csv"],
        response: { 200: successEnvelope(auditPageSchema) },
      },
    },
    async (request, reply) => {
      if (prefersCsv(request.headers.accept)) {
        const filename = `audit-${new Date().toISOString().slice(0, 10)}.csv`;
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

  app.get(
    "/audit-events/actions",
    {
      config: { access: "admin", scope: "audit:read" },
      schema: {
        tags,
        operationId: "listAuditActions",
        summary: "Every action the audit log holds, in alphabetical order (admin): the choices of the action filter",
        response: { 200: successEnvelope(auditActionsSchema) },
      },
    },
    async () => ({ status: "success" as const, data: { items: await listAuditActions(app.db) } }),
  );

  app.get(
    "/audit-events/stream",
    {
      config: { access: "admin", scope: "audit:read" },
      // Events must reach the client one by one.
      compress: false,
      schema: {
        tags,
        operationId: "followAuditEvents",
        summary: "Live follow of the audit log (admin): Server-Sent Events for each new event matching the filters",
        description:
          "Same filters as the list. Each message is `id: <position>` and `data: <AuditEvent JSON>`; a comment line every 15 s keeps the connection open. Resume with the `Last-Event-ID` header (or the `lastEventId` query parameter) to get what was recorded since; without it the stream starts with the next event. Needs the bearer token like every call (browsers: read it with fetch rather than EventSource).",
        querystring: auditStreamQuerySchema,
        response: {
          200: {
            description: "A `text/event-stream` that stays open until the client leaves or the server stops",
            content: { "text/event-stream": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { lastEventId, ...filters } = request.query;
      const header = request.headers["last-event-id"];
      const resumeFrom = typeof header === "string" && /^\d{1,18}$/.test(header.trim()) ? header.trim() : lastEventId;
      const startAfter = resumeFrom !== undefined ? Number(resumeFrom) : await newestAuditEventId(app.db);
      const stream = new AuditLiveStream(app.db, filters, startAfter, request.log, liveTiming);
      liveStreams.add(stream);
      stream.output.once("close", () => liveStreams.delete(stream));
      return reply
        .type("text/event-stream; charset=utf-8")
        .header("cache-control", "no-store")
        // Proxies (nginx) would otherwise hold events back in their buffers.
        .header("x-accel-buffering", "no")
        .send(stream.output as never);
    },
  );
};
