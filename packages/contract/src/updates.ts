import { z } from "zod";
import { messageCatalogue, messageOf } from "./messages.js";
import { listQuerySchema, requiredText, timestamp } from "./common.js";
import { releaseChannel } from "./licensing.js";

/**
 * Software updates (spec sections 2–5 "Updates", API "Updates"): an administrator uploads the files
 * (draft), sends the install commands, then the change log, which publishes the update with a signed
 * manifest. Customers' licences are verified per update; a licence token from the .req flow lists and
 * downloads what its licence may take.
 */

export const updateTypes = ["major", "minor"] as const;
export const updateType = z.enum(updateTypes, { error: messageOf("updates.validation.type") });
export type UpdateType = z.infer<typeof updateType>;

export const updateStatuses = ["draft", "published"] as const;
export const updateStatus = z.enum(updateStatuses, { error: messageOf("updates.validation.status") });
export type UpdateStatus = z.infer<typeof updateStatus>;

/** What a stored file is for: the two required packages, or an extra file with its own install path. */
export const updateFileKinds = ["backend", "frontend", "extra"] as const;
export type UpdateFileKind = (typeof updateFileKinds)[number];

/** The names the two required packages must have, exactly (spec section 5). */
export const UPDATE_PACKAGE_NAMES = { backend: "backend.zip", frontend: "frontend.zip" } as const;

export const UPDATE_LIMITS = {
  /** Extra files per update. */
  maxExtras: 20,
  /** Install commands per update, and characters per command. */
  maxCommands: 100,
  maxCommandLength: 1000,
  /** Install path of an extra file: relative, normalised, at most this long. */
  maxPathLength: 300,
  /** Default per-file cap (the server's `UPDATE_MAX_FILE_BYTES` overrides it). */
  defaultMaxFileBytes: 2 * 1024 * 1024 * 1024,
} as const;

/** The texts the spec fixes for the wizard (section 5 and 8); the web client shows them translated. */
export const UPDATE_MESSAGES = {
  extraPathRequired: "Please provide a path for each extra file.",
  fillAllFields: messageCatalogue["updates.wizard.fillAllFields"],
  filesUploaded: "Files uploaded successfully!",
  commandsSent: "Commands sent successfully!",
  userVerified: "User verified successfully",
  uploadFailed: "Failed to upload files: ",
  commandsFailed: "Failed to send commands: ",
  stepThreeFailed: "Failed to send step 3: ",
  downloadFailed: "Download failed: ",
  loadFailed: "Failed to load updates: Invalid data format.",
} as const;

/**
 * Semantic version (semver.org 2.0.0), without a leading "v". Build metadata is refused: two versions
 * that differ only in it have the same precedence, so "above every published version" could not decide.
 */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?$/;

export const updateFileSchema = z
  .object({
    /** The file's name as uploaded ("backend.zip", "frontend.zip", or the extra's own name). */
    name: z.string(),
    kind: z.enum(updateFileKinds),
    /** Install path: "backend.zip" / "frontend.zip" for the packages, the given relative path for an extra. */
    path: z.string(),
    size: z.number().int(),
    /** Lower-case hex SHA-256 of the content: also the file's ETag when downloaded. */
    sha256: z.string(),
  })
  .meta({ id: "UpdateFile" });
export type UpdateFile = z.infer<typeof updateFileSchema>;

export const updateSchema = z
  .object({
    id: z.uuid(),
    status: updateStatus,
    /** Null until step 3 (change log) of a draft. */
    version: z.string().nullable(),
    type: updateType.nullable(),
    header: z.string().nullable(),
    changeLog: z.string().nullable(),
    commands: z.array(z.string()),
    files: z.array(updateFileSchema),
    /** Sum of the files' sizes. */
    totalSize: z.number().int(),
    createdAt: timestamp,
    updatedAt: timestamp,
    publishedAt: timestamp.nullable(),
    createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    /** How many licences are verified for this update. */
    verifiedLicenses: z.number().int(),
    /** The release channel it is published on (API.md "Release channels"); "stable" unless set. */
    channel: releaseChannel,
    /** A licence that follows the channel may take it only when it has every one of these features (by-hand verification aside). */
    requiredFeatures: z.array(z.object({ id: z.uuid(), name: z.string(), code: z.string() })),
    /** When it was withdrawn (`POST /updates/{id}/yank`): then no list or download offers it any more. */
    yankedAt: timestamp.nullable(),
  })
  .meta({ id: "Update" });
