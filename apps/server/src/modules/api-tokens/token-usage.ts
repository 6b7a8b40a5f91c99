import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.js";

export const TOKEN_USAGE_FLUSH_INTERVAL_MS = 5_000;

interface LastUse {
  at: Date;
  ip: string | null;
}

/**
 * Remembers each API token's last use in memory and writes them all with ONE update per flush: a read
 * through a token stays a read (a write per call would cost more than the call). Flushed every few
 * seconds and on close; a failed flush keeps its uses for the next one unless a newer use replaced them.
 */
export class TokenUsageRecorder {
  private pending = new Map<string, LastUse>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly logger: FastifyBaseLogger,
    private readonly intervalMs = TOKEN_USAGE_FLUSH_INTERVAL_MS,
  ) {}

  record(tokenId: string, ip: string | null, at = new Date()): void {
    this.pending.set(tokenId, { at, ip });
  }

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

  /** Writes the uses gathered so far; flushes run one after another, never two at once. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    // One parameter whatever the batch's size: the uses as JSON, unpacked into rows by the database.
    const uses = JSON.stringify([...batch].map(([id, use]) => ({ id, at: use.at.toISOString(), ip: use.ip })));
    try {
      // Another process may have written a later use of the same token: never move it back.
      await this.db.execute(sql`
        update api_tokens t set last_used_at = u.at, last_used_ip = u.ip
        from jsonb_to_recordset(${uses}::jsonb) as u(id uuid, at timestamptz, ip text)
        where t.id = u.id and (t.last_used_at is null or t.last_used_at < u.at)`);
    } catch (error) {
      for (const [id, use] of batch) if (!this.pending.has(id)) this.pending.set(id, use);
      this.logger.warn({ err: error, tokens: batch.size }, "API token last use: flush failed, kept for the next one");
    }
  }
}
