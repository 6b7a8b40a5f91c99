import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const jobState = pgEnum("job_state", ["pending", "running", "done", "failed"]);

/**
 * The durable background-work queue (outgoing mail, recurring jobs). A job is written in the
 * transaction of the change that causes it; workers in any API process claim it with
 * `for update skip locked`, so one job runs in one place at a time.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    state: jobState("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** A running job whose lease ran out (its process died) is claimed again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    /** Recurring jobs: at most one pending or running job per key. */
    singletonKey: text("singleton_key"),
    /**
     * Jobs that share a receiver (a webhook endpoint's id): the runner keeps only a few of one group
     * running at once, so one slow receiver cannot take every worker slot from the others.
     */
    groupKey: text("group_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("jobs_due_idx").on(table.runAt).where(sql`${table.state} = 'pending'`),
    index("jobs_lease_idx").on(table.lockedUntil).where(sql`${table.state} = 'running'`),
    // The admin outbox (SMTP_URL unset): the mail written, newest first, paged without reading the rest.
    index("jobs_mail_written_idx").on(table.finishedAt, table.id).where(sql`${table.kind} = 'mail' and ${table.state} = 'done'`),
    index("jobs_group_running_idx").on(table.groupKey).where(sql`${table.state} = 'running' and ${table.groupKey} is not null`),
    uniqueIndex("jobs_singleton_key").on(table.singletonKey).where(sql`${table.state} in ('pending', 'running')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
