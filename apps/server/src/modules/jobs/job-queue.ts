import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../db/client.js";
import { jobs, type JobRow } from "../../db/schema/index.js";

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Recurring work: a second pending or running job with the same key is not added. */
  singletonKey?: string;
  /** Jobs sharing a receiver (a webhook endpoint): the runner keeps only a few of one group running at once. */
  groupKey?: string;
}

/**
 * Adds a job in the caller's transaction: it exists exactly when the change that caused it
 * commits. Returns false when a job with the same singleton key is already waiting.
 */
export async function enqueueJob(executor: Executor, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<boolean> {
  const inserted = await executor
    .insert(jobs)
    .values({ kind, payload, runAt: options.runAt ?? sql`now()`, singletonKey: options.singletonKey ?? null, groupKey: options.groupKey ?? null })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

/** Removes the jobs of a group (a webhook endpoint's) not yet started; one running now goes on. Answers how many went. */
export async function cancelPendingJobsOfGroup(executor: Executor, kind: string, groupKey: string): Promise<number> {
  const removed = await executor
    .delete(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.groupKey, groupKey), eq(jobs.state, "pending")))
    .returning({ id: jobs.id });
  return removed.length;
}

/**
 * The job of `kind` in `groupKey` whose payload holds `payloadMatch`, made due now when it is waiting.
 * Answers what it found: `"pending"` (moved forward), `"running"` (it will finish on its own) or
 * `undefined` (none: the caller may queue a new one). The group narrows the search to a few rows.
 */
export async function runPendingJobNow(
  executor: Executor,
  kind: string,
  groupKey: string,
  payloadMatch: Record<string, string>,
): Promise<"pending" | "running" | undefined> {
  const own = and(eq(jobs.kind, kind), eq(jobs.groupKey, groupKey), sql`${jobs.payload} @> ${JSON.stringify(payloadMatch)}::jsonb`);
  const moved = await executor.update(jobs).set({ runAt: sql`now()` }).where(and(own, eq(jobs.state, "pending"))).returning({ id: jobs.id });
  if (moved.length > 0) return "pending";
  const [running] = await executor.select({ id: jobs.id }).from(jobs).where(and(own, eq(jobs.state, "running"))).limit(1);
  return running ? "running" : undefined;
}

/** At most this many jobs of one group (a webhook endpoint) run at once, across all processes. */
export const JOBS_PER_GROUP = 4;

const due = sql`((${jobs.state} = 'pending' and ${jobs.runAt} <= now()) or (${jobs.state} = 'running' and ${jobs.lockedUntil} < now()))`;

/**
 * Takes up to `limit` due jobs of the given kinds for `workerId`: pending ones whose time has come,
 * and running ones whose lease ran out because their process died. `skip locked` lets several
 * processes claim at once without ever taking the same job. A group (`group_key`: the jobs of one
 * webhook receiver) gets at most `perGroup` running jobs: its others wait, and the claim takes the
 * next group's instead, so one receiver that never answers holds `perGroup` slots, never all of them
 * (two processes claiming at the same moment may each fill a group up: the bound is per claim).
 */
export async function claimJobs(db: Database, workerId: string, kinds: string[], limit: number, leaseMs: number, perGroup = JOBS_PER_GROUP): Promise<JobRow[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  // Each branch walks its own partial index in time order and stops early; full groups are skipped
  // in the walk, and the window function keeps what is taken of each group within its room.
  const candidates = sql`
    with busy as (
      select group_key, count(*)::int as running from jobs
      where state = 'running' and group_key is not null and locked_until >= now()
      group by group_key
    ), due as (
      (select id, group_key, run_at as due_at from jobs
       where state = 'pending' and run_at <= now() and kind in (${kindList})
         and (group_key is null or group_key not in (select group_key from busy where running >= ${perGroup}))
       order by run_at limit ${limit * 4})
      union all
      (select id, group_key, locked_until from jobs
       where state = 'running' and locked_until < now() and kind in (${kindList})
       order by locked_until limit ${limit})
    ), ranked as (
      select due.id, due.due_at, due.group_key,
        row_number() over (partition by due.group_key order by due.due_at) + coalesce(busy.running, 0) as place
      from due left join busy on busy.group_key = due.group_key
    )
    select id from ranked where group_key is null or place <= ${perGroup} order by due_at limit ${limit}`;
  const lockable = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(sql`${jobs.id} in (${candidates})`, due))
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({
      state: "running",
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: workerId,
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(jobs.id, lockable))
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

/**
 * The finished runs of one frequent recurring job (a run every few seconds is thousands of rows a day),
 * kept `keepDoneHours` instead of pruneFinishedJobs' days; its failures stay for that one.
 */
export async function pruneDoneRuns(executor: Executor, kind: string, keepDoneHours: number): Promise<number> {
  const removed = await executor
    .delete(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.state, "done"), lt(jobs.finishedAt, sql`now() - make_interval(hours => ${keepDoneHours})`)))
    .returning({ id: jobs.id });
  return removed.length;
}
