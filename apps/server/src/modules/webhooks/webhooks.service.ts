import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  WEBHOOK_ALL_EVENTS,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  WEBHOOK_SECRET_PREFIX,
  webhookEventTypes,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type webhookEndpointBodySchema,
  type webhookEndpointPatchSchema,
} from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from "../../db/schema/index.js";
import { recordAudit } from "../../db/audit.js";
import { AppError } from "../../lib/app-error.js";
import { ForbiddenAddressError, resolvePublicAddresses, type HostResolver } from "../../lib/outbound-address.js";
import type { RequestContext } from "../../lib/request-context.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { queueDeliveryJob, queueWebhookEventFor, WEBHOOK_DELIVERY_JOB } from "./events.js";
import { cancelPendingJobsOfGroup, runPendingJobNow } from "../jobs/index.js";
import { presentDelivery, presentEndpoint } from "./webhooks.presenters.js";

type EndpointInput = z.output<typeof webhookEndpointBodySchema>;
type EndpointPatch = z.output<typeof webhookEndpointPatchSchema>;

/** What the webhook service needs besides the database: the settings and the box that seals secrets. */
export interface WebhookDeps {
  db: Database;
  secrets: SecretBox;
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
  /** Wakes the job runner after a commit that queued a delivery. */
  wake(): void;
  /** Defaults to dns.lookup (tests pass their own; they never resolve real names). */
  resolve?: HostResolver;
}

/** A host name that takes longer than this to resolve is saved unchecked: the delivery checks it again anyway. */
const RESOLVE_AT_SAVE_MS = 5_000;

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks), shown once. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** Refuses what the schema cannot: plain http:// (unless allowed) and a host on a forbidden address. */
async function checkUrl(deps: WebhookDeps, text: string): Promise<string> {
  const url = new URL(text);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && deps.allowHttp)) throw new AppError("webhook/insecure_url", { field: "url" });
  if (!deps.allowPrivateNetworks) {
    try {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(() => resolve(), RESOLVE_AT_SAVE_MS)));
      await Promise.race([resolvePublicAddresses(url.hostname, deps.resolve ? { resolve: deps.resolve } : {}), timeout]).finally(() => clearTimeout(timer));
    } catch (error) {
      if (error instanceof ForbiddenAddressError) throw new AppError("webhook/forbidden_address", { field: "url" });
      // A name that does not resolve now may later; every delivery resolves and checks it again.
    }
  }
  return text;
}

/** Known names only; `*` stands alone (it means every event, the ones added later too). */
function checkEvents(events: string[]): string[] {
  for (const name of events) {
    if (name !== WEBHOOK_ALL_EVENTS && !(webhookEventTypes as readonly string[]).includes(name)) throw new AppError("webhook/unknown_event", { field: "events" });
  }
  return events.includes(WEBHOOK_ALL_EVENTS) ? [WEBHOOK_ALL_EVENTS] : [...new Set(events)];
}

export async function createEndpoint(deps: WebhookDeps, input: EndpointInput, context: RequestContext): Promise<WebhookEndpointCreated> {
  const url = await checkUrl(deps, input.url);
  const events = checkEvents(input.events);
  const secret = newWebhookSecret();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ url, events, description: input.description, enabled: input.enabled, secretSealed: deps.secrets.seal(secret) })
      .returning();
    await recordAudit(tx, context, { action: "webhook_endpoint.created", targetType: "webhook_endpoint", targetId: row!.id, details: { url, events, enabled: input.enabled } });
    return { endpoint: presentEndpoint(row!), secret };
  });
}

async function lockedEndpoint(tx: Executor, id: string): Promise<WebhookEndpointRow> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update").limit(1);
  if (!row) throw new AppError("webhook/not_found");
  return row;
}

/**
 * A disabled endpoint gets nothing more of what was waiting: its pending deliveries fail (each can
 * be retried by hand) and their jobs go. Answers how many deliveries it stopped.
 */
export async function stopPendingDeliveries(tx: Executor, endpointId: string, reason: string): Promise<number> {
  const stopped = await tx
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: reason, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")))
    .returning({ id: webhookDeliveries.id });
  // A job running now finds its delivery stopped or gone and ends doing nothing more.
  await cancelPendingJobsOfGroup(tx, WEBHOOK_DELIVERY_JOB, endpointId);
  return stopped.length;
}