export type Update = z.infer<typeof updateSchema>;

export const updateCommandsBodySchema = z
  .strictObject({
    commands: z
      .array(requiredText("Command", UPDATE_LIMITS.maxCommandLength), { error: messageOf("updates.validation.commandsList") })
      .max(UPDATE_LIMITS.maxCommands, { error: messageOf("validation.atMostItems", { max: UPDATE_LIMITS.maxCommands, items: "commands" }) }),
  })
  .meta({ id: "UpdateCommandsBody" });
export type UpdateCommandsBody = z.input<typeof updateCommandsBodySchema>;

/** Step 3: every field required ("Please fill in all fields"); publishing happens with it. */
const fillAll = (maxLength: number) =>
  z
    .string({ error: messageOf("updates.wizard.fillAllFields") })
    .trim()
    .min(1, { error: messageOf("updates.wizard.fillAllFields") })
    .max(maxLength, { error: messageOf("validation.atMostCharacters", { max: maxLength }) });

/** An update's required features: each a feature id, each once (repeats dropped). */
export const requiredFeatureIdsField = z
  .array(z.uuid({ error: messageOf("validation.eachValidId", { label: "feature" }) }), { error: messageOf("validation.list", { items: "Required features" }) })
  .max(200, { error: messageOf("validation.atMostItems", { max: 200, items: "features" }) })
  .transform((ids) => [...new Set(ids)]);

export const updateChangelogBodySchema = z
  .strictObject({
    header: fillAll(200),
    version: fillAll(64).pipe(z.string().regex(SEMVER_PATTERN, { error: messageOf("updates.validation.version") })),
    type: z.enum(updateTypes, { error: messageOf("updates.wizard.fillAllFields") }),
    changeLog: fillAll(20_000),
    /** Absent: what the draft has ("stable" unless set before). */
    channel: releaseChannel.optional(),
    /** Absent: what the draft has ([] unless set before). Unknown ids → 422 `catalogue/unknown_feature`. */
    requiredFeatureIds: requiredFeatureIdsField.optional(),
  })
  .meta({ id: "UpdateChangelogBody" });
export type UpdateChangelogBody = z.input<typeof updateChangelogBodySchema>;

/** `PATCH /api/v1/updates/{id}` (admin, a draft only): its channel and required features before step 3. */
export const updateDraftPatchSchema = z
  .strictObject({ channel: releaseChannel.optional(), requiredFeatureIds: requiredFeatureIdsField.optional() })
  .refine((body) => body.channel !== undefined || body.requiredFeatureIds !== undefined, { error: messageOf("validation.nothingToChange") })
  .meta({ id: "UpdateDraftPatch" });
export type UpdateDraftPatch = z.input<typeof updateDraftPatchSchema>;

export const updateListQuerySchema = listQuerySchema(["version", "createdAt", "publishedAt"] as const, {
  sort: "createdAt",
  order: "desc",
}).extend({
  status: updateStatus.optional(),
  channel: releaseChannel.optional(),
  /** `true`: withdrawn updates only; `false`: none of them; absent: all (yanked ones carry `yankedAt`). */
  yanked: z
    .enum(["true", "false"], { error: messageOf("validation.trueOrFalse", { label: "Yanked" }) })
    .transform((value) => value === "true")
    .optional(),
});
export type UpdateListQuery = z.input<typeof updateListQuerySchema>;

export const updateVerificationBodySchema = z
  .strictObject({ licenseId: z.uuid({ error: messageOf("updates.validation.license") }) })
  .meta({ id: "UpdateVerificationBody" });
export type UpdateVerificationBody = z.input<typeof updateVerificationBodySchema>;

/** Why a licence cannot take a published update (`include=unavailable`): it follows none of its channel, or lacks a required feature. */
export const unavailableReasonSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("channel"), channel: releaseChannel }),
    z.object({ kind: z.literal("feature"), featureId: z.uuid(), featureName: z.string(), featureCode: z.string() }),
  ])
  .meta({ id: "UnavailableReason" });
export type UnavailableReason = z.infer<typeof unavailableReasonSchema>;

/** One licence's verification for one update. */
export const verificationStatuses = ["verified", "not_verified"] as const;
/** A customer's verification for one update, over all of the customer's licences. */
export const customerVerificationStatuses = ["verified", "partially_verified", "not_verified"] as const;
export type CustomerVerificationStatus = (typeof customerVerificationStatuses)[number];

