import { z } from "zod";
import { listQuerySchema, timestamp } from "./common.js";

export const licenseStatus = z.enum(["active", "not_activated", "deactivated"]);
export type LicenseStatus = z.infer<typeof licenseStatus>;
export const licenseRequestStatus = z.enum(["pending", "approved", "rejected", "cancelled"]);
export type LicenseRequestStatus = z.infer<typeof licenseRequestStatus>;

export const validationCodes = ["VALID", "NOT_FOUND", "DEACTIVATED", "EXPIRED", "TOO_MANY_ACTIVATIONS", "FINGERPRINT_MISMATCH"] as const;
export type ValidationCode = (typeof validationCodes)[number];

const namedItem = z.object({ id: z.uuid(), name: z.string() });

export const licenseSchema = z
  .object({
    id: z.uuid(),
    key: z.string(),
    status: licenseStatus,
    planId: z.uuid(),
    planName: z.string(),
    features: z.array(namedItem),
    projectId: z.uuid().nullable(),
    projectName: z.string().nullable(),
    ownerId: z.uuid(),
    ownerEmail: z.string(),
    issuedAt: timestamp,
    expiresAt: timestamp,
    maxActivations: z.number().int(),
    activations: z.number().int(),
    maxReleasesPer30Days: z.number().int(),
  })
  .meta({ id: "License" });
export type License = z.infer<typeof licenseSchema>;

export const licenseListQuerySchema = listQuerySchema(["issuedAt", "expiresAt", "status", "planName"] as const, {
  sort: "issuedAt",
  order: "desc",
}).extend({
  status: licenseStatus.optional(),
  projectId: z.uuid({ error: "Not a valid identifier" }).optional(),
  ownerId: z.uuid({ error: "Not a valid identifier" }).optional(),
});

export const installationSchema = z
  .object({
    id: z.uuid(),
    fingerprint: z.string(),
    dataSummary: z.string(),
    firstSeenAt: timestamp,
    lastSeenAt: timestamp,
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
  id: z.uuid({ error: "Not a valid identifier" }),
  installationId: z.uuid({ error: "Not a valid identifier" }),
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

const quantity = z
  .number({ error: "Quantity must be a number" })
  .int({ error: "Quantity must be a whole number" })
  .min(1, { error: "Quantity must be between 1 and 100" })
  .max(100, { error: "Quantity must be between 1 and 100" });
const note = z.string({ error: "Note must be text" }).trim().max(2000, { error: "Note must be at most 2000 characters" });
const featureIds = z
  .array(z.uuid({ error: "Each feature must be a valid identifier" }), { error: "Features must be a list" })
  .min(1, { error: "Choose at least one feature" })
  .max(200)
  .transform((ids) => [...new Set(ids)]);

export const licenseRequestBodySchema = z
  .strictObject({
    planId: z.uuid({ error: "Not a valid plan" }).optional(),
    featureIds: featureIds.optional(),
    projectId: z.uuid({ error: "Not a valid project" }).optional(),
    quantity: quantity.default(1),
    note: note.optional(),
  })
  .refine((body) => (body.planId === undefined) !== (body.featureIds === undefined), {
    error: "Choose either a plan or features",
    path: ["planId"],
  })
  .meta({ id: "LicenseRequestBody" });
export type LicenseRequestBody = z.input<typeof licenseRequestBodySchema>;

export const licenseRequestPatchSchema = z
  .strictObject({
    planId: z.uuid({ error: "Not a valid plan" }).optional(),
    featureIds: featureIds.optional(),
    quantity: quantity.optional(),
    note: note.optional(),
    durationDays: z.number().int().min(1, { error: "Duration must be at least 1 day" }).max(36_500).nullable().optional(),
    maxActivations: z.number().int().min(1, { error: "Max activations must be at least 1" }).max(100_000).nullable().optional(),
  })
  .refine((body) => !(body.planId !== undefined && body.featureIds !== undefined), {
    error: "Choose either a plan or features",
    path: ["planId"],
  })
  .meta({ id: "LicenseRequestPatch" });
export type LicenseRequestPatch = z.input<typeof licenseRequestPatchSchema>;

export const rejectBodySchema = z
  .strictObject({
    reason: z
      .string({ error: "Reason field is required" })
      .trim()
      .min(1, { error: "Reason field is required" })
      .max(2000, { error: "Reason must be at most 2000 characters" }),
  })
  .meta({ id: "RejectBody" });

export const licenseRequestListQuerySchema = listQuerySchema(["createdAt", "status", "quantity"] as const, {
  sort: "createdAt",
  order: "desc",
}).extend({ status: licenseRequestStatus.optional() });

export const validateBodySchema = z
  .strictObject({
    key: z.string({ error: "Key field is required" }).trim().min(1, { error: "Key field is required" }).max(100, { error: "Key is too long" }),
    fingerprint: z.string({ error: "Fingerprint must be text" }).trim().min(1).max(200, { error: "Fingerprint is too long" }).optional(),
    nonce: z.string({ error: "Nonce must be text" }).max(200, { error: "Nonce is too long" }).optional(),
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
});

export const validationDataSchema = z
  .object({
    valid: z.boolean(),
    code: z.enum(validationCodes),
    license: licenseFileLicenseSchema.optional(),
    fingerprint: z.string().optional(),
    nonce: z.string().optional(),
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
