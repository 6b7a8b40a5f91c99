import { z } from "zod";
import { messageOf } from "./messages.js";
import { releaseChannels } from "./release-channels.js";

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

export { releaseChannels };
export const releaseChannel = z.enum(releaseChannels, { error: messageOf("licenses.validation.channel") });
export type ReleaseChannel = z.infer<typeof releaseChannel>;
export const DEFAULT_RELEASE_CHANNELS: ReleaseChannel[] = ["stable"];

/** The channels a licence (or a plan, for its new licences) follows: at least one, each once (repeats are dropped), in channel order. */
export const channelsField = z
  .array(releaseChannel, { error: messageOf("licenses.validation.channelsRequired") })
  .min(1, { error: messageOf("licenses.validation.channelsRequired") })
  .max(releaseChannels.length * 4, { error: messageOf("licenses.validation.channelsRequired") })
  .transform((channels) => releaseChannels.filter((channel) => channels.includes(channel)));

/** The plan's policy fields, as the plan form sends them (defaults: today's node-locked behaviour). */
export const planPolicyFields = {
  trialDays: wholeInRange(TRIAL_DAYS_RANGE, "licenses.validation.trialDays").nullable().default(null),
  floating: z.boolean({ error: messageOf("validation.trueOrFalse", { label: "Floating" }) }).default(false),
  heartbeatSeconds: wholeInRange(HEARTBEAT_SECONDS_RANGE, "licenses.validation.heartbeatSeconds").default(DEFAULT_HEARTBEAT_SECONDS),
  expirationStrategy: expirationStrategy.default("revoke"),
  offlineTtlDays: wholeInRange(OFFLINE_TTL_DAYS_RANGE, "licenses.validation.offlineTtlDays").nullable().default(null),
  /** Copied onto each licence issued from the plan. */
  channels: channelsField.default(["stable"]),
};

/** The policy as a plan answers it. */
export const planPolicySchema = z.object({
  trialDays: z.number().int().nullable(),
  floating: z.boolean(),
  heartbeatSeconds: z.number().int(),
  expirationStrategy,
  offlineTtlDays: z.number().int().nullable(),
  channels: z.array(releaseChannel),
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

/** `PUT /api/v1/licenses/{id}/channels` (admin): the release channels the licence follows from now on. */
export const licenseChannelsBodySchema = z.strictObject({ channels: channelsField }).meta({ id: "LicenseChannelsBody" });
export type LicenseChannelsBody = z.input<typeof licenseChannelsBodySchema>;

/** Licence and machine files (API.md "Encrypted licence files"): how long a file says it holds, in seconds. */
export const LICENSE_FILE_TTL_RANGE = { min: 3600, max: 31_536_000 } as const;
const ttlField = z.coerce
  .number({ error: messageOf("licenses.validation.ttl") })
  .int({ error: messageOf("licenses.validation.ttl") })
  .min(LICENSE_FILE_TTL_RANGE.min, { error: messageOf("licenses.validation.ttl") })
  .max(LICENSE_FILE_TTL_RANGE.max, { error: messageOf("licenses.validation.ttl") });

/** `GET /api/v1/licenses/{id}/file?encrypt=&ttl=`: `encrypt=true` answers an `aes-256-gcm+ed25519` file; plain otherwise. */
export const licenseFileQuerySchema = z
  .strictObject({
    encrypt: z
      .enum(["true", "false"], { error: messageOf("validation.trueOrFalse", { label: "Encrypt" }) })
      .transform((value) => value === "true")
      .default(false),
    ttl: ttlField.optional(),
  });
export type LicenseFileQuery = z.input<typeof licenseFileQuerySchema>;

/** Machine files (always encrypted): `?ttl=`. */
// No `.meta({ id })` on query schemas: @fastify/swagger cannot resolve a querystring given as a $ref (500 on /api/openapi.json).
export const machineFileQuerySchema = z.strictObject({ ttl: ttlField.optional() });
export type MachineFileQuery = z.input<typeof machineFileQuerySchema>;
