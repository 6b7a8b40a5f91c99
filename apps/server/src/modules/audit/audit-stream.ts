import { PassThrough } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.js";
import { readNewAuditEvents, type AuditFilters } from "./audit.queries.js";

export interface LiveStreamTiming {
  /** How often the log is read for new events. */
  pollMs: number;
  /** How often a comment line keeps proxies from closing an idle stream. */
  heartbeatMs: number;
}

export const DEFAULT_LIVE_TIMING: LiveStreamTiming = { pollMs: 1000, heartbeatMs: 15_000 };
/** The `retry:` the browser waits before reconnecting. */
const RECONNECT_MS = 3000;
const READ_LIMIT = 500;
/** An id below the newest one seen that is not visible yet belongs to a transaction still running, or rolled back. */
const GAP_PATIENCE_MS = 60_000;
const MAX_TRACKED_GAP = 1000;

/**
 * One live-follow stream (Server-Sent Events) of the audit log for one client. It polls the log by
 * id every `pollMs` — one primary-key range read, so the same on PGlite and PostgreSQL, and events
 * written by any API process on the same database arrive. Ids are taken when a row is inserted but
 * become visible when its transaction commits, so a later id can show up first: the ids skipped
 * that way are looked for again for a minute. Each message's `id:` is the highest event id seen so
 * far, so a client resuming with `Last-Event-ID` never gets an event twice.
 */
export class AuditLiveStream {
  readonly output = new PassThrough();
  private highest: number;
  private readonly gaps = new Map<number, number>();
  private pollTimer: NodeJS.Timeout | undefined;
  private readonly heartbeatTimer: NodeJS.Timeout;
  private polling: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly filters: AuditFilters,
    startAfterId: number,
    private readonly log: FastifyBaseLogger,
    private readonly timing: LiveStreamTiming = DEFAULT_LIVE_TIMING,
  ) {
    this.highest = startAfterId;
    // The first bytes go out at once, so the client sees the stream open before any event.
    this.output.write(`retry: ${RECONNECT_MS}\n: following the audit log\n\n`);
    this.heartbeatTimer = setInterval(() => this.output.write(": heartbeat\n\n"), timing.heartbeatMs);
    // The client went away (Fastify destroys the stream) or we ended it.
    this.output.once("close", () => void this.close());
    this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
    this.pollTimer = setTimeout(() => {
      this.polling = this.poll().finally(() => {
        this.polling = undefined;
        this.schedule();
      });
    }, this.timing.pollMs);
  }

  private async poll(): Promise<void> {
    // A client that does not read is not sent more: the next round tries again.
    if (this.output.writableNeedDrain) return;
    const now = Date.now();
    for (const [id, since] of this.gaps) if (now - since > GAP_PATIENCE_MS) this.gaps.delete(id);
    try {
      const { seenIds, events } = await readNewAuditEvents(this.db, this.filters, {
        afterId: this.highest,
        missing: [...this.gaps.keys()],
        limit: READ_LIMIT,
      });
      for (const id of seenIds) {
        if (this.gaps.delete(id)) continue;
        if (id - this.highest - 1 <= MAX_TRACKED_GAP) for (let skipped = this.highest + 1; skipped < id; skipped++) this.gaps.set(skipped, now);
        this.highest = Math.max(this.highest, id);
      }
      if (this.closed) return;
      for (const event of events) this.output.write(`id: ${this.highest}\ndata: ${JSON.stringify(event)}\n\n`);
    } catch (error) {
      if (!this.closed) this.log.warn({ err: error }, "live audit stream could not read the log; it tries again");
    }
  }

  /** Stops polling, waits for a read in flight, and ends the response. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.pollTimer);
    clearInterval(this.heartbeatTimer);
    await this.polling;
    this.output.end();
  }
}
