import { and, asc, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Database, Transaction } from "../../db/client.js";
import { users, webhookDeliveries, webhookEndpoints, webhookEvents, type JobRow } from "../../db/schema/index.js";
import { recordAudit } from "../../db/audit.js";
import type { HostResolver } from "../../lib/outbound-address.js";
import { postOutbound, type OutboundResult } from "../../lib/outbound-http.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { truncateText } from "../../lib/storable-text.js";
import { retryDelay, type JobHandler, type JobSettlement, type RetryPolicy } from "../jobs/index.js";
import { notify } from "../notifications/index.js";
import { stopPendingDeliveries } from "./webhooks.service.js";

export interface WebhookDeliverySettings {
  /** WEBHOOK_RETRY_MIN_SECONDS, doubling, at most an hour apart, with jitter. */
  retry: Pick<RetryPolicy, "minDelayMs" | "maxDelayMs">;
  /** WEBHOOK_GIVE_UP_AFTER_HOURS, from the delivery's creation. */
  giveUpAfterMs: number;
  /** WEBHOOK_DISABLE_AFTER_HOURS of nothing but failures. */
  disableAfterMs: number;
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Where the admins' notification links point. */
  publicUrl: string;
  /** Wakes the runner after a commit that queued mail (the admins' notification). */
  wake(): void;
  resolve?: HostResolver;
}

const SYSTEM = { actorId: null, ip: null, userAgent: null };

/** What one attempt needs, read in one statement. */
async function loadAttempt(db: Database, deliveryId: string) {
  const [row] = await db
    .select({
      status: webhookDeliveries.status,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      url: webhookEndpoints.url,
      secretSealed: webhookEndpoints.secretSealed,
      previousSecretSealed: webhookEndpoints.previousSecretSealed,
      previousSecretValid: sql<boolean>`coalesce(${webhookEndpoints.previousSecretUntil} > now(), false)`,
      payload: webhookEvents.payload,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  return row;
}

/** The body exactly as queued, in the contract's field order; what is signed is what is sent. */
function bodyOf(payload: Record<string, unknown>): string {
  return JSON.stringify({ type: payload.type, timestamp: payload.timestamp, data: payload.data });
}

/**
 * Standard Webhooks headers, signed by the `standardwebhooks` library (the reference implementation):
 * `webhook-id` is the event's id (the same on every retry), the timestamp this attempt's, and within
 * WEBHOOK_PREVIOUS_SECRET_HOURS of a rotation the old secret's signature follows the new one's.
 */
export function signedHeaders(eventId: string, body: string, secrets: string[], at = new Date()): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body));
  return {
    "content-type": "application/json",
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}

/**
 * The job that sends one delivery (payload `{deliveryId}`, group = its endpoint, so one receiver
 * holds at most JOBS_PER_GROUP of the runner's slots). Each attempt records its outcome on the
 * delivery and its endpoint and settles the job in one transaction: delivered; or again after
 * the backoff; or, past WEBHOOK_GIVE_UP_AFTER_HOURS, failed and audited. An endpoint failing
 * everything for WEBHOOK_DISABLE_AFTER_HOURS is disabled and the admins told. A delivery that is gone
 * (its endpoint deleted) or no longer pending ends the job without sending.
 */
export function webhookDeliveryJobHandler(db: Database, secretBox: SecretBox, settings: WebhookDeliverySettings, concurrency: number): JobHandler {
  const policy: RetryPolicy = { ...settings.retry, giveUpAfterMs: settings.giveUpAfterMs };
  return {
    retry: policy,
    concurrency,
    describe: (job) => ({ deliveryId: job.payload.deliveryId }),
    async run(job: JobRow, settle: JobSettlement) {
      const deliveryId = job.payload.deliveryId;
      if (typeof deliveryId !== "string") throw new Error("webhook delivery job without a deliveryId");
      const attempt = await loadAttempt(db, deliveryId);
      if (!attempt || attempt.status !== "pending") return;
      const secrets = [secretBox.open(attempt.secretSealed)];
      if (attempt.previousSecretSealed && attempt.previousSecretValid) secrets.push(secretBox.open(attempt.previousSecretSealed));
      const body = bodyOf(attempt.payload);
      const result = await postOutbound(
        new URL(attempt.url),
        { headers: signedHeaders(attempt.eventId, body, secrets), body },
        {
          timeoutMs: settings.timeoutMs,
          maxResponseBytes: settings.maxResponseBytes,
          allowPrivateNetworks: settings.allowPrivateNetworks,
          ...(settings.resolve ? { resolve: settings.resolve } : {}),
        },
      );
      let notified = false;
      await db.transaction(async (tx) => {
        notified = await recordAttempt(tx, deliveryId, attempt.endpointId, result, settle, policy, settings);
      });
      if (notified) settings.wake();
    },
  };
}

