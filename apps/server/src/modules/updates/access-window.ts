import { sql, type SQL } from "drizzle-orm";
import { licenses, updates, updateVerifications } from "../../db/schema/index.js";

/**
 * The one place that decides whether a licence may have an update, by its expiry strategy (API.md
 * "Licensing models"). Every list, download, manifest and "update available" notice asks these
 * conditions, written against the `licenses` and `updates` rows in scope of the query using them.
 *
 * - A licence in force: not deactivated and, under `revoke`, not past `expiresAt` (validation's
 *   `refusalFor` in SQL). A licence not in force has no update at all, as if it were verified for none.
 * - Its access window: before `expiresAt`, every update it is verified for (both strategies, as
 *   always); after it (only `perpetual_fallback` is still in force then), the updates published
 *   before `expiresAt`. A later one is refused with 403 `update/outside_access_window`.
 */
const inForce = sql`(${licenses.status} <> 'deactivated' and (${licenses.expiresAt} > now() or ${licenses.expirationStrategy} = 'perpetual_fallback'))`;
const withinWindow = sql`(${licenses.expiresAt} > now() or ${updates.publishedAt} < ${licenses.expiresAt})`;

/** This licence may have this update, verification aside: in force, and the update within its access window. */
export const licenseMayHave: SQL = sql`(${inForce} and ${withinWindow})`;

/**
 * Through the licences `which` picks (a condition on `licenses`): `verified`, one of them in force is
 * verified for the update; `available`, one of them may also have it. Verified but not available
 * means the update lies outside every such licence's access window.
 */
export function accessThrough(which: SQL): { verified: SQL; available: SQL } {
  const through = (condition: SQL) =>
    sql`exists (select 1 from ${updateVerifications} inner join ${licenses} on ${licenses.id} = ${updateVerifications.licenseId}
      where ${updateVerifications.updateId} = ${updates.id} and ${which} and ${condition})`;
  return { verified: through(inForce), available: through(licenseMayHave) };
}

/** This one licence's access window admits the update, whether or not it is verified for it. */
export function windowAdmits(licenseId: string): SQL {
  return sql`exists (select 1 from ${licenses} where ${licenses.id} = ${licenseId} and ${licenseMayHave})`;
}
