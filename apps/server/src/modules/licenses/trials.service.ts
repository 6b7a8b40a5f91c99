import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { License } from "@portal/contract";
import type { Database, Executor } from "../../db/client.js";
import { licenseFeatures, licenses, planFeatures, plans, trialFingerprints, type UserRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";
import type { Mailing } from "../jobs/index.js";
import { notify } from "../notifications/index.js";
import { transactionWithWebhooks } from "../webhooks/index.js";
import { newLicenseKey } from "./license-keys.js";
import { licensePolicyOf } from "./license-policy.js";
import { presentLicense, type LicenseRecord } from "./licenses.presenters.js";
import { findLicense } from "./licenses.queries.js";

/** How many trials one account may start per hour (each attempt counts, refused ones too). */
export const TRIAL_STARTS_PER_HOUR = 10;

/**
 * POST /plans/{id}/trial: a customer starts the self-serve trial a catalogue plan offers. The licence
 * is issued at once (no request, no approval, no order), `type: "trial"`, for the plan's `trialDays`,
 * with the plan's limits, features and policy. Once per customer per plan: the unique index
 * `licenses_trial_once_key` decides, so two concurrent starts give one licence and one 409.
 */
export async function startTrial(db: Database, user: UserRow, planId: string, context: RequestContext, mailing: Mailing): Promise<License> {
  if (user.isAdmin) throw new AppError("auth/forbidden", { message: "Trials are started by customers; an administrator issues licences." });
  const license = await transactionWithWebhooks(db, mailing, async (tx, webhooks) => {
    // A catalogue plan (not someone's custom plan), on sale, that offers a trial.
    const [plan] = await tx
      .select()
      .from(plans)
      .where(and(eq(plans.id, planId), eq(plans.active, true), isNull(plans.ownerId), isNotNull(plans.trialDays)))
      .limit(1);
    if (!plan) throw new AppError("plan/not_found");
    const trialDays = plan.trialDays!;
    // The partial unique index (owner, plan) where type = 'trial' is the once-only rule: a concurrent
    // start waits for the other's commit, then inserts nothing.
    const [issued] = await tx
      .insert(licenses)
      .values({
        keyCompact: newLicenseKey(),
        ownerId: user.id,
        planId: plan.id,
        type: "trial",
        expiresAt: sql`now() + make_interval(days => ${trialDays})`,
        maxActivations: plan.maxActivations,
        maxReleasesPer30Days: plan.maxReleasesPer30Days,
        ...licensePolicyOf(plan),
      })
      .onConflictDoNothing({ target: [licenses.ownerId, licenses.planId], where: sql`type = 'trial'` })
      .returning({ id: licenses.id });
    if (!issued) throw new AppError("trial/already_used");
    const featureIds = await tx.select({ featureId: planFeatures.featureId }).from(planFeatures).where(eq(planFeatures.planId, plan.id));
    if (featureIds.length) await tx.insert(licenseFeatures).values(featureIds.map(({ featureId }) => ({ licenseId: issued.id, featureId })));
    await recordAudit(tx, context, { action: "license.trial_started", targetType: "license", targetId: issued.id, details: { planId: plan.id } });
    const presented = presentLicense((await findLicense(tx, eq(licenses.id, issued.id)))!);
    await webhooks.emit("license.created", presented);
    await webhooks.emit("trial.started", presented);
    await notify(
      tx,
      user,
      {
        type: "license_requests",
        title: `Your trial of ${plan.name} has started`,
        body: `Your ${trialDays}-day trial of ${plan.name} has started: the licence ${presented.key} is ready in your portal until ${presented.expiresAt.slice(0, 10)}.`,
        link: "/my-licenses/purchased",
      },
      mailing.publicUrl,
    );
    return presented;
  });
  mailing.wake();
  return license;
}

export type TrialFingerprintClaim = "claimed" | "TRIAL_ALREADY_USED";

/**
 * A trial licence about to activate a new installation on `fingerprint`: each fingerprint has one
 * trial of a plan, under any account. The first trial licence to activate there claims it (a row of
 * trial_fingerprints); the same licence may come back (a .req after a release); another licence of
 * the same plan gets TRIAL_ALREADY_USED and must not be activated. Runs in the activation's
 * transaction, so a claim rolled back with it never happened; a concurrent claim waits for the
 * other's commit and then sees its row.
 */
export async function claimTrialFingerprint(tx: Executor, record: LicenseRecord, fingerprint: string): Promise<TrialFingerprintClaim> {
  const { id: licenseId, planId } = record.license;
  // Twice at most: a claim whose licence was deleted between the two statements frees the fingerprint.
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await tx.insert(trialFingerprints).values({ planId, fingerprint, licenseId }).onConflictDoNothing().returning({ licenseId: trialFingerprints.licenseId });
    if (claimed.length > 0) return "claimed";
    const [holder] = await tx
      .select({ licenseId: trialFingerprints.licenseId })
      .from(trialFingerprints)
      .where(and(eq(trialFingerprints.planId, planId), eq(trialFingerprints.fingerprint, fingerprint)))
      .limit(1);
    if (holder) return holder.licenseId === licenseId ? "claimed" : "TRIAL_ALREADY_USED";
  }
  return "TRIAL_ALREADY_USED";
}
