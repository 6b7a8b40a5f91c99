import { and, eq, sql, type SQL } from "drizzle-orm";
import type { OutboxMessage, Page, outboxListQuerySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { jobs } from "../../db/schema/index.js";
import { containsPattern, countRows, pageOrder, readPage, sliceDirection } from "../../lib/pagination.js";
import { MAIL_JOB } from "./mail.js";

type OutboxQuery = z.output<typeof outboxListQuerySchema>;

/**
 * The outbox is read from the mail jobs, not from DATA_DIR/mail: a done mail job is exactly a message
 * the mailer wrote (its file's Message-ID carries the job's id), every API process sees the same
 * rows, and a page is an index range (jobs_mail_written_idx) however many files the folder holds.
 * Done jobs are pruned after 14 days (background-jobs.ts), and so are the outbox's messages.
 */
function outboxWhere(search: string | undefined): SQL | undefined {
  return and(
    eq(jobs.kind, MAIL_JOB),
    eq(jobs.state, "done"),
    search ? sql`(${jobs.payload}->>'to' ilike ${search} or ${jobs.payload}->>'subject' ilike ${search})` : undefined,
  );
}

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

export function listOutbox(db: Database, query: OutboxQuery): Promise<Page<OutboxMessage>> {
  const where = outboxWhere(query.q ? containsPattern(query.q) : undefined);
  return readPage(
    query,
    () => db.select(countRows()).from(jobs).where(where),
    (slice) =>
      db
        .select({ id: jobs.id, payload: jobs.payload, finishedAt: jobs.finishedAt })
        .from(jobs)
        .where(where)
        .orderBy(...pageOrder(sliceDirection(slice, query.order), jobs.finishedAt, jobs.id))
        .limit(slice.limit)
        .offset(slice.offset),
    async (rows) =>
      rows.map((row) => ({
        id: row.id,
        to: textOf(row.payload.to),
        subject: textOf(row.payload.subject),
        createdAt: row.finishedAt!.toISOString(),
        text: textOf(row.payload.text),
      })),
  );
}
