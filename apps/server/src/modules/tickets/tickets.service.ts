import { and, asc, desc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  MessageAuthorRole,
  Page,
  Ticket,
  TicketInbox,
  TicketMessage,
  TicketRead,
  TicketStats,
  TicketStatus,
  TicketSummary,
  ticketBodySchema,
  ticketListQuerySchema,
  ticketMessageBodySchema,
  ticketPatchSchema,
} from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { ticketAttachments, ticketMessages, ticketReads, tickets, users, type TicketRow, type UserRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import type { FileStore } from "../../lib/file-store.js";
import { containsPattern, countRows, pageOrder, rowsInPageOrder } from "../../lib/pagination.js";
import { readPreparedPage } from "../../db/pages.js";
import { preparedStatement } from "../../db/prepared.js";
import { storeStaged, withStoredFiles } from "../../db/stored-files.js";
import type { RequestContext } from "../../lib/request-context.js";
import { truncateText } from "../../lib/storable-text.js";
import { recordAudit } from "../../db/audit.js";
import type { Mailing } from "../jobs/index.js";
import { notify } from "../notifications/index.js";
import type { StagedAttachment } from "./uploads.js";

type TicketInput = z.output<typeof ticketBodySchema>;
type MessageInput = z.output<typeof ticketMessageBodySchema>;
type TicketPatchInput = z.output<typeof ticketPatchSchema>;
type TicketQuery = z.output<typeof ticketListQuerySchema>;

/** Who is asking: customers see their own tickets, administrators all of them. */
export type Viewer = Pick<UserRow, "id" | "isAdmin" | "email" | "firstname" | "lastname">;

export interface TicketDeps {
  files: FileStore;
  mailing: Mailing;
}

export type StatusAction = "in_progress" | "resolve" | "close" | "reopen";

const assignees = alias(users, "assignee");

export function formatTicketNumber(number: number): string {
  return `T-${String(number).padStart(6, "0")}`;
}

const fullName = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`.trim();

/** A message whose author's account is gone still says which side wrote it. */
function authorNameOf(role: MessageAuthorRole, firstname: string | null, lastname: string | null): string {
  if (firstname === null) return role === "user" ? "Former customer" : "Support team";
  return fullName({ firstname, lastname: lastname ?? "" });
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A customer's view of tickets stops at their own; another's is a 404, never a 403. */
const visibleTo = (viewer: Viewer): SQL | undefined => (viewer.isAdmin ? undefined : eq(tickets.userId, viewer.id));

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

type SummaryRow = {
  ticket: TicketRow;
  customer: { id: string; firstname: string; lastname: string; email: string };
  assigneeId: string | null;
  assigneeFirstname: string | null;
  assigneeLastname: string | null;
  messageCount: number;
  waitingSince: Date | string | null;
};

function presentSummary(row: SummaryRow): TicketSummary {
  const { ticket } = row;
  return {
    id: ticket.id,
    number: formatTicketNumber(ticket.number),
    subject: ticket.subject,
    type: ticket.type as TicketSummary["type"],
    priority: ticket.priority as TicketSummary["priority"],
    status: ticket.status,
    user: { id: row.customer.id, name: fullName(row.customer), email: row.customer.email },
    assignee: row.assigneeId ? { id: row.assigneeId, name: fullName({ firstname: row.assigneeFirstname ?? "", lastname: row.assigneeLastname ?? "" }) } : null,
    createdAt: iso(ticket.createdAt),
    updatedAt: iso(ticket.updatedAt),
    firstResponseAt: ticket.firstResponseAt ? iso(ticket.firstResponseAt) : null,
    waitingSince: row.waitingSince ? iso(row.waitingSince) : null,
    messageCount: row.messageCount,
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

type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadQuery>["execute"]>>[number];

function presentMessage({ message, firstname, lastname, attachments }: ThreadRow): TicketMessage {
  return {
    id: message.id,
    authorId: message.authorId,
    authorName: authorNameOf(message.authorRole, firstname, lastname),
    authorRole: message.authorRole,
    body: message.body,
    internal: message.internal,
    attachments,
    createdAt: iso(message.createdAt),
  };
}

const threadOrder = [asc(ticketMessages.createdAt), asc(ticketMessages.id)];

async function threadOf(executor: Executor, viewer: Viewer, ticketId: string): Promise<TicketMessage[]> {
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

/** The ticket row, locked for the change, if the viewer may see it. */
async function lockTicket(tx: Executor, viewer: Viewer, id: string): Promise<TicketRow> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), visibleTo(viewer)))
    .for("update")
    .limit(1);
  if (!row) throw new AppError("ticket/not_found");
  return row;
}

function authorRoleOf(viewer: Viewer, ticket: Pick<TicketRow, "userId">): MessageAuthorRole {
  return viewer.id === ticket.userId || !viewer.isAdmin ? "user" : "admin";
}

/** Moves the staged files into the store and records them on the message (see db/stored-files for the key locks). */
async function attachFiles(tx: Executor, messageId: string, attachments: StagedAttachment[], created: string[]): Promise<void> {
  for (const [position, attachment] of attachments.entries()) {
    const key = await storeStaged(tx, attachment.file, created);
    await tx.insert(ticketAttachments).values({
      messageId,
      name: attachment.name,
      size: attachment.file.size,
      contentType: attachment.contentType,
      sha256: key,
      position,
    });
  }
}

const stagedFilesOf = (attachments: StagedAttachment[]) => attachments.map((attachment) => attachment.file);

async function upsertRead(tx: Executor, ticketId: string, userId: string): Promise<void> {
  await tx
    .insert(ticketReads)
    .values({ ticketId, userId })
    .onConflictDoUpdate({ target: [ticketReads.ticketId, ticketReads.userId], set: { lastReadAt: sql`greatest(${ticketReads.lastReadAt}, now())` } });
}

type Recipient = Pick<UserRow, "id" | "email" | "firstname" | "isAdmin">;

/** Who support-side news of a ticket goes to: its assignee, or every active administrator while it has none. */
async function staffFor(tx: Executor, ticket: Pick<TicketRow, "assigneeId">): Promise<Recipient[]> {
  const columns = { id: users.id, email: users.email, firstname: users.firstname, isAdmin: users.isAdmin };
  const activeAdmin = and(eq(users.isAdmin, true), eq(users.status, "active"));
  if (ticket.assigneeId) return tx.select(columns).from(users).where(and(eq(users.id, ticket.assigneeId), activeAdmin));
  return tx.select(columns).from(users).where(activeAdmin).orderBy(asc(users.createdAt));
}

async function customerOf(tx: Executor, ticket: Pick<TicketRow, "userId">): Promise<Recipient[]> {
  return tx
    .select({ id: users.id, email: users.email, firstname: users.firstname, isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.id, ticket.userId), eq(users.status, "active")));
}

function linkFor(recipient: Recipient, ticket: Pick<TicketRow, "id" | "userId">): string {
  return recipient.isAdmin && recipient.id !== ticket.userId ? `/admin/resolution-center/${ticket.id}` : `/my-tickets/${ticket.id}`;
}

async function notifyAll(
  tx: Executor,
  recipients: Recipient[],
  actorId: string,
  ticket: Pick<TicketRow, "id" | "userId">,
  draft: { title: string; body: string },
  publicUrl: string,
): Promise<number> {
  let sent = 0;
  for (const recipient of recipients) {
    if (recipient.id === actorId) continue;
    await notify(tx, recipient, { type: "support_tickets", ...draft, link: linkFor(recipient, ticket) }, publicUrl);
    sent++;
  }
  return sent;
}

const excerpt = (text: string, length = 500) => (truncateText(text, length) === text ? text : `${truncateText(text, length - 1)}…`);

const statusLabel: Record<TicketStatus, string> = { open: "open", in_progress: "in progress", resolved: "resolved", closed: "closed" };

export async function createTicket(
  db: Database,
  viewer: Viewer,
  input: TicketInput,
  attachments: StagedAttachment[],
  context: RequestContext,
  deps: TicketDeps,
): Promise<Ticket> {
  const ticket = await withStoredFiles(db, deps.files, stagedFilesOf(attachments), (created) =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(tickets).values({ subject: input.subject, type: input.type, priority: input.priority, userId: viewer.id }).returning();
      const ticket = row!;
      const [message] = await tx
        .insert(ticketMessages)
        .values({ ticketId: ticket.id, authorId: viewer.id, authorRole: "user", body: input.message })
        .returning({ id: ticketMessages.id });
      await attachFiles(tx, message!.id, attachments, created);
      await upsertRead(tx, ticket.id, viewer.id);
      const number = formatTicketNumber(ticket.number);
      await recordAudit(tx, context, {
        action: "ticket.created",
        targetType: "ticket",
        targetId: ticket.id,
        details: { number, type: input.type, priority: input.priority, attachments: attachments.length },
      });
      await notifyAll(tx, await staffFor(tx, ticket), viewer.id, ticket, {
        title: `New ticket ${number}: ${input.subject}`,
        body: `${fullName(viewer)} opened ${number} (${input.type.replace("_", " ")}, ${input.priority} priority):\n\n${excerpt(input.message)}`,
      }, deps.mailing.publicUrl);
      return getTicket(tx, viewer, ticket.id);
    }),
  );
  deps.mailing.wake();
  return ticket;
}

export async function addMessage(
  db: Database,
  viewer: Viewer,
  ticketId: string,
  input: MessageInput,
  attachments: StagedAttachment[],
  context: RequestContext,
  deps: TicketDeps,
): Promise<TicketMessage> {
  const internal = input.internal ?? false;
  if (internal && !viewer.isAdmin) throw new AppError("auth/forbidden", { message: "Only administrators can write internal notes." });
  const message = await withStoredFiles(db, deps.files, stagedFilesOf(attachments), (created) =>
    db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, viewer, ticketId);
      if (ticket.status === "closed") throw new AppError("ticket/closed");
      const authorRole = authorRoleOf(viewer, ticket);
      const [row] = await tx
        .insert(ticketMessages)
        .values({ ticketId, authorId: viewer.id, authorRole, body: input.body, internal })
        .returning({ id: ticketMessages.id });
      await attachFiles(tx, row!.id, attachments, created);

      // The customer answering a resolved ticket means it is not resolved. Support's replies never move the status by themselves.
      const reopens = authorRole === "user" && ticket.status === "resolved";
      const firstResponse = authorRole === "admin" && !internal && ticket.firstResponseAt === null;
      // An internal note leaves updatedAt alone: the customer's view must not move because of something they cannot see.
      if (!internal) {
        await tx
          .update(tickets)
          .set({
            updatedAt: sql`now()`,
            ...(reopens ? { status: "open" as const } : {}),
            ...(firstResponse ? { firstResponseAt: sql`now()` } : {}),
          })
          .where(eq(tickets.id, ticketId));
      }
      await upsertRead(tx, ticketId, viewer.id);

      const number = formatTicketNumber(ticket.number);
      await recordAudit(tx, context, {
        action: "ticket.message_added",
        targetType: "ticket",
        targetId: ticketId,
        details: { number, messageId: row!.id, internal, attachments: attachments.length, ...(reopens ? { from: ticket.status, to: "open" } : {}) },
      });
      if (!internal) {
        const recipients = authorRole === "user" ? await staffFor(tx, ticket) : await customerOf(tx, ticket);
        const title = authorRole === "user" ? `${number}: new reply from ${fullName(viewer)}` : `${number}: support replied`;
        await notifyAll(tx, recipients, viewer.id, ticket, { title, body: `Re: ${ticket.subject}\n\n${excerpt(input.body)}` }, deps.mailing.publicUrl);
      }
      const [message] = (await threadOf(tx, viewer, ticketId)).filter((candidate) => candidate.id === row!.id);
      return message!;
    }),
  );
  deps.mailing.wake();
  return message;
}

/** The status machine: open → in_progress → resolved → closed; close from any open state; reopen from resolved or closed. */
const transitions: Record<StatusAction, { from: readonly TicketStatus[]; to: TicketStatus }> = {
  in_progress: { from: ["open"], to: "in_progress" },
  resolve: { from: ["open", "in_progress"], to: "resolved" },
  close: { from: ["open", "in_progress", "resolved"], to: "closed" },
  reopen: { from: ["resolved", "closed"], to: "open" },
};

export async function changeStatus(db: Database, viewer: Viewer, ticketId: string, action: StatusAction, context: RequestContext, deps: TicketDeps): Promise<Ticket> {
  const ticket = await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, viewer, ticketId);
    const transition = transitions[action];
    if (!transition.from.includes(ticket.status)) {
      throw new AppError(action === "close" && ticket.status === "closed" ? "ticket/closed" : "ticket/invalid_transition");
    }
    await tx.update(tickets).set({ status: transition.to, updatedAt: sql`now()` }).where(eq(tickets.id, ticketId));
    const number = formatTicketNumber(ticket.number);
    await recordAudit(tx, context, { action: "ticket.status_changed", targetType: "ticket", targetId: ticketId, details: { number, from: ticket.status, to: transition.to } });
    if (viewer.id !== ticket.userId) {
      await notifyAll(tx, await customerOf(tx, ticket), viewer.id, ticket, {
        title: `${number} is now ${statusLabel[transition.to]}`,
        body: `Support marked your ticket "${ticket.subject}" as ${statusLabel[transition.to]}.`,
      }, deps.mailing.publicUrl);
    }
    return getTicket(tx, viewer, ticketId);
  });
  deps.mailing.wake();
  return ticket;
}

export async function patchTicket(db: Database, viewer: Viewer, ticketId: string, patch: TicketPatchInput, context: RequestContext, deps: TicketDeps): Promise<Ticket> {
  const ticket = await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, viewer, ticketId);
    if (patch.assigneeId) {
      const [assignee] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, patch.assigneeId), eq(users.isAdmin, true), eq(users.status, "active")))
        .limit(1);
      if (!assignee) throw new AppError("ticket/assignee_not_admin");
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (patch.assigneeId !== undefined && patch.assigneeId !== ticket.assigneeId) changes.assigneeId = { from: ticket.assigneeId, to: patch.assigneeId };
    if (patch.priority !== undefined && patch.priority !== ticket.priority) changes.priority = { from: ticket.priority, to: patch.priority };
    if (patch.type !== undefined && patch.type !== ticket.type) changes.type = { from: ticket.type, to: patch.type };
    if (Object.keys(changes).length > 0) {
      await tx
        .update(tickets)
        .set({
          updatedAt: sql`now()`,
          ...(changes.assigneeId ? { assigneeId: patch.assigneeId ?? null } : {}),
          ...(changes.priority ? { priority: patch.priority } : {}),
          ...(changes.type ? { type: patch.type } : {}),
        })
        .where(eq(tickets.id, ticketId));
      const number = formatTicketNumber(ticket.number);
      await recordAudit(tx, context, { action: "ticket.updated", targetType: "ticket", targetId: ticketId, details: { number, changes } });
      if (changes.assigneeId && patch.assigneeId) {
        await notifyAll(tx, await staffFor(tx, { assigneeId: patch.assigneeId }), viewer.id, ticket, {
          title: `${number} was assigned to you`,
          body: `${fullName(viewer)} assigned "${ticket.subject}" to you.`,
        }, deps.mailing.publicUrl);
      }
    }
    return getTicket(tx, viewer, ticketId);
  });
  deps.mailing.wake();
  return ticket;
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

async function unreadCount(executor: Executor, viewer: Viewer): Promise<number> {
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

export async function markTicketRead(db: Database, viewer: Viewer, ticketId: string): Promise<TicketRead> {
  const lastReadAt = await db.transaction(async (tx) => {
    const [ticket] = await tx.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, ticketId), visibleTo(viewer))).limit(1);
    if (!ticket) throw new AppError("ticket/not_found");
    await upsertRead(tx, ticketId, viewer.id);
    const [read] = await tx
      .select({ lastReadAt: ticketReads.lastReadAt })
      .from(ticketReads)
      .where(and(eq(ticketReads.ticketId, ticketId), eq(ticketReads.userId, viewer.id)));
    return read!.lastReadAt;
  });
  return { ticketId, lastReadAt: iso(lastReadAt), unreadCount: await unreadCount(db, viewer) };
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