/**
 * Update history: one row per published update and licence (of a customer's licences that existed
 * when the row is read); `customerStatus` sums up the customer's licences for that update.
 */
export const updateHistoryRowSchema = z
  .object({
    updateId: z.uuid(),
    version: z.string(),
    type: updateType,
    header: z.string(),
    publishedAt: timestamp,
    userId: z.uuid(),
    userName: z.string(),
    /** The customer's full name. */
    customer: z.string(),
    licenseId: z.uuid(),
    licenseKey: z.string(),
    /** Verified for this licence by hand (`POST /updates/{id}/verifications`). */
    status: z.enum(verificationStatuses),
    customerStatus: z.enum(customerVerificationStatuses),
    channel: releaseChannel,
    /**
     * The licence may take the update by the availability rule: verified by hand, or it follows the
     * update's channel and has every required feature; never once it is yanked. (Expiry aside: a
     * download still applies the licence's access window.)
     */
    available: z.boolean(),
    /** Withdrawn: still listed where the licence had it ("Withdrawn"), never downloadable. */
    yankedAt: timestamp.nullable(),
    /** Only with `include=unavailable`: why the licence cannot take it; [] when it can. */
    unavailableReasons: z.array(unavailableReasonSchema).optional(),
  })
  .meta({ id: "UpdateHistoryRow" });
export type UpdateHistoryRow = z.infer<typeof updateHistoryRowSchema>;

export const updateHistoryQuerySchema = listQuerySchema(
  ["version", "publishedAt", "userName", "customer", "licenseKey", "status"] as const,
  { sort: "publishedAt", order: "desc" },
).extend({
  updateId: z.uuid({ error: messageOf("validation.notValidId") }).optional(),
  status: z.enum(verificationStatuses, { error: messageOf("updates.validation.verificationStatus") }).optional(),
  /** Admin only: one customer's rows. */
  userId: z.uuid({ error: messageOf("validation.notValidId") }).optional(),
  /**
   * `unavailable`: a customer's list also holds the published, not yanked updates a licence cannot
   * take, each row with `unavailableReasons` (and [] on the others). Without it the rows are as before.
   */
  include: z.enum(["unavailable"], { error: messageOf("validation.oneOf", { label: "Include", values: "unavailable" }) }).optional(),
});
export type UpdateHistoryQuery = z.input<typeof updateHistoryQuerySchema>;

/** What `GET /api/v1/req/updates` lists for a licence token: published, not yanked, offered to its licence, newer than installed. */
export const availableUpdateSchema = z
  .object({
    id: z.uuid(),
    version: z.string(),
    type: updateType,
    header: z.string(),
    changeLog: z.string(),
    publishedAt: timestamp,
    files: z.array(updateFileSchema),
    totalSize: z.number().int(),
    channel: releaseChannel,
  })
  .meta({ id: "AvailableUpdate" });
export type AvailableUpdate = z.infer<typeof availableUpdateSchema>;

export const availableUpdatesSchema = z
  .object({
    licenseId: z.uuid(),
    /** The version the .req's installation data named, if it named one. */
    installedVersion: z.string().nullable(),
    items: z.array(availableUpdateSchema),
    /**
     * Published, not yanked and newer than the installed version too, but not offered to this licence
     * (another channel, a missing required feature, and not verified by hand): an empty `items` is only
     * "up to date" when this is empty.
     */
    awaitingVerification: z.array(z.object({ id: z.uuid(), version: z.string(), publishedAt: timestamp })),
  })
  .meta({ id: "AvailableUpdates" });
export type AvailableUpdates = z.infer<typeof availableUpdatesSchema>;

/** The signed manifest's content (its JSON text is what the signature covers, byte for byte). */
export const updateManifestSchema = z
  .object({
    updateId: z.uuid(),
    version: z.string(),
    type: updateType,
    header: z.string(),
    changeLog: z.string(),
    commands: z.array(z.string()),
    files: z.array(z.object({ name: z.string(), path: z.string(), size: z.number().int(), sha256: z.string() })),
    publishedAt: timestamp,
  })
  .meta({ id: "UpdateManifest" });
export type UpdateManifest = z.infer<typeof updateManifestSchema>;

export const signedManifestSchema = z
  .object({ manifest: z.string(), signature: z.string(), alg: z.literal("ed25519") })
  .meta({ id: "SignedManifest" });
export type SignedManifest = z.infer<typeof signedManifestSchema>;
