import { z } from "zod";
import { timestamp } from "./common.js";

const count = z.number().int().min(0);

/** An active licence of the caller whose expiry falls within the next 30 days (the dashboard links to each). */
export const expiringLicenseSchema = z
  .object({ id: z.uuid(), key: z.string(), planName: z.string(), expiresAt: timestamp })
  .meta({ id: "DashboardExpiringLicense" });
export type ExpiringLicense = z.infer<typeof expiringLicenseSchema>;

export const activityEntrySchema = z
  .object({ at: timestamp, action: z.string(), targetType: z.string().nullable(), targetId: z.string().nullable() })
  .meta({ id: "DashboardActivity" });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /dashboard: the caller's own figures. `expiring` (beyond API.md) lists what `expiringIn30Days` counts, soonest first, at most 10. */
export const customerDashboardSchema = z
  .object({
    licenses: z.object({ active: count, notActivated: count, deactivated: count, expiringIn30Days: count }),
    requests: z.object({ pending: count }),
    tickets: z.object({ open: count, inProgress: count, resolved: count }),
    recentActivity: z.array(activityEntrySchema),
    expiring: z.array(expiringLicenseSchema),
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
