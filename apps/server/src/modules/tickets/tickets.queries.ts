import { and, asc, desc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Page, Ticket, TicketInbox, TicketMessage, TicketStats, TicketSummary, ticketListQuerySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { readPreparedPage } from "../../db/pages.js";
import { preparedStatement } from "../../db/prepared.js";
import { ticketAttachments, ticketMessages, ticketReads, tickets, users, type UserRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { containsPattern, countRows, pageOrder, rowsInPageOrder } from "../../lib/pagination.js";
import { authorNameOf, excerpt, formatTicketNumber, iso, presentMessage, presentSummary, type SummaryRow } from "./tickets.presenters.js";

/** The reads of tickets: lists, one ticket with its thread, the statistics, the inbox and attachments. */

type TicketQuery = z.output<typeof ticketListQuerySchema>;

/** Who is asking: customers see their own tickets, administrators all of them. */
export type Viewer = Pick<UserRow, "id" | "isAdmin" | "email" | "firstname" | "lastname">;

const assignees = alias(users, "assignee");

/** A customer's view of tickets stops at their own; another's is a 404, never a 403. */
export const visibleTo = (viewer: Viewer): SQL | undefined => (viewer.isAdmin ? undefined : eq(tickets.userId, viewer.id));

/** Internal notes exist only for administrators: not in threads, counts, the inbox or notifications. */
const messagesVisibleTo = (viewer: Pick<Viewer, "isAdmin">): SQL | undefined => (viewer.isAdmin ? undefined : eq(ticketMessages.internal, false));

const statusRank = sql<number>`case ${tickets.status} when 'open' then 1 when 'in_progress' then 2 when 'resolved' then 3 else 4 end`;
const priorityRank = sql<number>`case ${tickets.priority} when 'low' then 1 when 'medium' then 2 when 'high' then 3 else 4 end`;
const sortColumns = {
  number: tickets.number,
  subject: sql`lower(${tickets.subject})`,
  status: statusRank,
  priority: priorityRank,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
} as const;

function summaryColumns(viewer: Pick<Viewer, "isAdmin">) {
  return {
    ticket: tickets,
    customer: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email },
    assigneeId: assignees.id,
    assigneeFirstname: assignees.firstname,
    assigneeLastname: assignees.lastname,
    messageCount: sql<number>`(select count(*)::int from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id}${
      viewer.isAdmin ? sql`` : sql` and not ${ticketMessages.internal}`
    })`,
    // The customer has been waiting since their last message while the last public word is theirs and the ticket is active.
    waitingSince: sql<Date | string | null>`case when ${tickets.status} in ('open', 'in_progress') then (
      select case when m.author_role = 'user' then m.created_at end from ${ticketMessages} m
      where m.ticket_id = ${tickets.id} and not m.internal order by m.created_at desc, m.id desc limit 1) end`,
  };
}

function summaryQuery(executor: Executor, viewer: Pick<Viewer, "isAdmin">) {
  return executor
    .select(summaryColumns(viewer))
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .leftJoin(assignees, eq(assignees.id, tickets.assigneeId));
}

/** What a ticket list's statements depend on, besides values: the same shape, the same SQL. */
interface ListShape extends Record<string, string | boolean> {
  customer: boolean;
  status: boolean;
  type: boolean;
  priority: boolean;
  assignee: "" | "none" | "someone";
  q: boolean;
  qNumber: boolean;
}

function listWhere(shape: ListShape): SQL | undefined {
  const pattern = sql.placeholder("pattern");
  return and(
    shape.customer ? eq(tickets.userId, sql.placeholder("viewerId")) : undefined,
    shape.status ? eq(tickets.status, sql.placeholder("status")) : undefined,
    shape.type ? eq(tickets.type, sql.placeholder("type")) : undefined,
    shape.priority ? eq(tickets.priority, sql.placeholder("priority")) : undefined,
    shape.assignee === "none" ? isNull(tickets.assigneeId) : shape.assignee === "someone" ? eq(tickets.assigneeId, sql.placeholder("assigneeId")) : undefined,
    shape.q
      ? or(
          sql`${tickets.subject} ilike ${pattern}`,
          sql`${users.email} ilike ${pattern}`,
          sql`(${users.firstname} || ' ' || ${users.lastname}) ilike ${pattern}`,
          shape.qNumber ? eq(tickets.number, sql.placeholder("number")) : undefined,
        )
      : undefined,
  );
}

export function listTickets(db: Database, viewer: Viewer, query: TicketQuery): Promise<Page<TicketSummary>> {
  // "T-000123", "t123", "#123" or "123" finds ticket 123.
  const number = query.q ? /^#?(?:t-?)?0*(\d{1,15})$/i.exec(query.q.trim()) : null;
  const shape: ListShape = {
    customer: !viewer.isAdmin,
    status: Boolean(query.status),
    type: Boolean(query.type),
    priority: Boolean(query.priority),
    assignee: !query.assigneeId ? "" : query.assigneeId === "none" ? "none" : "someone",
    q: Boolean(query.q),
    qNumber: number !== null,
  };
  const values = {
    viewerId: viewer.id,
    status: query.status,
    type: query.type,
    priority: query.priority,
    assigneeId: query.assigneeId,
    pattern: query.q && containsPattern(query.q),
    number: number && Number(number[1]),
  };
  return readPreparedPage(db, query, {
    kind: "tickets",
    shape,
    values,
    count: (counted, name) => {
      // The customer's name and e-mail are needed to count only when the search text may match them.
      const from = counted.q ? db.select(countRows()).from(tickets).innerJoin(users, eq(users.id, tickets.userId)) : db.select(countRows()).from(tickets);
      return from.where(listWhere(counted)).prepare(name);
    },
    // The page's ids first, then its rows, as the licence list does: the ids' statement has LIMIT and
    // OFFSET as parameters, so PostgreSQL plans it on every call, and planning it with the customer,
    // the assignee and two subqueries cost more than running it; the rows' statement keeps one plan.
    page: (page, name) =>
      (page.q ? db.select({ id: tickets.id }).from(tickets).innerJoin(users, eq(users.id, tickets.userId)) : db.select({ id: tickets.id }).from(tickets))
        .where(listWhere(page))
        .orderBy(...pageOrder(page.direction, sortColumns[page.sort], tickets.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(name),
    present: async (ids) => (await rowsInPageOrder(ids, (wanted) => summariesById(db, viewer, wanted), (row) => row.ticket.id)).map(presentSummary),
  });
}

/** The summaries of the tickets with these ids that the viewer may see (a customer: their own), in no order, through one kept plan. */
function summariesById(db: Database, viewer: Pick<Viewer, "id" | "isAdmin">, ids: string[]): Promise<SummaryRow[]> {
  return preparedStatement(db, "tickets_by_id", { customer: !viewer.isAdmin }, (shape, name) =>
    summaryQuery(db, { isAdmin: !shape.customer })
      .where(and(sql`${tickets.id} = any(${sql.placeholder("ids")}::uuid[])`, shape.customer ? eq(tickets.userId, sql.placeholder("viewerId")) : undefined))
      .prepare(name),
  ).execute({ ids, viewerId: viewer.id });
}

async function findSummary(executor: Executor, viewer: Viewer, id: string): Promise<TicketSummary> {
  const [row] = await summaryQuery(executor, viewer)
    .where(and(eq(tickets.id, id), visibleTo(viewer)))
    .limit(1);
  if (!row) throw new AppError("ticket/not_found");
  return presentSummary(row);
}

/** A message's attachments, in their order, as a JSON column of the message's row. */
const attachmentsOfMessage = sql<TicketMessage["attachments"]>`coalesce((
  select json_agg(json_build_object('id', a.id, 'name', a.name, 'size', a.size, 'contentType', a.content_type) order by a.position)
  from ${ticketAttachments} a where a.message_id = ${ticketMessages.id}), '[]'::json)`;

function threadQuery(executor: Executor) {
  return executor
    .select({ message: ticketMessages, firstname: users.firstname, lastname: users.lastname, attachments: attachmentsOfMessage })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId));
}

const threadOrder = [asc(ticketMessages.createdAt), asc(ticketMessages.id)];

async function threadOf(executor: Executor, viewer: Pick<Viewer, "isAdmin">, ticketId: string): Promise<TicketMessage[]> {
  const rows = await threadQuery(executor)
    .where(and(eq(ticketMessages.ticketId, ticketId), messagesVisibleTo(viewer)))
    .orderBy(...threadOrder);
  return rows.map(presentMessage);
}

/** A ticket and its thread inside a transaction (after a change). */
export async function getTicket(executor: Executor, viewer: Viewer, id: string): Promise<Ticket> {
  const summary = await findSummary(executor, viewer, id);
  return { ...summary, messages: await threadOf(executor, viewer, id) };
}

/**
 * A ticket's summary as its customer reads it: counts and waiting times without internal notes.
 * Webhook events carry tickets this way, whoever made the change.
 */
export async function customerTicketSummary(executor: Executor, id: string): Promise<TicketSummary> {
  const [row] = await summaryQuery(executor, { isAdmin: false }).where(eq(tickets.id, id)).limit(1);
  if (!row) throw new AppError("ticket/not_found");
  return presentSummary(row);
}

/** A ticket and its thread as its customer reads them (no internal note): what webhook events carry. */
export async function customerTicket(executor: Executor, id: string): Promise<Ticket> {
  return { ...(await customerTicketSummary(executor, id)), messages: await threadOf(executor, { isAdmin: false }, id) };
}

/**
 * `GET /tickets/:id`: the summary and the thread side by side, each through a kept plan. A customer's
 * view stops at their own tickets: the summary of another's is not read, and it answers 404.
 */
export async function readTicket(db: Database, viewer: Viewer, id: string): Promise<Ticket> {
  const [[summary], messages] = await Promise.all([
    summariesById(db, viewer, [id]),
    preparedStatement(db, "ticket_thread", { customer: !viewer.isAdmin }, (shape, name) =>
      threadQuery(db)
        .where(and(eq(ticketMessages.ticketId, sql.placeholder("ticketId")), messagesVisibleTo({ isAdmin: !shape.customer })))
        .orderBy(...threadOrder)
        .prepare(name),
    ).execute({ ticketId: id }),
  ]);
  if (!summary) throw new AppError("ticket/not_found");
  return { ...presentSummary(summary), messages: messages.map(presentMessage) };
}

/** One message as its thread shows it: what a reply answers once it is written. */
export async function readMessage(executor: Executor, id: string): Promise<TicketMessage> {
  const [row] = await threadQuery(executor).where(eq(ticketMessages.id, id)).limit(1);
  return presentMessage(row!);
}

export async function ticketStats(db: Database, viewer: Viewer): Promise<TicketStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`count(*) filter (where ${tickets.status} = 'open')::int`,
      inProgress: sql<number>`count(*) filter (where ${tickets.status} = 'in_progress')::int`,
      resolved: sql<number>`count(*) filter (where ${tickets.status} = 'resolved')::int`,
      closed: sql<number>`count(*) filter (where ${tickets.status} = 'closed')::int`,
      medianFirstResponseSeconds: sql<number | string | null>`percentile_cont(0.5) within group (order by extract(epoch from ${tickets.firstResponseAt} - ${tickets.createdAt}))
        filter (where ${tickets.createdAt} > now() - interval '30 days' and ${tickets.firstResponseAt} is not null)`,
    })
    .from(tickets)
    .where(visibleTo(viewer));
  const median = row?.medianFirstResponseSeconds;
  return {
    total: row?.total ?? 0,
    open: row?.open ?? 0,
    inProgress: row?.inProgress ?? 0,
    resolved: row?.resolved ?? 0,
    closed: row?.closed ?? 0,
    medianFirstResponseSeconds: median === null || median === undefined ? null : Math.round(Number(median) * 1000) / 1000,
  };
}

