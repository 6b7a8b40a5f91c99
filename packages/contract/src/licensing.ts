import { z } from "zod";
import { messageOf } from "./messages.js";

/**
 * Licensing models (API.md "Licensing models"): the policy a plan sets and each licence keeps from the
 * moment it is issued (editing the plan later changes new licences only).
 */
export const licenseTypes = ["standard", "trial"] as const;
export const licenseType = z.enum(licenseTypes);
export type LicenseType = z.infer<typeof licenseType>;

/**
 * `revoke`: after `expiresAt` validation answers EXPIRED and no update can be downloaded.
 * `perpetual_fallback`: after `expiresAt` the licence stays VALID with `expired: true`, and only updates
 * published before `expiresAt` can be had.
 */
export const expirationStrategies = ["revoke", "perpetual_fallback"] as const;
export const expirationStrategy = z.enum(expirationStrategies, { error: messageOf("licenses.validation.expirationStrategy") });
export type ExpirationStrategy = z.infer<typeof expirationStrategy>;

export const TRIAL_DAYS_RANGE = { min: 1, max: 90 } as const;
export const HEARTBEAT_SECONDS_RANGE = { min: 60, max: 86_400 } as const;
export const DEFAULT_HEARTBEAT_SECONDS = 600;
export const OFFLINE_TTL_DAYS_RANGE = { min: 1, max: 3650 } as const;
/** A floating seat not refreshed for `heartbeatSeconds` plus this much clock drift is free for the next caller. */
export const LEASE_DRIFT_SECONDS = 30;
/** A lapsed lease is marked dead (`installation.heartbeat-dead`) by a job within this long of its lapse. */
export const LEASE_DEAD_MARKING_SECONDS = 60;
/** Trial reminders: this many days before a trial ends, each once (standard licences keep EXPIRY_REMINDER_DAYS). */
export const TRIAL_REMINDER_DAYS = [3, 1] as const;

const wholeInRange = (range: { min: number; max: number }, key: Parameters<typeof messageOf>[0]) =>
  z
    .number({ error: messageOf(key) })
    .int({ error: messageOf(key) })
    .min(range.min, { error: messageOf(key) })
    .max(range.max, { error: messageOf(key) });

/** The plan's policy fields, as the plan form sends them (defaults: today's node-locked behaviour). */
export const planPolicyFields = {
  trialDays: wholeInRange(TRIAL_DAYS_RANGE, "licenses.validation.trialDays").nullable().default(null),
  floating: z.boolean({ error: messageOf("validation.trueOrFalse", { label: "Floating" }) }).default(false),
  heartbeatSeconds: wholeInRange(HEARTBEAT_SECONDS_RANGE, "licenses.validation.heartbeatSeconds").default(DEFAULT_HEARTBEAT_SECONDS),
  expirationStrategy: expirationStrategy.default("revoke"),
  offlineTtlDays: wholeInRange(OFFLINE_TTL_DAYS_RANGE, "licenses.validation.offlineTtlDays").nullable().default(null),
};

/** The policy as a plan answers it. */
export const planPolicySchema = z.object({
  trialDays: z.number().int().nullable(),
  floating: z.boolean(),
  heartbeatSeconds: z.number().int(),
  expirationStrategy,
  offlineTtlDays: z.number().int().nullable(),
});
export type PlanPolicy = z.infer<typeof planPolicySchema>;

const licenseKeyField = z
  .string({ error: messageOf("validation.required", { label: "Key" }) })
  .trim()
  .min(1, { error: messageOf("validation.required", { label: "Key" }) })
  .max(100, { error: messageOf("validation.isTooLong", { label: "Key" }) });
const fingerprintField = z
  .string({ error: messageOf("validation.required", { label: "Fingerprint" }) })
  .trim()
  .min(1, { error: messageOf("validation.required", { label: "Fingerprint" }) })
  .max(200, { error: messageOf("validation.isTooLong", { label: "Fingerprint" }) });
const nonceField = z
  .string({ error: messageOf("validation.notText", { label: "Nonce" }) })
  .max(200, { error: messageOf("validation.isTooLong", { label: "Nonce" }) });

/** `POST /licenses/heartbeat` and `POST /licenses/release`: a machine's seat; `nonce` is echoed in the signed answer. */
export const seatBodySchema = z
  .strictObject({ key: licenseKeyField, fingerprint: fingerprintField, nonce: nonceField.optional() })
  .meta({ id: "SeatBody" });
export type SeatBody = z.input<typeof seatBodySchema>;
