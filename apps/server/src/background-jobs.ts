import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import type { Mailer } from "./lib/mailer.js";
import { JobRunner, MAIL_JOB, mailJobHandler, pruneDoneRuns, pruneFinishedJobs, type Mailing, type RetryPolicy } from "./modules/jobs/index.js";
import { announceExpiredLicenses, markLapsedSeatsDead, sendExpiryReminders } from "./modules/licenses/index.js";
import { pruneWebhookHistory, WEBHOOK_DELIVERY_JOB, webhookDeliveryJobHandler } from "./modules/webhooks/index.js";
import type { SecretBox } from "./lib/secret-box.js";
import { WEBHOOK_RESPONSE_EXCERPT_BYTES, WEBHOOK_TIMEOUT_MS } from "@portal/contract";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The lapse job's interval: a lease lapsed (its end + LEASE_DRIFT_SECONDS) is marked dead within this
 * plus JOB_POLL_INTERVAL_MS and the run's own time — well inside LEASE_DEAD_MARKING_SECONDS (60 s).
 */
export const LEASE_SWEEP_INTERVAL_MS = 20_000;

/** Recurring work, each run once across all API processes at this interval. */
export const RECURRING_JOBS = {
  "licence-expiry-reminders": HOUR,
  // `license.expired` goes out within a minute of a licence's end.
  "licence-expiry-announcements": MINUTE,
  "licence-lease-sweep": LEASE_SWEEP_INTERVAL_MS,
  "jobs-prune": 24 * HOUR,
} as const;

/**
 * Webhook deliveries run in slots of their own, beside the 4 that mail and recurring work share: a
 * delivery mostly waits on its receiver (up to WEBHOOK_TIMEOUT_MS), so many can be in flight, and one
 * endpoint takes at most JOBS_PER_GROUP (4) of them.
 */
export const WEBHOOK_DELIVERY_CONCURRENCY = 32;

// A recurring job that fails is tried again a few times within its interval, then waits for its next run.
const RECURRING_RETRY: RetryPolicy = { minDelayMs: MINUTE, maxDelayMs: 10 * MINUTE, giveUpAfterMs: 30 * MINUTE };
// The lapse job's failure is tried again within seconds: its next run is never far off either.
const LEASE_SWEEP_RETRY: RetryPolicy = { minDelayMs: 5_000, maxDelayMs: LEASE_SWEEP_INTERVAL_MS, giveUpAfterMs: MINUTE };

/** Every kind of background job this server knows, on one runner per process. */
export function createJobRunner(deps: { db: Database; config: Config; mailer: Mailer; logger: FastifyBaseLogger; mailing: Mailing; secrets: SecretBox }): JobRunner {
  const { db, config } = deps;
  return new JobRunner(
    db,
    {
      [MAIL_JOB]: mailJobHandler(
        deps.mailer,
        {
          minDelayMs: config.MAIL_RETRY_MIN_SECONDS * 1000,
          maxDelayMs: Math.max(config.MAIL_RETRY_MIN_SECONDS * 1000, HOUR),
          giveUpAfterMs: config.MAIL_GIVE_UP_AFTER_HOURS * HOUR,
        },
        config.MAIL_FROM,
      ),
      "licence-expiry-reminders": {
        retry: RECURRING_RETRY,
        run: async () => {
          const sent = await sendExpiryReminders(db, deps.mailing);
          if (sent > 0) deps.logger.info({ sent }, "licence expiry reminders sent");
        },
      },
      "licence-expiry-announcements": {
        retry: RECURRING_RETRY,
        run: async () => {
          const announced = await announceExpiredLicenses(db, deps.mailing);
          if (announced > 0) deps.logger.info({ announced }, "licence expiries announced");
        },
      },
      "licence-lease-sweep": {
        retry: LEASE_SWEEP_RETRY,
        run: async () => {
          const marked = await markLapsedSeatsDead(db, deps.mailing);
          if (marked > 0) deps.logger.info({ marked }, "lapsed floating seats marked dead");
        },
      },
      [WEBHOOK_DELIVERY_JOB]: webhookDeliveryJobHandler(
        db,
        deps.secrets,
        {
          retry: { minDelayMs: config.WEBHOOK_RETRY_MIN_SECONDS * 1000, maxDelayMs: Math.max(config.WEBHOOK_RETRY_MIN_SECONDS * 1000, HOUR) },
          giveUpAfterMs: config.WEBHOOK_GIVE_UP_AFTER_HOURS * HOUR,
          disableAfterMs: config.WEBHOOK_DISABLE_AFTER_HOURS * HOUR,
          allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          maxResponseBytes: WEBHOOK_RESPONSE_EXCERPT_BYTES,
          publicUrl: config.publicUrl,
          wake: () => deps.mailing.wake(),
        },
        WEBHOOK_DELIVERY_CONCURRENCY,
      ),
      "jobs-prune": {
        retry: RECURRING_RETRY,
        run: async () => {
          await pruneFinishedJobs(db, 14, 90);
          // Frequent recurring jobs' runs (the lapse job's 4,320 a day, the expiry announcements' 1,440) are
          // kept one day, not 14: their failures stay 90 days with the rest.
          for (const [kind, everyMs] of Object.entries(RECURRING_JOBS)) if (everyMs < HOUR) await pruneDoneRuns(db, kind, 24);
          // The same support window for what webhooks sent: a delivered one for 14 days, a failed one for 90.
          await pruneWebhookHistory(db, 14, 90);
        },
      },
    },
    { logger: deps.logger, pollIntervalMs: config.JOB_POLL_INTERVAL_MS, concurrency: 4, leaseMs: 5 * MINUTE },
  );
}

export async function scheduleRecurringJobs(runner: JobRunner): Promise<void> {
  for (const [kind, everyMs] of Object.entries(RECURRING_JOBS)) await runner.scheduleRecurring(kind, everyMs);
}