/**
 * Tickets whose news is addressed to the viewer: a customer's own; for an administrator also those
 * assigned to them or to nobody.
 */
function inboxTickets(viewer: Viewer): SQL {
  if (!viewer.isAdmin) return eq(tickets.userId, viewer.id);
  return or(eq(tickets.userId, viewer.id), eq(tickets.assigneeId, viewer.id), isNull(tickets.assigneeId))!;
}

const readAlready = sql<boolean>`coalesce(${ticketMessages.createdAt} <= ${ticketReads.lastReadAt}, false)`;

function inboxWhere(viewer: Viewer): SQL {
  return and(inboxTickets(viewer), eq(ticketMessages.internal, false), or(isNull(ticketMessages.authorId), ne(ticketMessages.authorId, viewer.id)))!;
}

export async function unreadCount(executor: Executor, viewer: Viewer): Promise<number> {
  const [row] = await executor
    .select(countRows())
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .leftJoin(ticketReads, and(eq(ticketReads.ticketId, tickets.id), eq(ticketReads.userId, viewer.id)))
    .where(and(inboxWhere(viewer), sql`not ${readAlready}`));
  return row?.total ?? 0;
}

export async function ticketInbox(db: Database, viewer: Viewer, limit: number): Promise<TicketInbox> {
  const rows = await db
    .select({
      message: ticketMessages,
      number: tickets.number,
      subject: tickets.subject,
      firstname: users.firstname,
      lastname: users.lastname,
      read: readAlready,
    })
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .leftJoin(ticketReads, and(eq(ticketReads.ticketId, tickets.id), eq(ticketReads.userId, viewer.id)))
    .where(inboxWhere(viewer))
    .orderBy(asc(readAlready), desc(ticketMessages.createdAt), desc(ticketMessages.id))
    .limit(limit);
  return {
    items: rows.map((row) => ({
      messageId: row.message.id,
      ticketId: row.message.ticketId,
      ticketNumber: formatTicketNumber(row.number),
      subject: row.subject,
      authorName: authorNameOf(row.message.authorRole, row.firstname, row.lastname),
      authorRole: row.message.authorRole,
      excerpt: excerpt(row.message.body.replace(/\s+/g, " ").trim(), 140),
      createdAt: iso(row.message.createdAt),
      read: row.read,
    })),
    unreadCount: await unreadCount(db, viewer),
  };
}

export interface AttachmentDownload {
  name: string;
  size: number;
  contentType: string;
  sha256: string;
}

/** An attachment the viewer may download: on a ticket they may see, and for customers not on an internal note. */
export async function findAttachment(db: Database, viewer: Viewer, ticketId: string, attachmentId: string): Promise<AttachmentDownload> {
  const [row] = await db
    .select({ name: ticketAttachments.name, size: ticketAttachments.size, contentType: ticketAttachments.contentType, sha256: ticketAttachments.sha256 })
    .from(ticketAttachments)
    .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .where(and(eq(ticketAttachments.id, attachmentId), eq(tickets.id, ticketId), visibleTo(viewer), messagesVisibleTo(viewer)))
    .limit(1);
  if (!row) throw new AppError("ticket/not_found");
  return row;
}
