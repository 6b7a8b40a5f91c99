import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  TICKET_ATTACHMENT_LIMITS,
  TICKET_PREVIEW_CONTENT_TYPES,
  pageOf,
  successEnvelope,
  ticketAttachmentParams,
  ticketAttachmentQuerySchema,
  ticketBodySchema,
  ticketInboxQuerySchema,
  ticketInboxSchema,
  ticketListQuerySchema,
  ticketMessageBodySchema,
  ticketMessageSchema,
  ticketPatchSchema,
  ticketReadSchema,
  ticketSchema,
  ticketStatsSchema,
  ticketSummarySchema,
  uuidParam,
} from "@portal/contract";
import { AppError } from "../../lib/app-error.js";
import { contentDisposition } from "../../lib/downloads.js";
import { requestContext } from "../../lib/request-context.js";
import { refusals } from "../../plugins/openapi.js";
import { currentUser } from "../../plugins/auth.js";
import { findAttachment, listTickets, readTicket, ticketInbox, ticketStats } from "./tickets.queries.js";
import { addMessage, changeStatus, createTicket, markTicketRead, patchTicket, type StatusAction } from "./tickets.service.js";
import { ATTACHMENTS_FIELD, readMultipartTicketBody, type StagedAttachment } from "./uploads.js";

const tags = ["tickets"];
const admin = { access: "admin" as const };
const ticketAnswer = { 200: successEnvelope(ticketSchema) };
const attachmentRefusals = ["ticket/attachment_too_large", "ticket/too_many_attachments", "ticket/attachment_type"] as const;
const limitsText = `at most ${TICKET_ATTACHMENT_LIMITS.maxFiles} files of ${TICKET_ATTACHMENT_LIMITS.maxBytes / 1024 / 1024} MB each; PNG, JPEG, GIF, WebP, PDF, plain text (UTF-8) or ZIP, judged by content`;

/** Files of a multipart request, staged on disk between preValidation and the handler. */
const stagedUploads = new WeakMap<FastifyRequest, StagedAttachment[]>();

function attachmentsOf(request: FastifyRequest): StagedAttachment[] {
  return stagedUploads.get(request) ?? [];
}

