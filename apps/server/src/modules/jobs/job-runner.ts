import type { FastifyBaseLogger } from "fastify";
import type { Database, Transaction } from "../../db/client.js";
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
  /** Throws to fail this attempt. Side effects outside the database must be safe to repeat. */
  run(job: JobRow): Promise<void>;
  retry: RetryPolicy;
  /** A few words for the audit log when the job is given up (never secrets). */
  describe?(job: JobRow): Record<string, unknown>;
}

export interface JobRunnerOptions {
  logger: FastifyBaseLogger;
  /** How often to look for work nobody woke us for (jobs made by other processes, retries). */
  pollIntervalMs: number;
  /** Jobs run at once by this process. */
  concurrency: number;
  /** A claimed job is this process's until then; a job still running past it is taken again. */
  leaseMs: number;
}

/**
 * Runs the jobs of the `jobs` table in this process. Every API process may run one; the queue's
 * `skip locked` claim keeps them from running a job twice. `stop()` takes no new work and returns
 * once the jobs in flight are finished, so nothing is still writing when the server stops.
 */
export class JobRunner {
  /** Names this runner in `locked_by`; a later process tells from it whether the holder has ended. */
  readonly workerId = newProcessTag();
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeRequested = false;
  /** Ends the current idle wait early (wake, stop). */
  private endSleep: (() => void) | undefined;
  private readonly recurring: { kind: string; everyMs: number }[] = [];

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: JobRunnerOptions,
  ) {}

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
    this.wakeRequested = true;
    this.endSleep?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.endSleep?.();
    await this.loop;
    this.loop = undefined;
  }

  /** One round: claims what is due (up to the concurrency) and runs it; answers how many ran. */
  async runDueJobs(): Promise<number> {
    const claimed = await claimJobs(this.db, this.workerId, this.kinds, this.options.concurrency, this.options.leaseMs);
    await Promise.all(claimed.map((job) => this.runOne(job)));
    return claimed.length;
  }

  private async work(): Promise<void> {
    // Jobs that a killed process of this host had claimed (their lease would hold them for minutes).
    try {
      const released = await releaseJobsOfGoneWorkers(this.db, isProcessGone);
      if (released > 0) this.options.logger.warn({ released }, "job queue: took back the jobs of a process that ended while running them");
    } catch (error) {
      this.options.logger.error({ err: error }, "job queue: could not take back the jobs of ended processes");
    }
    while (this.running) {
      this.wakeRequested = false;
      let ran = 0;
      try {
        ran = await this.runDueJobs();
      } catch (error) {
        this.options.logger.error({ err: error }, "job queue: claiming failed");
      }
      if (ran === 0 && !this.wakeRequested && this.running) await this.sleep(this.options.pollIntervalMs);
    }
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
    try {
      await handler.run(job);
    } catch (error) {
      await this.recordFailure(job, handler, error, log).catch((recordError: unknown) =>
        log.error({ err: recordError }, "job queue: could not record a failure (the lease will expire and the job run again)"),
      );
      return;
    }
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
