import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.js";
import { validationCounts } from "../../db/schema/index.js";
import { BatchedWriter } from "../../lib/batched-writer.js";

export const VALIDATION_FLUSH_INTERVAL_MS = 5_000;

/**
 * Counts answered licence validations in memory, per UTC day, and adds them to `validation_counts`
 * in batches: the validation itself stays free of writes. Every API process has one; their upserts
 * add up. A failed flush keeps its counts for the next one.
 */
export class ValidationCounter extends BatchedWriter<string, number> {
  constructor(
    private readonly db: Database,
    logger: FastifyBaseLogger,
    intervalMs = VALIDATION_FLUSH_INTERVAL_MS,
  ) {
    super(logger, intervalMs, "validation counts");
  }

  record(at = new Date()): void {
    const day = at.toISOString().slice(0, 10);
    this.pending.set(day, (this.pending.get(day) ?? 0) + 1);
  }

  protected async write(batch: Map<string, number>): Promise<void> {
    await this.db
      .insert(validationCounts)
      .values([...batch].map(([day, count]) => ({ day, count })))
      .onConflictDoUpdate({ target: validationCounts.day, set: { count: sql`${validationCounts.count} + excluded.count` } });
  }

  protected restore(batch: Map<string, number>): void {
    for (const [day, count] of batch) this.pending.set(day, (this.pending.get(day) ?? 0) + count);
  }
}
