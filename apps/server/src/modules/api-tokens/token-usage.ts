import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.js";
import { BatchedWriter } from "../../lib/batched-writer.js";

export const TOKEN_USAGE_FLUSH_INTERVAL_MS = 5_000;

interface LastUse {
  at: Date;
  ip: string | null;
}

/**
 * Remembers each API token's last use in memory and writes them all with ONE update per flush: a read
 * through a token stays a read (a write per call would cost more than the call). A failed flush keeps
 * its uses for the next one unless a newer use replaced them.
 */
export class TokenUsageRecorder extends BatchedWriter<string, LastUse> {
  constructor(
    private readonly db: Database,
    logger: FastifyBaseLogger,
    intervalMs = TOKEN_USAGE_FLUSH_INTERVAL_MS,
  ) {
    super(logger, intervalMs, "API token last use");
  }

  record(tokenId: string, ip: string | null, at = new Date()): void {
    this.pending.set(tokenId, { at, ip });
  }

  protected async write(batch: Map<string, LastUse>): Promise<void> {
    // One parameter whatever the batch's size: the uses as JSON, unpacked into rows by the database.
    const uses = JSON.stringify([...batch].map(([id, use]) => ({ id, at: use.at.toISOString(), ip: use.ip })));
    // Another process may have written a later use of the same token: never move it back.
    await this.db.execute(sql`
      update api_tokens t set last_used_at = u.at, last_used_ip = u.ip
      from jsonb_to_recordset(${uses}::jsonb) as u(id uuid, at timestamptz, ip text)
      where t.id = u.id and (t.last_used_at is null or t.last_used_at < u.at)`);
  }

  protected restore(batch: Map<string, LastUse>): void {
    for (const [id, use] of batch) if (!this.pending.has(id)) this.pending.set(id, use);
  }
}
