import type { FastifyBaseLogger } from "fastify";

/**
 * Bookkeeping gathered in memory and written in batches, so the request that causes it stays free of
 * writes (validation counts, API tokens' last use): every few seconds and on close, one flush at a
 * time. A failed flush puts its batch back (`restore`) for the next one.
 */
export abstract class BatchedWriter<K, V> {
  protected pending = new Map<K, V>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    protected readonly logger: FastifyBaseLogger,
    private readonly intervalMs: number,
    /** Names the bookkeeping in the warning of a failed flush. */
    private readonly label: string,
  ) {}

  /** Writes one batch; throws to keep it for the next flush. */
  protected abstract write(batch: Map<K, V>): Promise<void>;
  /** Merges a batch whose write failed back into what was recorded since. */
  protected abstract restore(batch: Map<K, V>): void;

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    // Bookkeeping must never keep a process alive on its own.
    this.timer.unref();
  }

  /** Stops the timer and writes what is left; called from the app's onClose, before the database closes. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes what was gathered so far; flushes run one after another, never two at once. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.write(batch);
    } catch (error) {
      this.restore(batch);
      this.logger.warn({ err: error, entries: batch.size }, `${this.label}: flush failed, kept for the next one`);
    }
  }
}
