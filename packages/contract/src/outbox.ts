import { z } from "zod";
import { listQuerySchema, timestamp } from "./common.js";

/**
 * One message the server wrote to its outbox (DATA_DIR/mail) because SMTP_URL is unset: what an
 * administrator reads in the admin panel's "Outbox" to pass a verification or reset link on.
 */
export const outboxMessageSchema = z
  .object({
    /** Also the local part of the file's Message-ID (`<id@domain>`), to find the .eml file. */
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    /** When the message was written. */
    createdAt: timestamp,
    /** The plain-text part. */
    text: z.string(),
  })
  .meta({ id: "OutboxMessage" });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxSortFields = ["createdAt"] as const;

/** Newest first by default; `q` searches the recipient and the subject. */
export const outboxListQuerySchema = listQuerySchema(outboxSortFields, { sort: "createdAt", order: "desc" });
export type OutboxListQuery = z.input<typeof outboxListQuerySchema>;
