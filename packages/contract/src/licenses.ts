import { z } from "zod";
import { listQuerySchema, timestamp } from "./common.js";
import { messageOf } from "./messages.js";
import { expirationStrategy, licenseType, releaseChannel } from "./licensing.js";

export const licenseStatus = z.enum(["active", "not_activated", "deactivated"]);
export type LicenseStatus = z.infer<typeof licenseStatus>;
export const licenseRequestStatus = z.enum(["pending", "approved", "rejected", "cancelled"]);
export type LicenseRequestStatus = z.infer<typeof licenseRequestStatus>;

export const validationCodes = ["VALID", "NOT_FOUND", "DEACTIVATED", "EXPIRED", "TOO_MANY_ACTIVATIONS", "FINGERPRINT_MISMATCH", "TRIAL_ALREADY_USED", "LEASE_EXPIRED"] as const;
export type ValidationCode = (typeof validationCodes)[number];

const namedItem = z.object({ id: z.uuid(), name: z.string() });

export const licenseSchema = z
  .object({
    id: z.uuid(),
    key: z.string(),
    status: licenseStatus,
    planId: z.uuid(),
    planName: z.string(),
    /** Each with its entitlement code (API.md "Encrypted licence files"): the licence's entitlements. */
    features: z.array(namedItem.extend({ code: z.string() })),
    projectId: z.uuid().nullable(),
    projectName: z.string().nullable(),
    ownerId: z.uuid(),
    ownerEmail: z.string(),
    issuedAt: timestamp,
    expiresAt: timestamp,
    maxActivations: z.number().int(),
    activations: z.number().int(),
    maxReleasesPer30Days: z.number().int(),
    /** The policy the licence was issued with (API.md "Licensing models"). */
    type: licenseType,
    floating: z.boolean(),
    heartbeatSeconds: z.number().int().nullable(),
    expirationStrategy,
    offlineTtlDays: z.number().int().nullable(),
    /** Past `expiresAt`: a `perpetual_fallback` licence still validates, without newer updates. */
    expired: z.boolean(),
    /** Floating: live leases of `maxActivations` seats; node-locked: live installations. */
    seats: z.object({ used: z.number().int(), max: z.number().int() }),
    /** The release channels it follows (API.md "Release channels"): copied from the plan at issue, then set by an admin. */
    channels: z.array(releaseChannel),
  })
  .meta({ id: "License" });
export type License = z.infer<typeof licenseSchema>;

export const licenseListQuerySchema = listQuerySchema(["issuedAt", "expiresAt", "status", "planName"] as const, {
  sort: "issuedAt",
  order: "desc",
}).extend({
  status: licenseStatus.optional(),
  projectId: z.uuid({ error: messageOf("validation.notValidId") }).optional(),
  ownerId: z.uuid({ error: messageOf("validation.notValidId") }).optional(),
  type: licenseType.optional(),
});

export const installationSchema = z
  .object({
    id: z.uuid(),
    fingerprint: z.string(),
    dataSummary: z.string(),
    firstSeenAt: timestamp,
    lastSeenAt: timestamp,
    /** Floating seats: until when the lease holds (null for node-locked installations). */
    leaseExpiresAt: timestamp.nullable(),
    lastHeartbeatAt: timestamp.nullable(),
    /** When a job found the lease lapsed (`installation.heartbeat-dead`); null while alive or after it was taken again. */
    deadAt: timestamp.nullable(),
  })
  .meta({ id: "Installation" });
export type Installation = z.infer<typeof installationSchema>;

export const installationListSchema = z
  .object({
    items: z.array(installationSchema),
    releasesLast30Days: z.number().int(),
    maxReleasesPer30Days: z.number().int(),
  })
  .meta({ id: "InstallationList" });
export type InstallationList = z.infer<typeof installationListSchema>;

export const installationParams = z.strictObject({
  id: z.uuid({ error: messageOf("validation.notValidId") }),
  installationId: z.uuid({ error: messageOf("validation.notValidId") }),
});

export const licenseRequestSchema = z
  .object({
    id: z.uuid(),
    status: licenseRequestStatus,
    planId: z.uuid().nullable(),
    planName: z.string().nullable(),
    features: z.array(namedItem),
    projectId: z.uuid().nullable(),
    projectName: z.string().nullable(),
    quantity: z.number().int(),
    note: z.string(),
    durationDays: z.number().int().nullable(),
    maxActivations: z.number().int().nullable(),
    rejectReason: z.string().nullable(),
    requester: z.object({ id: z.uuid(), email: z.string(), firstname: z.string(), lastname: z.string() }),
    createdAt: timestamp,
    decidedAt: timestamp.nullable(),
    licenseIds: z.array(z.uuid()),
  })
  .meta({ id: "LicenseRequest" });
export type LicenseRequest = z.infer<typeof licenseRequestSchema>;

/** How many licences one request or order asks for. */
export const quantityField = z
  .number({ error: messageOf("licenses.validation.quantityNumber") })
  .int({ error: messageOf("licenses.validation.quantityWhole") })
  .min(1, { error: messageOf("licenses.validation.quantityRange") })
  .max(100, { error: messageOf("licenses.validation.quantityRange") });
export const noteField = z
  .string({ error: messageOf("validation.notText", { label: "Note" }) })
  .trim()
  .max(2000, { error: messageOf("licenses.validation.noteTooLong") });
export const featureIdsField = z
  .array(z.uuid({ error: messageOf("validation.eachValidId", { label: "feature" }) }), { error: messageOf("validation.list", { items: "Features" }) })
  .min(1, { error: messageOf("commerce.validation.chooseFeature") })
  .max(200)
  .transform((ids) => [...new Set(ids)]);

