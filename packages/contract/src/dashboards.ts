import { z } from "zod";
import { auditActions, webhookAuditActions, type AuditAction } from "./audit.js";
import { timestamp } from "./common.js";

const count = z.number().int().min(0);

/** An active licence of the caller whose expiry falls within the next 30 days (the dashboard links to each). */
export const expiringLicenseSchema = z
  .object({ id: z.uuid(), key: z.string(), planName: z.string(), expiresAt: timestamp })
  .meta({ id: "DashboardExpiringLicense" });
export type ExpiringLicense = z.infer<typeof expiringLicenseSchema>;

/** Audit actions a customer's "Recent activity" never lists: signing in and out (they would crowd everything else) and what only administrators and the system do. */
const notCustomerActivity = [
  "auth.login",
  "auth.logout",
  "auth.sso_login",
  "feature.created",
  "feature.updated",
  "feature.deleted",
  "service.created",
  "service.updated",
  "service.deleted",
  "plan.created",
  "plan.updated",
  "plan.deleted",
  "update.created",
  "update.commands_set",
  "update.published",
  "update.deleted",
  "update.license_verified",
  "update.license_unverified",
  "update.availability_set",
  "update.yanked",
  "faq.entry_created",
  "faq.entry_updated",
  "faq.entry_deleted",
  "faq.entry_moved",
  "faq.category_renamed",
  "mfa.provisioned",
  "mfa.secret_rotated",
  "mfa.code_viewed",
  "mfa.code_verified",
  "mfa.code_rejected",
  "job.failed",
  "license.heartbeat_dead",
  ...webhookAuditActions,
  "demo.seeded",
  "demo.tickets_seeded",
  "demo.faq_seeded",
] as const satisfies readonly AuditAction[];
export type CustomerActivityAction = Exclude<AuditAction, (typeof notCustomerActivity)[number]>;

/**
 * What a customer's "Recent activity" lists: what they did themselves (but signing in and out) and
 * what others did to their account, licences, requests and tickets — every other audit action. Each
 * has its own wording in every language: the web app's locale test fails for a new audit action
 * until it has one here, or is listed above.
 */
export const customerActivityActions: readonly CustomerActivityAction[] = auditActions.filter(
  (action): action is CustomerActivityAction => !(notCustomerActivity as readonly string[]).includes(action),
);

export const activityEntrySchema = z
  .object({ at: timestamp, action: z.enum(customerActivityActions), targetType: z.string().nullable(), targetId: z.string().nullable() })
  .meta({ id: "DashboardActivity" });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /dashboard: the caller's own figures. `expiring` (beyond API.md) lists what `expiringIn30Days` counts, soonest first, at most 10. */
export const customerDashboardSchema = z
  .object({
    licenses: z.object({ active: count, notActivated: count, deactivated: count, expiringIn30Days: count }),
    requests: z.object({ pending: count }),
    /** Orders neither paid nor cancelled; `awaitingMe`: offers waiting for my acceptance (offered, not expired). */
    orders: z.object({ open: count, awaitingMe: count }),
    tickets: z.object({ open: count, inProgress: count, resolved: count }),
    recentActivity: z.array(activityEntrySchema),
    expiring: z.array(expiringLicenseSchema),
    /** My trial licences that have not ended yet, ending soonest first (the dashboard shows the days left). */
    trials: z.array(expiringLicenseSchema),
  })
  .meta({ id: "CustomerDashboard" });
export type CustomerDashboard = z.infer<typeof customerDashboardSchema>;

/** "2026-11" (UTC). */
export const monthCountSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), count }).meta({ id: "MonthCount" });
/** "2026-11-23" (UTC). */
export const dayCountSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), count }).meta({ id: "DayCount" });
export type MonthCount = z.infer<typeof monthCountSchema>;
export type DayCount = z.infer<typeof dayCountSchema>;

/** Days of validations the admin dashboard shows (today included). */
export const VALIDATION_DAYS_SHOWN = 30;
/** Months of issued licences the admin dashboard shows (this month included). */
export const ISSUED_MONTHS_SHOWN = 12;
/**
 * Days of issued licences the admin dashboard sends (today included): enough to cover the last
 * `ISSUED_MONTHS_SHOWN` months of any calendar the interface shows (11 whole months of at most 31
 * days and this one), so it groups them into the months of the calendar it displays.
 */
export const ISSUED_DAYS_SHOWN = ISSUED_MONTHS_SHOWN * 31;
/** An installation counts as live when not released and seen within this many hours. */
export const LIVE_INSTALLATION_HOURS = 24;

/** GET /admin/dashboard. Series run oldest first and include the days and months without any. */
export const adminDashboardSchema = z
  .object({
    users: z.object({ pending: count, active: count, locked: count, total: count }),
    requests: z.object({ pending: count }),
    /** `pendingOffers`: orders waiting for the team's offer; `awaitingPayment`: offers accepted, not yet paid. */
    orders: z.object({ pendingOffers: count, awaitingPayment: count }),
    tickets: z.object({ total: count, open: count, inProgress: count, resolved: count, closed: count }),
    licenses: z.object({
      active: count,
      notActivated: count,
      deactivated: count,
      /** Per UTC (Gregorian) month; `issuedPerDay` serves a calendar whose months begin elsewhere (Persian). */
      issuedPerMonth: z.array(monthCountSchema),
      /** The last `ISSUED_DAYS_SHOWN` UTC days (beyond API.md). */
      issuedPerDay: z.array(dayCountSchema),
    }),
    validations: z.object({ perDay: z.array(dayCountSchema) }),
    installations: z.object({ live: count }),
  })
  .meta({ id: "AdminDashboard" });
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
