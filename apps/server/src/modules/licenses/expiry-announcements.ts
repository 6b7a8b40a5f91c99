import { inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { licenses } from "../../db/schema/index.js";
import { recordAudit } from "../../db/audit.js";
import type { RequestContext } from "../../lib/request-context.js";
import { transactionWithWebhooks, type JobWaker } from "../webhooks/index.js";
import { presentLicense } from "./licenses.presenters.js";
import { licenseSelect } from "./licenses.queries.js";

/** Licences claimed per transaction: a backlog (a day the job did not run) goes out in several. */
export const EXPIRY_ANNOUNCEMENT_BATCH = 200;

const JOB_CONTEXT: RequestContext = { actorId: null, ip: null, userAgent: null };

interface Claimed extends Record<string, unknown> {
  id: string;
  expiration_strategy: "revoke" | "perpetual_fallback";
}

/**
 * Announces the licences whose `expiresAt` has passed, each once: a `license.expired` audit event
 * (no actor) and webhook event, in the transaction that claims it by setting `expiry_announced_at`.
 * The claim is one UPDATE of rows still unannounced, locked with SKIP LOCKED, so two servers running
 * this at once take different licences and never both announce one. A deactivated licence is
 * announced too: its term ends whatever its status, and a vendor following a licence's life (and
 * a licence reactivated later) must not miss that it ended. Answers how many were announced.
 */
export async function announceExpiredLicenses(db: Database, waker: JobWaker, batch = EXPIRY_ANNOUNCEMENT_BATCH): Promise<number> {
  let announced = 0;
  for (;;) {
    const claimed = await transactionWithWebhooks(db, waker, async (tx, webhooks) => {
      const result = await tx.execute<Claimed>(sql`
        update ${licenses} set expiry_announced_at = now()
        where expiry_announced_at is null and id in (
          select id from ${licenses}
          where expiry_announced_at is null and expires_at <= now()
          order by expires_at
          limit ${batch}
          for update skip locked
        )
        returning id, expiration_strategy`);
      const rows = (result as unknown as { rows: Claimed[] }).rows;
      for (const row of rows) {
        await recordAudit(tx, JOB_CONTEXT, {
          action: "license.expired",
          targetType: "license",
          targetId: row.id,
          details: { expirationStrategy: row.expiration_strategy },
        });
      }
      if (rows.length > 0 && (await webhooks.listens("license.expired"))) {
        const records = await licenseSelect(tx).where(inArray(licenses.id, rows.map((row) => row.id)));
        const byId = new Map(records.map((record) => [record.license.id, record]));
        for (const row of rows) await webhooks.emit("license.expired", presentLicense(byId.get(row.id)!));
      }
      return rows.length;
    });
    announced += claimed;
    if (claimed < batch) return announced;
  }
}
