import { z } from "zod";
import { timestamp } from "./common.js";
import { customerActivityActions } from "./dashboard-values.js";

const count = z.number().int().min(0);

/** An active licence of the caller whose expiry falls within the next 30 days (the dashboard links to each). */
export const expiringLicenseSchema = z
  .object({ id: z.uuid(), key: z.string(), planName: z.string(), expiresAt: timestamp })
  .meta({ id: "DashboardExpiringLicense" });
export type ExpiringLicense = z.infer<typeof expiringLicenseSchema>;

export { customerActivityActions, ISSUED_DAYS_SHOWN, ISSUED_MONTHS_SHOWN, LIVE_INSTALLATION_HOURS, VALIDATION_DAYS_SHOWN } from "./dashboard-values.js";
export type { CustomerActivityAction } from "./dashboard-values.js";

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
