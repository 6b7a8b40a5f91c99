import { and, eq, sql } from "drizzle-orm";
import type { MessageAuthorRole, Ticket, TicketMessage, TicketRead, TicketStatus, ticketBodySchema, ticketMessageBodySchema, ticketPatchSchema } from "@portal/contract";
import type { z } from "zod";
import { recordAudit } from "../../db/audit.js";
import type { Database, Executor } from "../../db/client.js";
import { ticketAttachments, ticketMessages, ticketReads, tickets, users, type TicketRow } from "../../db/schema/index.js";
import { storeStaged, withStoredFiles } from "../../db/stored-files.js";
import { AppError } from "../../lib/app-error.js";
import type { FileStore } from "../../lib/file-store.js";
import type { RequestContext } from "../../lib/request-context.js";
import type { Mailing } from "../jobs/index.js";
import { transactionWithWebhooks } from "../webhooks/index.js";
import { notifyAssigned, notifyReply, notifyStatusChanged, notifyTicketOpened } from "./tickets.notifications.js";
import { formatTicketNumber, iso } from "./tickets.presenters.js";
import { customerTicket, customerTicketSummary, getTicket, readMessage, unreadCount, visibleTo, type Viewer } from "./tickets.queries.js";
import type { StagedAttachment } from "./uploads.js";

/** The changes of tickets: opening one, replying, moving its status, assigning it, marking it read. */

type TicketInput = z.output<typeof ticketBodySchema>;
type MessageInput = z.output<typeof ticketMessageBodySchema>;
type TicketPatchInput = z.output<typeof ticketPatchSchema>;

export interface TicketDeps {
  files: FileStore;
  mailing: Mailing;
}

export type StatusAction = "in_progress" | "resolve" | "close" | "reopen";

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

export async function createTicket(
  db: Database,
  viewer: Viewer,
  input: TicketInput,
  attachments: StagedAttachment[],
  context: RequestContext,
  deps: TicketDeps,
): Promise<Ticket> {
  const ticket = await withStoredFiles(db, deps.files, stagedFilesOf(attachments), (created) =>
    transactionWithWebhooks(db, deps.mailing, async (tx, webhooks) => {
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
      await notifyTicketOpened(tx, ticket, viewer, input.message, deps.mailing.publicUrl);
      await webhooks.emitLazily("ticket.created", () => customerTicket(tx, ticket.id));
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
    transactionWithWebhooks(db, deps.mailing, async (tx, webhooks) => {
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
      const message = await readMessage(tx, row!.id);
      // An internal note is for the team alone: no notification, and no event (outside systems are not the team).
      if (!internal) {
        await notifyReply(tx, ticket, viewer, authorRole, input.body, deps.mailing.publicUrl);
        await webhooks.emitLazily("ticket.message-created", async () => ({ ticket: await customerTicketSummary(tx, ticketId), message }));
        if (reopens) await webhooks.emitLazily("ticket.status-changed", () => customerTicket(tx, ticketId));
      }
      return message;
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
  const ticket = await transactionWithWebhooks(db, deps.mailing, async (tx, webhooks) => {
    const ticket = await lockTicket(tx, viewer, ticketId);
    const transition = transitions[action];
    if (!transition.from.includes(ticket.status)) {
      throw new AppError(action === "close" && ticket.status === "closed" ? "ticket/closed" : "ticket/invalid_transition");
    }
    await tx.update(tickets).set({ status: transition.to, updatedAt: sql`now()` }).where(eq(tickets.id, ticketId));
    const number = formatTicketNumber(ticket.number);
    await recordAudit(tx, context, { action: "ticket.status_changed", targetType: "ticket", targetId: ticketId, details: { number, from: ticket.status, to: transition.to } });
    if (viewer.id !== ticket.userId) await notifyStatusChanged(tx, ticket, viewer, transition.to, deps.mailing.publicUrl);
    await webhooks.emitLazily("ticket.status-changed", () => customerTicket(tx, ticketId));
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
      if (changes.assigneeId && patch.assigneeId) await notifyAssigned(tx, ticket, viewer, patch.assigneeId, deps.mailing.publicUrl);
    }
    return getTicket(tx, viewer, ticketId);
  });
  deps.mailing.wake();
  return ticket;
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

