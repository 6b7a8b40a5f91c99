import type { MessageAuthorRole, TicketMessage, TicketSummary } from "@portal/contract";
import type { TicketMessageRow, TicketRow } from "../../db/schema/index.js";
import { truncateText } from "../../lib/storable-text.js";

export function formatTicketNumber(number: number): string {
  return `T-${String(number).padStart(6, "0")}`;
}

export const fullName = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`.trim();

/** A message whose author's account is gone still says which side wrote it. */
export function authorNameOf(role: MessageAuthorRole, firstname: string | null, lastname: string | null): string {
  if (firstname === null) return role === "user" ? "Former customer" : "Support team";
  return fullName({ firstname, lastname: lastname ?? "" });
}

export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A ticket with its customer, assignee and counts, as the list and the ticket read it. */
export type SummaryRow = {
  ticket: TicketRow;
  customer: { id: string; firstname: string; lastname: string; email: string };
  assigneeId: string | null;
  assigneeFirstname: string | null;
  assigneeLastname: string | null;
  messageCount: number;
  waitingSince: Date | string | null;
};

export function presentSummary(row: SummaryRow): TicketSummary {
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

/** A message with its author's name (null once the account is gone) and its attachments. */
export interface MessageRow {
  message: TicketMessageRow;
  firstname: string | null;
  lastname: string | null;
  attachments: TicketMessage["attachments"];
}

export function presentMessage({ message, firstname, lastname, attachments }: MessageRow): TicketMessage {
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

/** The start of a text, cut by code points, with an ellipsis when something was cut. */
export const excerpt = (text: string, length = 500) => (truncateText(text, length) === text ? text : `${truncateText(text, length - 1)}…`);
