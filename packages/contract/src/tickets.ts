import { z } from "zod";
import { messageOf } from "./messages.js";
import { listQuerySchema, requiredText, timestamp } from "./common.js";

/** Spec section 9: the six ticket types and four priorities. */
export const ticketTypes = ["technical", "billing", "general", "feature_request", "custom", "license_request"] as const;
export const ticketType = z.enum(ticketTypes, { error: messageOf("validation.oneOf", { label: "Type", values: ticketTypes.join(", ") }) });
export type TicketType = z.infer<typeof ticketType>;

export const ticketPriorities = ["low", "medium", "high", "critical"] as const;
export const ticketPriority = z.enum(ticketPriorities, { error: messageOf("validation.oneOf", { label: "Priority", values: ticketPriorities.join(", ") }) });
export type TicketPriority = z.infer<typeof ticketPriority>;

/** open → in_progress → resolved → closed; reopen (admin) from resolved or closed; a customer's reply to a resolved ticket reopens it. */
export const ticketStatuses = ["open", "in_progress", "resolved", "closed"] as const;
export const ticketStatus = z.enum(ticketStatuses, { error: messageOf("validation.oneOf", { label: "Status", values: ticketStatuses.join(", ") }) });
export type TicketStatus = z.infer<typeof ticketStatus>;

/** Who wrote a message, as the thread shows it: the customer ("user"), an administrator, or support staff. */
export const messageAuthorRoles = ["user", "admin", "support"] as const;
export type MessageAuthorRole = (typeof messageAuthorRoles)[number];

/** API: at most 5 files per message, 10 MB each, of these types (judged by content). */
export const TICKET_ATTACHMENT_LIMITS = {
  maxFiles: 5,
  maxBytes: 10 * 1024 * 1024,
  contentTypes: ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "text/plain", "application/zip"],
} as const;

/** "T-000123": sequential, never reused. */
export const TICKET_NUMBER_PATTERN = /^T-\d{6,}$/;

export const ticketAttachmentSchema = z
  .object({ id: z.uuid(), name: z.string(), size: z.number().int(), contentType: z.string() })
  .meta({ id: "TicketAttachment" });
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z
  .object({
    id: z.uuid(),
    authorId: z.uuid().nullable(),
    authorName: z.string(),
    authorRole: z.enum(messageAuthorRoles),
    body: z.string(),
    internal: z.boolean(),
    attachments: z.array(ticketAttachmentSchema),
    createdAt: timestamp,
  })
  .meta({ id: "TicketMessage" });
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A ticket in lists (no thread). `waitingSince`: when the side that must act next started waiting (null once resolved/closed). */
export const ticketSummarySchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    subject: z.string(),
    type: ticketType,
    priority: ticketPriority,
    status: ticketStatus,
    user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
    assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    firstResponseAt: timestamp.nullable(),
    waitingSince: timestamp.nullable(),
    messageCount: z.number().int(),
  })
  .meta({ id: "TicketSummary" });
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketSchema = ticketSummarySchema.extend({ messages: z.array(ticketMessageSchema) }).meta({ id: "Ticket" });
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketBodySchema = z
  .strictObject({
    subject: requiredText("Subject", 200),
    type: ticketType,
    priority: ticketPriority,
    message: requiredText("Message", 20_000),
  })
  .meta({ id: "TicketBody" });
export type TicketBody = z.input<typeof ticketBodySchema>;

export const ticketMessageBodySchema = z
  .strictObject({
    body: requiredText("Message", 20_000),
    internal: z.boolean({ error: messageOf("validation.trueOrFalse", { label: "Internal" }) }).optional(),
  })
  .meta({ id: "TicketMessageBody" });
export type TicketMessageBody = z.input<typeof ticketMessageBodySchema>;

/** Admin: any of assignee (null unassigns), priority, type. */
export const ticketPatchSchema = z
  .strictObject({
    assigneeId: z.uuid({ error: messageOf("tickets.validation.assignee") }).nullable().optional(),
    priority: ticketPriority.optional(),
    type: ticketType.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: messageOf("validation.nothingToChange") })
  .meta({ id: "TicketPatch" });
export type TicketPatch = z.input<typeof ticketPatchSchema>;

export const ticketListQuerySchema = listQuerySchema(["number", "subject", "status", "priority", "createdAt", "updatedAt"] as const, {
  sort: "updatedAt",
  order: "desc",
}).extend({
  status: ticketStatus.optional(),
  type: ticketType.optional(),
  priority: ticketPriority.optional(),
  /** Admin only; "none" lists unassigned tickets. */
  assigneeId: z.union([z.uuid(), z.literal("none")], { error: messageOf("tickets.validation.assigneeFilter") }).optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

export const ticketStatsSchema = z
  .object({
    total: z.number().int(),
    open: z.number().int(),
    inProgress: z.number().int(),
    resolved: z.number().int(),
    closed: z.number().int(),
    /** Median time to the first non-internal admin reply of tickets created in the last 30 days; null without any. */
    medianFirstResponseSeconds: z.number().nullable(),
  })
  .meta({ id: "TicketStats" });
export type TicketStats = z.infer<typeof ticketStatsSchema>;

/** The top bar's messages dropdown: the latest ticket messages addressed to the caller, unread first. */
export const ticketInboxItemSchema = z
  .object({
    messageId: z.uuid(),
    ticketId: z.uuid(),
    ticketNumber: z.string(),
    subject: z.string(),
    authorName: z.string(),
    authorRole: z.enum(messageAuthorRoles),
    excerpt: z.string(),
    createdAt: timestamp,
    read: z.boolean(),
  })
  .meta({ id: "TicketInboxItem" });
export type TicketInboxItem = z.infer<typeof ticketInboxItemSchema>;

export const ticketInboxSchema = z
  .object({ items: z.array(ticketInboxItemSchema), unreadCount: z.number().int() })
  .meta({ id: "TicketInbox" });
export type TicketInbox = z.infer<typeof ticketInboxSchema>;

export const ticketInboxQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: messageOf("tickets.validation.limitNumber") })
    .int({ error: messageOf("tickets.validation.limitWhole") })
    .min(1, { error: messageOf("tickets.validation.limitRange") })
    .max(20, { error: messageOf("tickets.validation.limitRange") })
    .default(10),
});
export type TicketInboxQuery = z.input<typeof ticketInboxQuerySchema>;

/** Answer of POST /tickets/{id}/read: when the caller last read the thread, and what is still unread elsewhere. */
export const ticketReadSchema = z
  .object({ ticketId: z.uuid(), lastReadAt: timestamp, unreadCount: z.number().int() })
  .meta({ id: "TicketRead" });
export type TicketRead = z.infer<typeof ticketReadSchema>;

export const ticketAttachmentParams = z.strictObject({
  id: z.uuid({ error: messageOf("validation.notValidId") }),
  attachmentId: z.uuid({ error: messageOf("validation.notValidId") }),
});

/** `inline=1` serves an image (PNG, JPEG, GIF, WebP) for the thread's preview instead of as a download. */
export const ticketAttachmentQuerySchema = z.strictObject({
  inline: z.enum(["0", "1", "true", "false"], { error: messageOf("tickets.validation.inline") }).optional(),
});

/** Attachment types a browser may show inline in the thread. */
export const TICKET_PREVIEW_CONTENT_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** Where the thread's image preview and the download of one attachment are (add `?inline=1` for the preview). */
export const ticketAttachmentPath = (ticketId: string, attachmentId: string) => `/api/v1/tickets/${ticketId}/attachments/${attachmentId}`;
