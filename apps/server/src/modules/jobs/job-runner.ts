import type { FastifyBaseLogger } from "fastify";
import type { Database, Executor, Transaction } from "../../db/client.js";
import type { JobRow } from "../../db/schema/index.js";
import { isProcessGone, newProcessTag } from "../../lib/process-tag.js";
import { truncateText } from "../../lib/storable-text.js";
import { recordAudit } from "../../db/audit.js";
import { claimJobs, enqueueJob, markDone, markFailed, markRetry, releaseJobsOfGoneWorkers } from "./job-queue.js";

export interface RetryPolicy {
  /** Delay before the first retry; each later one doubles, up to maxDelayMs (±20% jitter). */
  minDelayMs: number;
  maxDelayMs: number;
  /** Counted from the job's creation: past it, a failure is final (failed, logged, audited). */
  giveUpAfterMs: number;
}

export interface JobHandler {
  /**
   * Throws to fail this attempt (the runner retries it by `retry`). Side effects outside the database
   * must be safe to repeat. A handler that records its outcome in a transaction of its own finishes
   * the job there too, through `settle`; otherwise the runner marks it done when `run` returns.
   */
  run(job: JobRow, settle: JobSettlement): Promise<void>;
  retry: RetryPolicy;
  /** A few words for the audit log when the job is given up (never secrets). */
  describe?(job: JobRow): Record<string, unknown>;
  /**
   * Slots of its own, beside the runner's shared `concurrency`: jobs of this kind never wait for the
   * other kinds' jobs, nor make them wait (webhook deliveries, which may each wait 10 s on a receiver).
   */
  concurrency?: number;
}

/** Finishing a job inside the handler's own transaction, with the change that records its outcome. */
export interface JobSettlement {
  /** The job is finished; answers false when this worker no longer holds it (its lease ran out). */
  done(tx: Executor): Promise<boolean>;
  /** The job runs again in `delayMs` (the handler keeps its own schedule and give-up). */
  retryIn(tx: Executor, delayMs: number, error: string): Promise<boolean>;
}

export interface JobRunnerOptions {
  logger: FastifyBaseLogger;
  /** How often to look for work nobody woke us for (jobs made by other processes, retries). */
  pollIntervalMs: number;
  /** Jobs run at once by this process, shared by the kinds without a `concurrency` of their own. */
  concurrency: number;
  /** A claimed job is this process's until then; a job still running past it is taken again. */
  leaseMs: number;
}

/** Kinds that share slots: the runner claims for a lane only as many jobs as it has free slots. */
interface Lane {
  kinds: string[];
  slots: number;
  running: number;
}

/**
 * Runs the jobs of the `jobs` table in this process. Every API process may run one; the queue's
 * `skip locked` claim keeps them from running a job twice. Claiming is continuous: a job that ends
 * frees its slot and the next due job is claimed into it at once (a round that waited for its whole
 * batch let one slow job hold every other slot idle). `stop()` takes no new work and returns once
 * the jobs in flight are finished, so nothing is still writing when the server stops.
 */
