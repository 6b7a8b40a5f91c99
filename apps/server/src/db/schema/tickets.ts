import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/** Ticket numbers (T-000123): a sequence never hands a value out twice, even after a rollback. */
export const ticketNumberSequence = pgSequence("ticket_number_seq", { startWith: 1 });

export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: bigint("number", { mode: "number" })
      .notNull()
      .default(sql`nextval('ticket_number_seq')`),
    subject: text("subject").notNull(),
    type: text("type").notNull(),
    priority: text("priority").notNull(),
    status: text("status", { enum: ["open", "in_progress", "resolved", "closed"] }).notNull().default("open"),
    // The customer who opened it: the only non-admin who may see it.
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("tickets_number_key").on(table.number),
    index("tickets_user_updated_idx").on(table.userId, table.updatedAt),
    index("tickets_status_updated_idx").on(table.status, table.updatedAt),
    index("tickets_assignee_status_idx").on(table.assigneeId, table.status),
    // The list's sorts: each sort expression (tickets.queries.ts) with the id that breaks its ties.
    index("tickets_sort_number_idx").on(table.number, table.id),
    index("tickets_sort_subject_idx").on(sql`lower(${table.subject})`, table.id),
    index("tickets_sort_status_idx").on(
      sql`(case ${table.status} when 'open' then 1 when 'in_progress' then 2 when 'resolved' then 3 else 4 end)`,
      table.id,
    ),
    index("tickets_sort_priority_idx").on(
      sql`(case ${table.priority} when 'low' then 1 when 'medium' then 2 when 'high' then 3 else 4 end)`,
      table.id,
    ),
    // Also the median first response of the last 30 days, which reads tickets by creation time.
    index("tickets_sort_created_idx").on(table.createdAt, table.id),
    index("tickets_sort_updated_idx").on(table.updatedAt, table.id),
    check("tickets_status_check", sql`${table.status} in ('open', 'in_progress', 'resolved', 'closed')`),
    check("tickets_type_check", sql`${table.type} in ('technical', 'billing', 'general', 'feature_request', 'custom', 'license_request')`),
    check("tickets_priority_check", sql`${table.priority} in ('low', 'medium', 'high', 'critical')`),
  ],
);

export type TicketRow = typeof tickets.$inferSelect;

export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    // Fixed when written: "user" for the ticket's customer, "admin" for an administrator.
    authorRole: text("author_role", { enum: ["user", "admin", "support"] }).notNull(),
    body: text("body").notNull(),
    // An administrators' note: never shown to the customer, never counted or notified to them.
    internal: boolean("internal").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ticket_messages_ticket_created_idx").on(table.ticketId, table.createdAt),
    check("ticket_messages_author_role_check", sql`${table.authorRole} in ('user', 'admin', 'support')`),
  ],
);

export type TicketMessageRow = typeof ticketMessages.$inferSelect;

export const ticketAttachments = pgTable(
  "ticket_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => ticketMessages.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    contentType: text("content_type").notNull(),
    // Order within the message, as uploaded.
    position: integer("position").notNull().default(0),
    // The file's key in lib/file-store (DATA_DIR/files/ab/<sha256>); identical files share it.
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ticket_attachments_message_idx").on(table.messageId), index("ticket_attachments_sha256_idx").on(table.sha256)],
);

export type TicketAttachmentRow = typeof ticketAttachments.$inferSelect;

/** How far each user has read each thread: the messages dropdown's unread state. */
export const ticketReads = pgTable(
  "ticket_reads",
  {
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.userId] }), index("ticket_reads_user_idx").on(table.userId)],
);
