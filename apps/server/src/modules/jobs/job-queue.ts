import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../db/client.js";
import { jobs, type JobRow } from "../../db/schema/index.js";

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Recurring work: a second pending or running job with the same key is not added. */
  singletonKey?: string;
}

/**
 * Adds a job in the caller's transaction: it exists exactly when the change that caused it
 * commits. Returns false when a job with the same singleton key is already waiting.
 */
export async function enqueueJob(executor: Executor, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<boolean> {
  const inserted = await executor
    .insert(jobs)
    .values({ kind, payload, runAt: options.runAt ?? sql`now()`, singletonKey: options.singletonKey ?? null })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

/**
 * Takes up to `limit` due jobs of the given kinds for `workerId`: pending ones whose time has come,
 * and running ones whose lease ran out because their process died. `skip locked` lets several
 * processes claim at once without ever taking the same job.
 */
export async function claimJobs(db: Database, workerId: string, kinds: string[], limit: number, leaseMs: number): Promise<JobRow[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        or(and(eq(jobs.state, "pending"), lte(jobs.runAt, sql`now()`)), and(eq(jobs.state, "running"), lt(jobs.lockedUntil, sql`now()`))),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({
      state: "running",
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: workerId,
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/**
 * Puts back the running jobs of workers whose process has ended (`isGone` on their `locked_by`), so a
 * job that a killed process had claimed runs again at once instead of when its lease runs out.
 * Answers how many it put back.
 */
export async function releaseJobsOfGoneWorkers(db: Database, isGone: (workerId: string) => boolean): Promise<number> {
  const holders = await db.selectDistinct({ lockedBy: jobs.lockedBy }).from(jobs).where(eq(jobs.state, "running"));
  const gone = holders.map((row) => row.lockedBy).filter((holder): holder is string => holder !== null && isGone(holder));
  if (gone.length === 0) return 0;
  const released = await db
    .update(jobs)
    .set({ state: "pending", runAt: sql`now()`, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.state, "running"), inArray(jobs.lockedBy, gone)))
    .returning({ id: jobs.id });
  return released.length;
}

/** Only the worker holding the lease may finish a job (a job whose lease ran out belongs to another). */
function heldBy(job: JobRow, workerId: string) {
  return and(eq(jobs.id, job.id), eq(jobs.state, "running"), eq(jobs.lockedBy, workerId));
}

/** Changes a job only while `workerId` still holds it; answers whether it did. */
async function updateHeldJob(executor: Executor, job: JobRow, workerId: string, values: PgUpdateSetSource<typeof jobs>): Promise<boolean> {
  const updated = await executor.update(jobs).set(values).where(heldBy(job, workerId)).returning({ id: jobs.id });
  return updated.length > 0;
}

export function markDone(executor: Executor, job: JobRow, workerId: string): Promise<boolean> {
  return updateHeldJob(executor, job, workerId, { state: "done", finishedAt: sql`now()`, lockedUntil: null, lastError: null });
}

export function markRetry(executor: Executor, job: JobRow, workerId: string, error: string, delayMs: number): Promise<boolean> {
  return updateHeldJob(executor, job, workerId, {
    state: "pending",
    runAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    lockedUntil: null,
    lockedBy: null,
    lastError: error,
  });
}

export function markFailed(executor: Executor, job: JobRow, workerId: string, error: string): Promise<boolean> {
  return updateHeldJob(executor, job, workerId, { state: "failed", finishedAt: sql`now()`, lockedUntil: null, lastError: error });
}

/** Finished jobs are kept a while for support (what was sent, what failed), then removed. */
export async function pruneFinishedJobs(executor: Executor, keepDoneDays: number, keepFailedDays: number): Promise<number> {
  const removed = await executor
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.state, "done"), lt(jobs.finishedAt, sql`now() - make_interval(days => ${keepDoneDays})`)),
        and(eq(jobs.state, "failed"), lt(jobs.finishedAt, sql`now() - make_interval(days => ${keepFailedDays})`)),
      ),
    )
    .returning({ id: jobs.id });
  return removed.length;
}