export async function updateEndpoint(deps: WebhookDeps, id: string, patch: EndpointPatch, context: RequestContext): Promise<WebhookEndpoint> {
  const url = patch.url === undefined ? undefined : await checkUrl(deps, patch.url);
  const events = patch.events === undefined ? undefined : checkEvents(patch.events);
  return deps.db.transaction(async (tx) => {
    const before = await lockedEndpoint(tx, id);
    const enabling = patch.enabled === true && !before.enabled;
    const disabling = patch.enabled === false && before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(events !== undefined ? { events } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        // Enabled again: a fresh start, or the old failing period would disable it at its first failure.
        ...(enabling ? { disabledReason: null, failingSince: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (disabling) await stopPendingDeliveries(tx, id, "The endpoint was disabled before this delivery succeeded.");
    const changed = Object.entries({ url, events, description: patch.description, enabled: patch.enabled })
      .filter(([, value]) => value !== undefined)
      .map(([field]) => field);
    await recordAudit(tx, context, {
      action: "webhook_endpoint.updated",
      targetType: "webhook_endpoint",
      targetId: id,
      details: { url: row!.url, changed, ...(url !== undefined && url !== before.url ? { previousUrl: before.url } : {}), ...(events ? { events } : {}), ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}) },
    });
    return presentEndpoint(row!);
  });
}

export async function deleteEndpoint(deps: WebhookDeps, id: string, context: RequestContext): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Its deliveries go with it (ON DELETE CASCADE); a job already running finds its delivery gone.
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ url: webhookEndpoints.url });
    if (!row) throw new AppError("webhook/not_found");
    await cancelPendingJobsOfGroup(tx, WEBHOOK_DELIVERY_JOB, id);
    await recordAudit(tx, context, { action: "webhook_endpoint.deleted", targetType: "webhook_endpoint", targetId: id, details: { url: row.url } });
  });
}

/** A new secret, shown once; the old one keeps signing beside it for WEBHOOK_PREVIOUS_SECRET_HOURS while receivers switch over. */
export async function rotateSecret(deps: WebhookDeps, id: string, context: RequestContext): Promise<{ secret: string }> {
  const secret = newWebhookSecret();
  await deps.db.transaction(async (tx) => {
    const before = await lockedEndpoint(tx, id);
    await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: deps.secrets.seal(secret),
        previousSecretSealed: before.secretSealed,
        previousSecretUntil: sql`now() + make_interval(hours => ${WEBHOOK_PREVIOUS_SECRET_HOURS})`,
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, context, {
      action: "webhook_endpoint.secret_rotated",
      targetType: "webhook_endpoint",
      targetId: id,
      details: { url: before.url, previousValidHours: WEBHOOK_PREVIOUS_SECRET_HOURS },
    });
  });
  return { secret };
}

/** A `webhook.test` event to this endpoint only (enabled or not, whatever it subscribes to). */
export async function sendTestEvent(deps: WebhookDeps, id: string, context: RequestContext): Promise<WebhookDelivery> {
  const delivery = await deps.db.transaction(async (tx) => {
    const endpoint = await lockedEndpoint(tx, id);
    const queued = await queueWebhookEventFor(tx, id, "webhook.test", { endpoint: presentEndpoint(endpoint), message: "A test event sent from the portal's admin panel." });
    await recordAudit(tx, context, {
      action: "webhook_endpoint.test_sent",
      targetType: "webhook_endpoint",
      targetId: id,
      details: { url: endpoint.url, deliveryId: queued.id, eventId: queued.eventId },
    });
    return queued;
  });
  deps.wake();
  return presentDelivery(delivery);
}

/**
 * One more attempt now, whatever the delivery's state: a pending one is moved forward (its job runs
 * now), a finished one (delivered, failed) is pending again with a job of its own. A failure after it
 * follows the usual schedule while the delivery is within WEBHOOK_GIVE_UP_AFTER_HOURS of its
 * creation, else it is failed again at once.
 */
export async function retryDelivery(deps: WebhookDeps, id: string, context: RequestContext): Promise<WebhookDelivery> {
  const delivery = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).for("update").limit(1);
    if (!current) throw new AppError("webhook/delivery_not_found");
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: sql`now()`, deliveredAt: null })
      .where(eq(webhookDeliveries.id, id))
      .returning();
    // The delivery's own job runs now when it is waiting; a running attempt records its own outcome;
    // a finished job gets a successor.
    const ownJob = await runPendingJobNow(tx, WEBHOOK_DELIVERY_JOB, current.endpointId, { deliveryId: id });
    if (ownJob === undefined) await queueDeliveryJob(tx, id, current.endpointId);
    const [endpoint] = await tx.select({ url: webhookEndpoints.url }).from(webhookEndpoints).where(eq(webhookEndpoints.id, current.endpointId));
    await recordAudit(tx, context, {
      action: "webhook_delivery.retried",
      targetType: "webhook_delivery",
      targetId: id,
      details: { url: endpoint?.url ?? null, endpointId: current.endpointId, eventId: current.eventId, type: current.type, previousStatus: current.status },
    });
    return row!;
  });
  deps.wake();
  return presentDelivery(delivery);
}
