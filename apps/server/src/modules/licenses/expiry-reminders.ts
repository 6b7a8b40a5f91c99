import { and, eq, gt, lte, ne, notExists, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { licenseExpiryNotices, licenses, plans, users } from "../../db/schema/index.js";
import { formatLicenseKey } from "@portal/contract";
import { notify } from "../notifications/index.js";
import type { Mailing } from "../jobs/index.js";
import { transactionWithWebhooks } from "../webhooks/index.js";
import { presentLicense } from "./licenses.presenters.js";
import { findLicense } from "./licenses.queries.js";

/** Reminders go out this many days before a licence expires, each once. */
export const EXPIRY_REMINDER_DAYS = [30, 7, 1] as const;
const BATCH = 500;

/**
 * Sends the reminder for the nearest threshold a licence has crossed, unless that one (or a nearer
 * one) already went out: a licence issued with five days left gets the 7-day reminder only.
 * Safe to run from several servers at once: the notice row's primary key lets one of them win.
 * Each reminder sent is a `license.expiring` webhook event, in the transaction that claims it.
 */
export async function sendExpiryReminders(db: Database, mailing: Mailing, now = new Date()): Promise<number> {
  let sent = 0;
  for (const days of [...EXPIRY_REMINDER_DAYS].sort((a, b) => a - b)) {
    const horizon = new Date(now.getTime() + days * 86_400_000);
    const due = await db
      .select({ license: licenses, planName: plans.name, owner: users })
      .from(licenses)
      .innerJoin(plans, eq(plans.id, licenses.planId))
      .innerJoin(users, eq(users.id, licenses.ownerId))
      .where(
        and(
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
        await notify(
          tx,
          owner,
          {
            type: "license_expiry",
            title: `Your licence expires in ${remaining} day${remaining === 1 ? "" : "s"}`,
            body: `The ${planName} licence ${formatLicenseKey(license.keyCompact)} expires on ${license.expiresAt.toISOString().slice(0, 10)}.`,
            link: "/my-licenses/purchased",
          },
          mailing.publicUrl,
        );
        await webhooks.emitLazily("license.expiring", async () => presentLicense((await findLicense(tx, eq(licenses.id, license.id)))!));
        return true;
      });
      if (claimed) sent++;
    }
  }
  if (sent > 0) mailing.wake();
  return sent;
}