/** An attachment's stored content type as it is served: text is UTF-8. */
const servedAttachmentType = (contentType: string) => (contentType === "text/plain" ? "text/plain; charset=utf-8" : contentType);

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ files: app.files, mailing: app.mailing });

  /**
   * A multipart form is read before validation: its files go to the store's temporary area, its text
   * fields become the body the route's schema validates, exactly as a JSON body would be.
   */
  const readMultipart = (booleanFields: string[]) => async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const { fields, attachments } = await readMultipartTicketBody(request, app.files);
    stagedUploads.set(request, attachments);
    const body: Record<string, unknown> = { ...fields };
    for (const field of booleanFields) {
      if (body[field] === "true") body[field] = true;
      else if (body[field] === "false") body[field] = false;
    }
    request.body = body;
  };
  // Whatever the answer, no staged file outlives the request (stored ones have left the temporary area already).
  const discardStaged = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const staged = stagedUploads.get(request);
    if (staged) {
      stagedUploads.delete(request);
      await Promise.all(staged.map((attachment) => attachment.file.discard()));
    }
    return payload;
  };

  app.get(
    "/tickets",
    {
      config: { scope: "read" },
      schema: {
        tags,
        operationId: "listTickets",
        summary: "Tickets, paged and sorted in SQL (customers: their own; admins: all)",
        querystring: ticketListQuerySchema,
        response: { 200: successEnvelope(pageOf(ticketSummarySchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listTickets(app.db, currentUser(request.user), request.query) }),
  );

  app.post(
    "/tickets",
    {
      preValidation: readMultipart([]),
      onSend: discardStaged,
      config: { scope: "tickets:write" },
      schema: {
        tags,
        operationId: "createTicket",
        summary: "Open a ticket (JSON, or multipart with the same fields and files in `attachments`)",
        description: `Multipart: the fields \`subject\`, \`type\`, \`priority\`, \`message\` and up to ${TICKET_ATTACHMENT_LIMITS.maxFiles} files in \`${ATTACHMENTS_FIELD}\` (${limitsText}).`,
        consumes: ["application/json", "multipart/form-data"],
        body: ticketBodySchema,
        response: { 201: successEnvelope(ticketSchema), ...refusals(...attachmentRefusals) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: "success" as const,
        data: await createTicket(app.db, currentUser(request.user), request.body, attachmentsOf(request), requestContext(request), deps()),
      }),
  );

  app.get(
    "/tickets/stats",
    {
      config: { scope: "read" },
      schema: {
        tags,
        operationId: "getTicketStats",
        summary: "Ticket counts by status and the median first response of the last 30 days (customers: their own)",
        response: { 200: successEnvelope(ticketStatsSchema) },
      },
    },
    async (request) => ({ status: "success" as const, data: await ticketStats(app.db, currentUser(request.user)) }),
  );

  app.get(
    "/tickets/inbox",
    {
      config: { scope: "read" },
      schema: {
        tags,
        operationId: "getTicketInbox",
        summary: "The messages dropdown: latest replies addressed to me, unread first, and the unread count",
        description:
          "Non-internal messages written by someone else in my tickets (administrators: also tickets assigned to them or to nobody). A message is read once `POST /tickets/{id}/read` was called after it.",
        querystring: ticketInboxQuerySchema,
        response: { 200: successEnvelope(ticketInboxSchema) },
      },
    },
    async (request) => ({ status: "success" as const, data: await ticketInbox(app.db, currentUser(request.user), request.query.limit) }),
  );

  app.get(
    "/tickets/:id",
    {
      config: { scope: "read" },
      schema: {
        tags,
        operationId: "getTicket",
        summary: "One ticket with its thread (customers never see internal notes)",
        params: uuidParam,
        response: { ...ticketAnswer, ...refusals("ticket/not_found") },
      },
    },
    async (request) => ({ status: "success" as const, data: await readTicket(app.db, currentUser(request.user), request.params.id) }),
  );

  app.patch(
    "/tickets/:id",
    {
      config: { ...admin, scope: "tickets:write" },
      schema: {
        tags,
        operationId: "updateTicket",
        summary: "Assign (null unassigns), re-prioritise or re-type a ticket (admin)",
        params: uuidParam,
        body: ticketPatchSchema,
        response: { ...ticketAnswer, ...refusals("ticket/not_found", "ticket/assignee_not_admin") },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await patchTicket(app.db, currentUser(request.user), request.params.id, request.body, requestContext(request), deps()),
    }),
  );

  app.post(
    "/tickets/:id/messages",
    {
      preValidation: readMultipart(["internal"]),
      onSend: discardStaged,
      config: { scope: "tickets:write" },
      schema: {
        tags,
        operationId: "addTicketMessage",
        summary: "Reply, or (admin) add an internal note; JSON or multipart with files in `attachments`",
        description: `Multipart: \`body\`, optional \`internal\` (\`true\`/\`false\`) and up to ${TICKET_ATTACHMENT_LIMITS.maxFiles} files in \`${ATTACHMENTS_FIELD}\` (${limitsText}). A customer's reply reopens a resolved ticket; support's replies leave the status alone.`,
        consumes: ["application/json", "multipart/form-data"],
        params: uuidParam,
        body: ticketMessageBodySchema,
        response: {
          201: successEnvelope(ticketMessageSchema),
          ...refusals({ code: "auth/forbidden", status: 403 }, "ticket/not_found", "ticket/closed", ...attachmentRefusals),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: "success" as const,
        data: await addMessage(app.db, currentUser(request.user), request.params.id, request.body, attachmentsOf(request), requestContext(request), deps()),
      }),
  );

  const statusRoute = (path: string, action: StatusAction, operationId: string, summary: string, access: "user" | "admin") =>
    app.post(
      `/tickets/:id/${path}`,
      {
        config: { access, scope: "tickets:write" },
        schema: {
          tags,
          operationId,
          summary,
          params: uuidParam,
          response: { ...ticketAnswer, ...refusals("ticket/not_found", "ticket/invalid_transition", ...(action === "close" ? (["ticket/closed"] as const) : [])) },
        },
      },
      async (request) => ({
        status: "success" as const,
        data: await changeStatus(app.db, currentUser(request.user), request.params.id, action, requestContext(request), deps()),
      }),
    );
  statusRoute("in-progress", "in_progress", "markTicketInProgress", "Mark an open ticket as in progress (admin)", "admin");
  statusRoute("resolve", "resolve", "resolveTicket", "Resolve an open or in-progress ticket (admin)", "admin");
  statusRoute("close", "close", "closeTicket", "Close a ticket (its customer or an admin)", "user");
  statusRoute("reopen", "reopen", "reopenTicket", "Reopen a resolved or closed ticket (admin)", "admin");

  app.post(
    "/tickets/:id/read",
    {
      config: { scope: "tickets:write" },
      schema: {
        tags,
        operationId: "markTicketRead",
        summary: "Mark a thread read for me (the messages dropdown's unread state)",
        params: uuidParam,
        response: { 200: successEnvelope(ticketReadSchema), ...refusals("ticket/not_found") },
      },
    },
    async (request) => ({ status: "success" as const, data: await markTicketRead(app.db, currentUser(request.user), request.params.id) }),
  );

  app.get(
    "/tickets/:id/attachments/:attachmentId",
    {
      // Sent as stored, with its length: images and archives are compressed already.
      compress: false,
      config: { scope: "read" },
      schema: {
        tags,
        operationId: "downloadTicketAttachment",
        summary: "Download an attachment (`inline=1`: an image for the thread's preview)",
        params: ticketAttachmentParams,
        querystring: ticketAttachmentQuerySchema,
        response: {
          200: {
            description: "The file, with the content type judged from its content at upload, `Content-Disposition: attachment` (or `inline` for an image with `inline=1`) and `X-Content-Type-Options: nosniff`",
            content: Object.fromEntries(TICKET_ATTACHMENT_LIMITS.contentTypes.map((type) => [servedAttachmentType(type), { schema: z.string().meta({ format: "binary" }) }])),
          },
          ...refusals("ticket/not_found"),
        },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request.user);
      const attachment = await findAttachment(app.db, viewer, request.params.id, request.params.attachmentId);
      let file;
      try {
        file = await app.files.read(attachment.sha256);
      } catch (error) {
        request.log.error({ err: error, sha256: attachment.sha256 }, "the file of a ticket attachment is missing from the store");
        throw new AppError("ticket/not_found", { message: "The file of this attachment is missing." });
      }
      const wantsInline = request.query.inline === "1" || request.query.inline === "true";
      const inline = wantsInline && (TICKET_PREVIEW_CONTENT_TYPES as readonly string[]).includes(attachment.contentType);
      return reply
        .header("content-type", servedAttachmentType(attachment.contentType))
        .header("content-length", String(file.size))
        .header("content-disposition", contentDisposition(inline ? "inline" : "attachment", attachment.name))
        .header("x-content-type-options", "nosniff")
        // A stored file is never a page: nothing in it may run, even if a browser is talked into rendering it.
        .header("content-security-policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header("cache-control", "private, no-store")
        .send(file.stream as never);
    },
  );
};
