import { sql, type SQL } from "drizzle-orm";
import { licenseFeatures, licenses, updateRequiredFeatures, updates, updateVerifications } from "../../db/schema/index.js";

/**
 * The one place that decides whether a licence may have an update. Every list, download, manifest,
 * package and "update available" notice asks these conditions, written against the `licenses` and
 * `updates` rows in scope of the query using them.
 *
 * Availability (API.md "Release channels and entitlement-gated updates"): a published update that is
 * not yanked is offered to a licence verified for it by hand, or that follows the update's channel and
 * has every feature it requires. Anything else is as if it did not exist (`404 update/not_found`);
 * a yanked update a licence had is `410 update/yanked` on every download.
 *
 * Expiry (API.md "Licensing models"), on top:
 * - A licence in force: not deactivated and, under `revoke`, not past `expiresAt` (validation's
 *   `refusalFor` in SQL). A licence not in force has no update at all.
 * - Its access window: before `expiresAt`, every update offered to it (both strategies); after it
 *   (only `perpetual_fallback` is still in force then), the updates published before `expiresAt`. A
 *   later one is refused with 403 `update/outside_access_window`.
 */
const inForce = sql`(${licenses.status} <> 'deactivated' and (${licenses.expiresAt} > now() or ${licenses.expirationStrategy} = 'perpetual_fallback'))`;
const withinWindow = sql`(${licenses.expiresAt} > now() or ${updates.publishedAt} < ${licenses.expiresAt})`;

/** This licence may have this update as far as expiry goes: in force, and the update within its access window. */
export const licenseMayHave: SQL = sql`(${inForce} and ${withinWindow})`;

/** Verified for this licence by hand (`POST /updates/{id}/verifications`). */
export const verifiedByHand: SQL = sql`exists (select 1 from ${updateVerifications}
  where ${updateVerifications.updateId} = ${updates.id} and ${updateVerifications.licenseId} = ${licenses.id})`;

/** The licence follows the update's release channel. */
export const followsChannel: SQL = sql`(${updates.channel} = any(${licenses.channels}))`;

/** The licence has every feature the update requires (none required: true). */
export const hasRequiredFeatures: SQL = sql`not exists (select 1 from ${updateRequiredFeatures}
  where ${updateRequiredFeatures.updateId} = ${updates.id}
    and not exists (select 1 from ${licenseFeatures}
      where ${licenseFeatures.licenseId} = ${licenses.id} and ${licenseFeatures.featureId} = ${updateRequiredFeatures.featureId}))`;

/** By channel and features, without a verification by hand. */
export const entitledByChannel: SQL = sql`(${followsChannel} and ${hasRequiredFeatures})`;

/** Published and offered to this licence by hand or by channel and features, yanked or not ("the licence had it"). */
export const offeredEvenIfYanked: SQL = sql`(${updates.status} = 'published' and (${verifiedByHand} or ${entitledByChannel}))`;

/** The availability rule: published, not yanked, and offered to this licence (expiry aside). */
export const offered: SQL = sql`(${offeredEvenIfYanked} and ${updates.yankedAt} is null)`;

/**
 * Through the licences `which` picks (a condition on `licenses`), for the `updates` row in scope:
 * `had`, one of them in force was offered the update (yanked or not); `offered`, one of them in force
 * is offered it now (not yanked); `available`, one of them may also have it by its access window.
 * Had but not offered means yanked (410); offered but not available means outside every such
 * licence's access window (403).
 */
export function accessThrough(which: SQL): { had: SQL; offered: SQL; available: SQL } {
  const through = (condition: SQL) => sql`exists (select 1 from ${licenses} where ${which} and ${inForce} and ${condition})`;
  return { had: through(offeredEvenIfYanked), offered: through(offered), available: through(sql`${offered} and ${withinWindow}`) };
}

/** This one licence's access window admits the update, whether or not it is offered to it. */
export function windowAdmits(licenseId: string): SQL {
  return sql`exists (select 1 from ${licenses} where ${licenses.id} = ${licenseId} and ${licenseMayHave})`;
}

/** This one licence is offered the update now (not yanked), expiry aside. */
export function offeredTo(licenseId: string): SQL {
  return sql`exists (select 1 from ${licenses} where ${licenses.id} = ${licenseId} and ${offered})`;
}
