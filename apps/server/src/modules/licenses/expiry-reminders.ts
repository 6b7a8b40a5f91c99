import { and, eq, gt, lte, ne, notExists, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { licenseExpiryNotices, licenses, plans, users } from "../../db/schema/index.js";
import { formatLicenseKey, TRIAL_REMINDER_DAYS, type LicenseType } from "@portal/contract";
import { notify } from "../notifications/index.js";
import type { Mailing } from "../jobs/index.js";
import { transactionWithWebhooks } from "../webhooks/index.js";
import { presentLicense } from "./licenses.presenters.js";
import { findLicense } from "./licenses.queries.js";

/** Reminders go out this many days before a licence expires, each once (a trial: TRIAL_REMINDER_DAYS). */
export const EXPIRY_REMINDER_DAYS = [30, 7, 1] as const;
const BATCH = 500;

const reminderDays: Record<LicenseType, readonly number[]> = { standard: EXPIRY_REMINDER_DAYS, trial: TRIAL_REMINDER_DAYS };

/** The thresholds of each type of licence, nearest first within each. */
const thresholds = (Object.entries(reminderDays) as [LicenseType, readonly number[]][]).flatMap(([type, days]) =>
  [...days].sort((a, b) => a - b).map((threshold) => ({ type, days: threshold })),
);

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The reminder's text: a trial points at the pricing page, a licence at the customer's licences. */
function reminderOf(license: { type: LicenseType; keyCompact: string; expiresAt: Date }, planName: string, remaining: number) {
  const ends = license.expiresAt.toISOString().slice(0, 10);
  if (license.type === "trial") {
    return {
      title: `Your trial of ${planName} ends in ${plural(remaining, "day")}`,
      body: `The trial licence ${formatLicenseKey(license.keyCompact)} ends on ${ends}. Choose a plan to keep using ${planName}.`,
      link: "/pricing-plans",
    };
  }
  return {
    title: `Your licence expires in ${plural(remaining, "day")}`,
    body: `The ${planName} licence ${formatLicenseKey(license.keyCompact)} expires on ${ends}.`,
    link: "/my-licenses/purchased",
  };
}

/**
 * Sends the reminder for the nearest threshold a licence has crossed, unless that one (or a nearer
 * one) already went out: a licence issued with five days left gets the 7-day reminder only. Trials
 * have thresholds of their own (3 and 1 days) and a reminder that points at the pricing page.
 * Safe to run from several servers at once: the notice row's primary key lets one of them win.
 * Each reminder sent is a `license.expiring` webhook event, in the transaction that claims it.
 */
export async function sendExpiryReminders(db: Database, mailing: Mailing, now = new Date()): Promise<number> {
  let sent = 0;
  for (const { type, days } of thresholds) {
    const horizon = new Date(now.getTime() + days * 86_400_000);
    const due = await db
      .select({ license: licenses, planName: plans.name, owner: users })
      .from(licenses)
      .innerJoin(plans, eq(plans.id, licenses.planId))
      .innerJoin(users, eq(users.id, licenses.ownerId))
      .where(
        and(
          eq(licenses.type, type),
          ne(licenses.status, "deactivated"),
          gt(licenses.expiresAt, now),
          lte(licenses.expiresAt, horizon),
          notExists(
            db
              .select({ one: sql`1` })
              .from(licenseExpiryNotices)
              .where(and(eq(licenseExpiryNotices.licenseId, licenses.id), lte(licenseExpiryNotices.daysBefore, days))),
          ),
        ),
      )
      .limit(BATCH);
    for (const { license, planName, owner } of due) {
      const claimed = await transactionWithWebhooks(db, mailing, async (tx, webhooks) => {
        const inserted = await tx
          .insert(licenseExpiryNotices)
          .values({ licenseId: license.id, daysBefore: days })
          .onConflictDoNothing()
          .returning({ licenseId: licenseExpiryNotices.licenseId });
        if (inserted.length === 0) return false;
        const remaining = Math.max(1, Math.ceil((license.expiresAt.getTime() - now.getTime()) / 86_400_000));
        await notify(tx, owner, { type: "license_expiry", ...reminderOf(license, planName, remaining) }, mailing.publicUrl);
        await webhooks.emitLazily("license.expiring", async () => presentLicense((await findLicense(tx, eq(licenses.id, license.id)))!));
        return true;
      });
      if (claimed) sent++;
    }
  }
  if (sent > 0) mailing.wake();
  return sent;
}