export const licenseRequestBodySchema = z
  .strictObject({
    planId: z.uuid({ error: messageOf("licenses.validation.planInvalid") }).optional(),
    featureIds: featureIdsField.optional(),
    projectId: z.uuid({ error: messageOf("licenses.validation.projectInvalid") }).optional(),
    quantity: quantityField.default(1),
    note: noteField.optional(),
  })
  .refine((body) => (body.planId === undefined) !== (body.featureIds === undefined), {
    error: messageOf("licenses.validation.planOrFeatures"),
    path: ["planId"],
  })
  .meta({ id: "LicenseRequestBody" });
export type LicenseRequestBody = z.input<typeof licenseRequestBodySchema>;

export const licenseRequestPatchSchema = z
  .strictObject({
    planId: z.uuid({ error: messageOf("licenses.validation.planInvalid") }).optional(),
    featureIds: featureIdsField.optional(),
    quantity: quantityField.optional(),
    note: noteField.optional(),
    durationDays: z.number().int().min(1, { error: messageOf("commerce.validation.durationMin") }).max(36_500).nullable().optional(),
    maxActivations: z.number().int().min(1, { error: messageOf("commerce.validation.activationsMin") }).max(100_000).nullable().optional(),
  })
  .refine((body) => !(body.planId !== undefined && body.featureIds !== undefined), {
    error: messageOf("licenses.validation.planOrFeatures"),
    path: ["planId"],
  })
  .meta({ id: "LicenseRequestPatch" });
export type LicenseRequestPatch = z.input<typeof licenseRequestPatchSchema>;

export const rejectBodySchema = z
  .strictObject({
    reason: z
      .string({ error: messageOf("licenses.validation.reasonRequired") })
      .trim()
      .min(1, { error: messageOf("licenses.validation.reasonRequired") })
      .max(2000, { error: messageOf("licenses.validation.reasonTooLong") }),
  })
  .meta({ id: "RejectBody" });

export const licenseRequestListQuerySchema = listQuerySchema(["createdAt", "status", "quantity"] as const, {
  sort: "createdAt",
  order: "desc",
}).extend({ status: licenseRequestStatus.optional() });

export const validateBodySchema = z
  .strictObject({
    key: z
      .string({ error: messageOf("validation.required", { label: "Key" }) })
      .trim()
      .min(1, { error: messageOf("validation.required", { label: "Key" }) })
      .max(100, { error: messageOf("validation.isTooLong", { label: "Key" }) }),
    fingerprint: z
      .string({ error: messageOf("validation.notText", { label: "Fingerprint" }) })
      .trim()
      .min(1)
      .max(200, { error: messageOf("validation.isTooLong", { label: "Fingerprint" }) })
      .optional(),
    nonce: z
      .string({ error: messageOf("validation.notText", { label: "Nonce" }) })
      .max(200, { error: messageOf("validation.isTooLong", { label: "Nonce" }) })
      .optional(),
  })
  .meta({ id: "ValidateBody" });

export const licenseFileLicenseSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  status: licenseStatus,
  planName: z.string(),
  features: z.array(z.string()),
  issuedAt: timestamp,
  expiresAt: timestamp.nullable(),
  maxActivations: z.number().int(),
  type: licenseType,
  floating: z.boolean(),
  heartbeatSeconds: z.number().int().nullable(),
  expirationStrategy,
  offlineTtlDays: z.number().int().nullable(),
});

/** A feature of the licence by its entitlement code (API.md "Encrypted licence files"). */
export const entitlementSchema = z.object({ code: z.string(), name: z.string() }).meta({ id: "Entitlement" });
export type Entitlement = z.infer<typeof entitlementSchema>;

export const validationDataSchema = z
  .object({
    valid: z.boolean(),
    code: z.enum(validationCodes),
    license: licenseFileLicenseSchema.optional(),
    fingerprint: z.string().optional(),
    nonce: z.string().optional(),
    /** Floating seats: until when this machine's seat holds; null otherwise. */
    leaseExpiresAt: timestamp.nullable(),
    /** Past `expiresAt` (a `perpetual_fallback` licence answers VALID with this true). */
    expired: z.boolean(),
    /** With `license`: the licence's features by entitlement code, ordered by code (absent when the answer names no licence). */
    entitlements: z.array(entitlementSchema).optional(),
    timestamp,
  })
  .meta({ id: "ValidationData" });
export type ValidationData = z.infer<typeof validationDataSchema>;

export const validationAnswerSchema = z
  .object({ status: z.literal("success"), data: validationDataSchema, signature: z.string() })
  .meta({ id: "ValidationAnswer" });

export const publicKeySchema = z
  .object({ algorithm: z.literal("Ed25519"), publicKey: z.string(), keyId: z.string() })
  .meta({ id: "PublicKey" });

export const reqAuthAnswerSchema = z
  .object({
    licenseToken: z.string(),
    licenseTokenExpiresAt: timestamp,
    license: licenseSchema,
    licenseFile: z.string(),
    installation: installationSchema,
  })
  .meta({ id: "ReqAuthAnswer" });

export const REQ_FILE_MAX_BYTES = 500 * 1024;
export const REQ_FILE_MESSAGES = {
  tooLarge: "File size cannot exceed 500KB",
  wrongType: "Please select only .req files",
  tooFewLines: "The .req file must have at least 2 lines: the licence key, then the installation data",
  missing: "Please select a .req file",
} as const;
