import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.js";
import { validationCounts } from "../../db/schema/index.js";

export const VALIDATION_FLUSH_INTERVAL_MS = 5_000;

/**
 * Counts answered licence validations in memory, per UTC day, and adds them to `validation_counts`
 * in batches: the validation itself stays free of writes. Every API process has one; their upserts
 * add up. A failed flush keeps its counts for the next one.
 */
export class ValidationCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly logger: FastifyBaseLogger,
    private readonly intervalMs = VALIDATION_FLUSH_INTERVAL_MS,
  ) {}

  record(at = new Date()): void {
    const day = at.toISOString().slice(0, 10);
    this.pending.set(day, (this.pending.get(day) ?? 0) + 1);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    // Counting must never keep a process alive on its own.
    this.timer.unref();
  }

  /** Stops the timer and writes what is left; called from the app's onClose, before the database closes. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes the counts gathered so far; flushes run one after another, never two at once. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.db
        .insert(validationCounts)
        .values([...batch].map(([day, count]) => ({ day, count })))
        .onConflictDoUpdate({ target: validationCounts.day, set: { count: sql`${validationCounts.count} + excluded.count` } });
    } catch (error) {
      for (const [day, count] of batch) this.pending.set(day, (this.pending.get(day) ?? 0) + count);
      this.logger.warn({ err: error, days: batch.size }, "validation counts: flush failed, kept for the next one");
    }
  }
}