/** Answers whether admins were notified (mail queued: wake the runner after the commit). */
async function recordAttempt(
  tx: Transaction,
  deliveryId: string,
  endpointId: string,
  result: OutboundResult,
  settle: JobSettlement,
  policy: RetryPolicy,
  settings: WebhookDeliverySettings,
): Promise<boolean> {
  const outcome = {
    lastStatusCode: result.statusCode,
    responseExcerpt: result.excerpt,
    lastError: result.error === null ? null : truncateText(result.error, 500),
  };
  // The endpoint's row first, as every change of an endpoint takes it before its deliveries' rows
  // (deleting it cascades to them): the other order deadlocks with a deletion. A key-share lock, so
  // the attempts of one endpoint do not wait for one another.
  const [endpointRow] = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).for("key share");
  if (!endpointRow) {
    await settle.done(tx);
    return false;
  }
  if (result.ok) {
    const [delivered] = await tx
      .update(webhookDeliveries)
      .set({ ...outcome, status: "delivered", attempts: sql`${webhookDeliveries.attempts} + 1`, deliveredAt: sql`now()`, nextAttemptAt: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")))
      .returning({ id: webhookDeliveries.id });
    // Written when it says something new (failing until now, or a second since the last write): a
    // busy endpoint's deliveries would otherwise all queue for its one row.
    if (delivered) {
      await tx
        .update(webhookEndpoints)
        .set({ lastDeliveryAt: sql`now()`, failingSince: null })
        .where(
          and(
            eq(webhookEndpoints.id, endpointId),
            sql`(${webhookEndpoints.failingSince} is not null or ${webhookEndpoints.lastDeliveryAt} is null or ${webhookEndpoints.lastDeliveryAt} < now() - interval '1 second')`,
          ),
        );
    }
    await settle.done(tx);
    return false;
  }

  const [current] = await tx
    .select({ attempts: webhookDeliveries.attempts, createdAt: webhookDeliveries.createdAt, type: webhookDeliveries.type, eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")))
    .for("update");
  if (!current) {
    // Deleted or stopped while this attempt was under way.
    await settle.done(tx);
    return false;
  }
  const attempts = current.attempts + 1;
  const delayMs = retryDelay(policy, attempts);
  const givesUp = Date.now() + delayMs > current.createdAt.getTime() + policy.giveUpAfterMs;
  await tx
    .update(webhookDeliveries)
    .set({
      ...outcome,
      attempts,
      status: givesUp ? "failed" : "pending",
      nextAttemptAt: givesUp ? null : sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ lastDeliveryAt: sql`now()`, failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ url: webhookEndpoints.url, enabled: webhookEndpoints.enabled, failingSince: webhookEndpoints.failingSince });
  if (givesUp) {
    await recordAudit(tx, SYSTEM, {
      action: "webhook_delivery.failed",
      outcome: "failure",
      targetType: "webhook_delivery",
      targetId: deliveryId,
      details: { url: endpoint?.url ?? null, endpointId, eventId: current.eventId, type: current.type, attempts, lastStatusCode: result.statusCode, error: outcome.lastError },
    });
  }
  let notified = false;
  if (endpoint?.enabled && endpoint.failingSince && Date.now() - endpoint.failingSince.getTime() >= settings.disableAfterMs) {
    notified = await disableFailingEndpoint(tx, endpointId, endpoint.failingSince, settings);
  }
  if (givesUp || notified) await settle.done(tx);
  else await settle.retryIn(tx, delayMs, outcome.lastError ?? "failed");
  return notified;
}

/** Every delivery failed since `failingSince`, for WEBHOOK_DISABLE_AFTER_HOURS: the portal stops sending and tells the admins. */
async function disableFailingEndpoint(tx: Transaction, endpointId: string, failingSince: Date, settings: WebhookDeliverySettings): Promise<boolean> {
  const hours = Math.round(settings.disableAfterMs / 3_600_000);
  const reason = `Every delivery failed for ${hours} hours (since ${failingSince.toISOString()}).`;
  // `enabled` in the condition: of several attempts failing at once, one disables it.
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ url: webhookEndpoints.url });
  if (!row) return false;
  const stopped = await stopPendingDeliveries(tx, endpointId, "The portal disabled the endpoint after every delivery had failed for a long time.");
  await recordAudit(tx, SYSTEM, {
    action: "webhook_endpoint.disabled",
    outcome: "failure",
    targetType: "webhook_endpoint",
    targetId: endpointId,
    details: { url: row.url, reason, failingSince: failingSince.toISOString(), stoppedDeliveries: stopped },
  });
  const admins = await tx
    .select({ id: users.id, email: users.email, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.status, "active")))
    .orderBy(asc(users.createdAt));
  for (const admin of admins) {
    await notify(
      tx,
      admin,
      {
        type: "system_alerts",
        title: "Webhook endpoint disabled",
        body: `Every delivery to ${row.url} failed for ${hours} hours, so the portal has disabled this endpoint and stopped its ${stopped} waiting deliveries. Fix the receiver, then enable the endpoint again and retry the deliveries you need.`,
        link: `/admin/webhooks/${endpointId}`,
      },
      settings.publicUrl,
    );
  }
  return true;
}
