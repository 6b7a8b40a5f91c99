import { and, asc, eq } from "drizzle-orm";
import type { MessageAuthorRole, TicketStatus } from "@portal/contract";
import type { Executor } from "../../db/client.js";
import { users, type TicketRow, type UserRow } from "../../db/schema/index.js";
import { notify } from "../notifications/index.js";
import { excerpt, formatTicketNumber, fullName } from "./tickets.presenters.js";
import type { Viewer } from "./tickets.queries.js";

/**
 * Who hears of a ticket's news, and in which words: support of a new ticket or a customer's reply,
 * the customer of support's reply or a status change, an administrator of an assignment. Each call
 * writes in the change's transaction; the author never hears of their own act.
 */

type Recipient = Pick<UserRow, "id" | "email" | "firstname" | "isAdmin">;

const recipientColumns = { id: users.id, email: users.email, firstname: users.firstname, isAdmin: users.isAdmin };

/** Who support-side news of a ticket goes to: its assignee, or every active administrator while it has none. */
async function staffFor(tx: Executor, ticket: Pick<TicketRow, "assigneeId">): Promise<Recipient[]> {
  const activeAdmin = and(eq(users.isAdmin, true), eq(users.status, "active"));
  if (ticket.assigneeId) return tx.select(recipientColumns).from(users).where(and(eq(users.id, ticket.assigneeId), activeAdmin));
  return tx.select(recipientColumns).from(users).where(activeAdmin).orderBy(asc(users.createdAt));
}

async function customerOf(tx: Executor, ticket: Pick<TicketRow, "userId">): Promise<Recipient[]> {
  return tx.select(recipientColumns).from(users).where(and(eq(users.id, ticket.userId), eq(users.status, "active")));
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
): Promise<void> {
  for (const recipient of recipients) {
    if (recipient.id === actorId) continue;
    await notify(tx, recipient, { type: "support_tickets", ...draft, link: linkFor(recipient, ticket) }, publicUrl);
  }
}

const statusLabel: Record<TicketStatus, string> = { open: "open", in_progress: "in progress", resolved: "resolved", closed: "closed" };

/** Support hears of a ticket a customer opened. */
export async function notifyTicketOpened(tx: Executor, ticket: TicketRow, author: Viewer, message: string, publicUrl: string): Promise<void> {
  const number = formatTicketNumber(ticket.number);
  await notifyAll(tx, await staffFor(tx, ticket), author.id, ticket, {
    title: `New ticket ${number}: ${ticket.subject}`,
    body: `${fullName(author)} opened ${number} (${ticket.type.replace("_", " ")}, ${ticket.priority} priority):\n\n${excerpt(message)}`,
  }, publicUrl);
}

/** The other side hears of a reply that is not an internal note: support of the customer's, the customer of support's. */
export async function notifyReply(tx: Executor, ticket: TicketRow, author: Viewer, authorRole: MessageAuthorRole, body: string, publicUrl: string): Promise<void> {
  const number = formatTicketNumber(ticket.number);
  const recipients = authorRole === "user" ? await staffFor(tx, ticket) : await customerOf(tx, ticket);
  const title = authorRole === "user" ? `${number}: new reply from ${fullName(author)}` : `${number}: support replied`;
  await notifyAll(tx, recipients, author.id, ticket, { title, body: `Re: ${ticket.subject}\n\n${excerpt(body)}` }, publicUrl);
}

/** The customer hears that support moved their ticket to another status. */
export async function notifyStatusChanged(tx: Executor, ticket: TicketRow, actor: Viewer, status: TicketStatus, publicUrl: string): Promise<void> {
  await notifyAll(tx, await customerOf(tx, ticket), actor.id, ticket, {
    title: `${formatTicketNumber(ticket.number)} is now ${statusLabel[status]}`,
    body: `Support marked your ticket "${ticket.subject}" as ${statusLabel[status]}.`,
  }, publicUrl);
}

/** An administrator hears that a ticket was assigned to them. */
export async function notifyAssigned(tx: Executor, ticket: TicketRow, actor: Viewer, assigneeId: string, publicUrl: string): Promise<void> {
  await notifyAll(tx, await staffFor(tx, { assigneeId }), actor.id, ticket, {
    title: `${formatTicketNumber(ticket.number)} was assigned to you`,
    body: `${fullName(actor)} assigned "${ticket.subject}" to you.`,
  }, publicUrl);
}