export class JobRunner {
  /** Names this runner in `locked_by`; a later process tells from it whether the holder has ended. */
  readonly workerId = newProcessTag();
  private running = false;
  private loop: Promise<void> | undefined;
  /** Lanes to claim for on the next turn of the loop (a slot was freed, or wake() asked for all). */
  private readonly lanesToClaim = new Set<Lane>();
  /** Ends the current idle wait early (wake, a finished job, stop). */
  private endSleep: (() => void) | undefined;
  private readonly recurring: { kind: string; everyMs: number }[] = [];
  private readonly lanes: Lane[];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: JobRunnerOptions,
  ) {
    const shared: Lane = { kinds: [], slots: options.concurrency, running: 0 };
    const own: Lane[] = [];
    for (const [kind, handler] of Object.entries(handlers)) {
      if (handler.concurrency) own.push({ kinds: [kind], slots: handler.concurrency, running: 0 });
      else shared.kinds.push(kind);
    }
    this.lanes = [shared, ...own].filter((lane) => lane.kinds.length > 0);
  }

  get kinds(): string[] {
    return Object.keys(this.handlers);
  }

  /**
   * Makes `kind` run every `everyMs`, once across all processes: the job re-adds itself when done,
   * and a singleton key stops a second copy.
   */
  async scheduleRecurring(kind: string, everyMs: number): Promise<void> {
    if (!this.handlers[kind]) throw new Error(`no handler for job kind ${kind}`);
    this.recurring.push({ kind, everyMs });
    await enqueueJob(this.db, kind, {}, { singletonKey: kind });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.work();
  }

  /** Look for work now: call it after the transaction that queued a job has committed. */
  wake(): void {
    for (const lane of this.lanes) this.lanesToClaim.add(lane);
    this.endSleep?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.endSleep?.();
    await this.loop;
    this.loop = undefined;
  }

  /** One round, for tests and tools: claims what is due (up to each lane's free slots), runs it and waits for it; answers how many ran. */
  async runDueJobs(): Promise<number> {
    const started: Promise<void>[] = [];
    for (const lane of this.lanes) started.push(...(await this.claimInto(lane)));
    await Promise.all(started);
    return started.length;
  }

  /** Claims up to the lane's free slots and starts each job without waiting for it; answers the jobs started. */
  private async claimInto(lane: Lane): Promise<Promise<void>[]> {
    const free = lane.slots - lane.running;
    if (free <= 0) return [];
    const claimed = await claimJobs(this.db, this.workerId, lane.kinds, free, this.options.leaseMs);
    return claimed.map((job) => {
      lane.running++;
      const run: Promise<void> = this.runOne(job).finally(() => {
        lane.running--;
        this.inFlight.delete(run);
        // The freed slot takes the next due job of its lane at once.
        this.lanesToClaim.add(lane);
        this.endSleep?.();
      });
      this.inFlight.add(run);
      return run;
    });
  }

  private async work(): Promise<void> {
    // Jobs that a killed process of this host had claimed (their lease would hold them for minutes).
    try {
      const released = await releaseJobsOfGoneWorkers(this.db, isProcessGone);
      if (released > 0) this.options.logger.warn({ released }, "job queue: took back the jobs of a process that ended while running them");
    } catch (error) {
      this.options.logger.error({ err: error }, "job queue: could not take back the jobs of ended processes");
    }
    let lastPoll = 0;
    while (this.running) {
      // Every lane is looked at once a poll interval (retries come due, other processes add work),
      // even while one lane's finishing jobs keep waking the loop.
      if (Date.now() - lastPoll >= this.options.pollIntervalMs) {
        for (const lane of this.lanes) this.lanesToClaim.add(lane);
        lastPoll = Date.now();
      }
      const lanes = [...this.lanesToClaim];
      this.lanesToClaim.clear();
      for (const lane of lanes) {
        try {
          await this.claimInto(lane);
        } catch (error) {
          this.options.logger.error({ err: error }, "job queue: claiming failed");
        }
      }
      if (this.lanesToClaim.size === 0 && this.running) await this.sleep(Math.max(1, lastPoll + this.options.pollIntervalMs - Date.now()));
    }
    await Promise.all(this.inFlight);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.endSleep = undefined;
        resolve();
      };
      this.endSleep = done;
    });
  }

  private async runOne(job: JobRow): Promise<void> {
    const handler = this.handlers[job.kind]!;
    const log = this.options.logger.child({ jobId: job.id, jobKind: job.kind, attempt: job.attempts });
    let settled = false;
    const settle: JobSettlement = {
      done: async (tx) => {
        settled = true;
        return markDone(tx, job, this.workerId);
      },
      retryIn: async (tx, delayMs, error) => {
        settled = true;
        return markRetry(tx, job, this.workerId, error, delayMs);
      },
    };
    try {
      await handler.run(job, settle);
    } catch (error) {
      if (settled) {
        log.error({ err: error }, "job queue: a job failed after it was settled");
        return;
      }
      await this.recordFailure(job, handler, error, log).catch((recordError: unknown) =>
        log.error({ err: recordError }, "job queue: could not record a failure (the lease will expire and the job run again)"),
      );
      return;
    }
    if (settled) return;
    try {
      await this.db.transaction(async (tx) => {
        if (await markDone(tx, job, this.workerId)) await this.scheduleNextRun(tx, job);
      });
    } catch (error) {
      log.error({ err: error }, "job queue: could not mark a finished job done");
    }
  }

  /** A recurring job's next run is added with the end of this one, whether it succeeded or gave up. */
  private async scheduleNextRun(tx: Transaction, job: JobRow): Promise<void> {
    const recurring = this.recurring.find((entry) => entry.kind === job.kind);
    if (recurring) await enqueueJob(tx, job.kind, {}, { singletonKey: job.kind, runAt: new Date(Date.now() + recurring.everyMs) });
  }

  private async recordFailure(job: JobRow, handler: JobHandler, error: unknown, log: FastifyBaseLogger): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const delayMs = retryDelay(handler.retry, job.attempts);
    const givesUp = Date.now() + delayMs > job.createdAt.getTime() + handler.retry.giveUpAfterMs;
    if (!givesUp) {
      await markRetry(this.db, job, this.workerId, message, delayMs);
      log.warn({ err: error, retryInMs: Math.round(delayMs) }, "job failed; it will be retried");
      return;
    }
    await this.db.transaction(async (tx) => {
      if (!(await markFailed(tx, job, this.workerId, message))) return;
      await this.scheduleNextRun(tx, job);
      await recordAudit(tx, { actorId: null, ip: null, userAgent: null }, {
        action: "job.failed",
        outcome: "failure",
        targetType: "job",
        targetId: job.id,
        details: { kind: job.kind, attempts: job.attempts, error: truncateText(message, 500), ...handler.describe?.(job) },
      });
    });
    log.error({ err: error }, "job given up after its last retry");
  }
}

export function retryDelay(policy: RetryPolicy, attempts: number): number {
  const base = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** Math.max(0, attempts - 1));
  return base * (0.8 + Math.random() * 0.4);
}
