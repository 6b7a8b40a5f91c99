/** Status of a licence as the portal records it. */
export type LicenseStatus = "active" | "not_activated" | "deactivated";

/** The licence as carried in a licence file and in a validation answer. */
export interface License {
  id: string;
  key: string;
  status: LicenseStatus;
  planName: string;
  features: string[];
  /** ISO-8601. */
  issuedAt: string;
  /** ISO-8601, or null for a licence that never ends. */
  expiresAt: string | null;
  maxActivations: number;
  /** The licensing policy (absent in files made before licensing models). */
  type?: "standard" | "trial";
  floating?: boolean;
  /** Floating: seconds a seat holds without a heartbeat. */
  heartbeatSeconds?: number | null;
  expirationStrategy?: "revoke" | "perpetual_fallback";
  offlineTtlDays?: number | null;
}

/** Lifetime of the licence *file* (not of the licence). */
export interface LicenseFileMeta {
  /** ISO-8601: when the file was issued. */
  issued: string;
  /** ISO-8601: when the file must be refreshed (issued + ttl). */
  expiry: string;
  /** Seconds. */
  ttl: number;
}

/** The installation a licence file is bound to. */
export interface Installation {
  /** Lower-case hex SHA-256 of the installation data (see `fingerprintOf`). */
  fingerprint: string;
  nonce?: string;
}

/** The signed JSON inside a licence file (`enc`, decoded). */
export interface LicenseFilePayload {
  meta: LicenseFileMeta;
  license: License;
  installation: Installation | null;
}

/** The armoured JSON of a licence file, before its `enc` is decoded. */
export interface LicenseFileEnvelope {
  enc: string;
  sig: string;
  alg: string;
}

export type LicenseFileFailureReason =
  | "MALFORMED"
  | "UNSUPPORTED_ALGORITHM"
  | "BAD_SIGNATURE"
  | "FILE_EXPIRED"
  | "LICENSE_EXPIRED"
  | "DEACTIVATED"
  | "FINGERPRINT_MISMATCH";

export interface VerifyLicenseFileOptions {
  /** When given, the file must be bound to exactly this installation fingerprint. */
  fingerprint?: string;
  /** The current time (defaults to `new Date()`). */
  now?: Date;
}

export interface LicenseFileSuccess {
  ok: true;
  license: License;
  meta: LicenseFileMeta;
  installation: Installation | null;
  /** Past `license.expiresAt`: only a `perpetual_fallback` licence verifies then (it keeps working without newer updates). */
  expired: boolean;
}

export interface LicenseFileFailure {
  ok: false;
  reason: LicenseFileFailureReason;
  message: string;
  /** Present only once the signature has been verified (FILE_EXPIRED and later reasons). */
  license?: License;
  /** Present only once the signature has been verified (FILE_EXPIRED and later reasons). */
  meta?: LicenseFileMeta;
}

export type LicenseFileResult = LicenseFileSuccess | LicenseFileFailure;

export type ValidationCode =
  | "VALID"
  | "NOT_FOUND"
  | "DEACTIVATED"
  | "EXPIRED"
  | "TOO_MANY_ACTIVATIONS"
  | "FINGERPRINT_MISMATCH"
  | "TRIAL_ALREADY_USED"
  | "LEASE_EXPIRED";

/** The signed `data` of a validation answer. */
export interface ValidationData {
  valid: boolean;
  code: ValidationCode;
  license?: License;
  fingerprint?: string;
  nonce?: string;
  /** Floating seats: ISO-8601 end of this machine's lease; null otherwise (absent from older servers). */
  leaseExpiresAt?: string | null;
  /** Past the licence's end date (a `perpetual_fallback` licence is still VALID). */
  expired?: boolean;
  /** ISO-8601: when the server answered. */
  timestamp: string;
}

/** Body of `POST /api/v1/licenses/validate`. */
export interface ValidationAnswer {
  status: "success";
  data: ValidationData;
  signature: string;
}

export type ValidationAnswerFailureReason = "MALFORMED" | "BAD_SIGNATURE" | "NONCE_MISMATCH" | "STALE";

export interface VerifyValidationAnswerOptions {
  /** When given, the answer's `data.nonce` must equal it (replay protection). */
  nonce?: string;
  /** When given, `data.timestamp` must lie within this many seconds of `now` (either side). */
  maxAgeSeconds?: number;
  /** The current time (defaults to `new Date()`). */
  now?: Date;
}

export interface ValidationAnswerSuccess {
  /** The answer is authentic (and fresh/matching as requested); `data.valid` says whether the licence is valid. */
  ok: true;
  data: ValidationData;
}

export interface ValidationAnswerFailure {
  ok: false;
  reason: ValidationAnswerFailureReason;
  message: string;
}

export type ValidationAnswerResult = ValidationAnswerSuccess | ValidationAnswerFailure;

export type UpdateType = "major" | "minor";

/** One file of an update: where it is installed, and what it must be. */
export interface UpdateManifestFile {
  /** The file's name as uploaded (`GET /api/v1/updates/{id}/files/{name}` downloads it). */
  name: string;
  /** Install path: relative, "/" between folders, never absolute and never "..". */
  path: string;
  /** Bytes. */
  size: number;
  /** Lower-case hex SHA-256 of the content. */
  sha256: string;
}

/** The signed manifest of a published update. */
export interface UpdateManifest {
  updateId: string;
  version: string;
  type: UpdateType;
  header: string;
  changeLog: string;
  /** Install commands, in order. */
  commands: string[];
  files: UpdateManifestFile[];
  /** ISO-8601. */
  publishedAt: string;
}

/** `data` of `GET /api/v1/updates/{id}/manifest`. */
export interface SignedManifest {
  /** The manifest's JSON text: the signature covers its exact UTF-8 bytes. */
  manifest: string;
  /** Base64 Ed25519 signature. */
  signature: string;
  alg: "ed25519";
}

export type UpdateManifestFailureReason = "MALFORMED" | "UNSUPPORTED_ALGORITHM" | "BAD_SIGNATURE" | "UNSAFE_PATH";

export interface UpdateManifestSuccess {
  ok: true;
  manifest: UpdateManifest;
}

export interface UpdateManifestFailure {
  ok: false;
  reason: UpdateManifestFailureReason;
  message: string;
}

export type UpdateManifestResult = UpdateManifestSuccess | UpdateManifestFailure;

/**
 * What was found for one manifest file: `missing` (absent, or a folder), `size_mismatch`,
 * `hash_mismatch`, or `unreadable` (not a regular file, or a damaged package entry).
 */
export type UpdateFileStatus = "ok" | "missing" | "size_mismatch" | "hash_mismatch" | "unreadable";

export interface UpdateFileCheck {
  name: string;
  path: string;
  status: UpdateFileStatus;
  /** What the manifest says. */
  expectedSize: number;
  expectedSha256: string;
  /** What was found, when the file was found. */
  actualSize?: number;
  /** What was found, when the file was read to its end. */
  actualSha256?: string;
  /** One sentence for people. */
  message: string;
}

export interface VerifyUpdateFilesOptions {
  /** Called as bytes are hashed, with the running total and the manifest's total size. */
  onProgress?: (bytesDone: number, bytesTotal: number) => void;
}

export interface UpdateFilesSuccess {
  ok: true;
  files: UpdateFileCheck[];
}

export interface UpdateFilesFailure {
  ok: false;
  reason: "FILE_MISMATCH";
  message: string;
  files: UpdateFileCheck[];
}

export type UpdateFilesResult = UpdateFilesSuccess | UpdateFilesFailure;

export type UpdatePackageFailureReason =
  | UpdateManifestFailureReason
  | "BAD_PACKAGE"
  | "DUPLICATE_ENTRY"
  | "UNLISTED_ENTRY"
  | "FILE_MISMATCH";

export type VerifyUpdatePackageOptions = VerifyUpdateFilesOptions;

export interface UpdatePackageSuccess {
  ok: true;
  manifest: UpdateManifest;
  files: UpdateFileCheck[];
}

export interface UpdatePackageFailure {
  ok: false;
  reason: UpdatePackageFailureReason;
  message: string;
  /** Present once the manifest's signature has been verified (UNLISTED_ENTRY, FILE_MISMATCH). */
  manifest?: UpdateManifest;
  /** Present for FILE_MISMATCH. */
  files?: UpdateFileCheck[];
}

export type UpdatePackageResult = UpdatePackageSuccess | UpdatePackageFailure;

/** Which of Keygen's encrypted files: a licence file (`license/` signing prefix) or a machine file (`machine/`). */
export type KeygenFileKind = "license" | "machine";

/** A JSON:API resource as Keygen's files carry it: `{type, id, attributes, …}`. */
export interface KeygenResource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  [member: string]: unknown;
}

/** An encrypted file's lifetime (`meta` of the plaintext). Keygen writes `expiry` and `ttl` null for a file without one. */
export interface KeygenFileMeta {
  /** ISO-8601: when the file was issued. */
  issued: string;
  /** ISO-8601, or null: after this the file must be refreshed. */
  expiry: string | null;
  /** Seconds, or null. */
  ttl: number | null;
}

/** The decrypted plaintext of an encrypted licence or machine file. */
export interface KeygenDataset {
  /** The licence (`type: "licenses"`) of a licence file; the machine (`type: "machines"`) of a machine file. */
  data: KeygenResource;
  /** The licence's entitlements (`type: "entitlements"`, attributes `{code, name}`); in a machine file, also the licence. */
  included: KeygenResource[];
  meta: KeygenFileMeta;
}

export type KeygenFileFailureReason =
  /** Not an armoured file of this kind, or not base64 / JSON where it must be. */
  | "MALFORMED"
  /** `alg` is not `aes-256-gcm+ed25519` (e.g. a plain `base64+ed25519` file: use verifyLicenseFile). */
  | "UNSUPPORTED_ALGORITHM"
  /** The signature does not verify: the file was altered (enc or sig), or signed with another key. */
  | "BAD_SIGNATURE"
  /** Authentic, but the licence key given does not decrypt it (licence file), or it names another licence key. */
  | "WRONG_KEY"
  /**
   * Machine file only: authentic, but licence key + fingerprint do not decrypt it. The two are hashed
   * together, so which one is wrong cannot be told: another machine's file, or another licence key.
   */
  | "WRONG_KEY_OR_FINGERPRINT"
  /** Machine file only: decrypted, but made for another fingerprint than the one given. */
  | "WRONG_FINGERPRINT"
  /** `meta.issued` lies in the future by more than the allowed clock drift: this machine's clock is behind (or was set back). */
  | "CLOCK_UNSYNCED"
  /** Past `meta.expiry`: the file must be refreshed (check in). */
  | "FILE_EXPIRED";

export interface VerifyKeygenFileOptions {
  /** The licence key, exactly as the portal shows it (the AES key is SHA-256 of it). */
  licenseKey: string;
  /** Machine files: the machine's fingerprint (the AES key is SHA-256 of licence key + fingerprint). */
  fingerprint?: string;
  /** The current time (defaults to `new Date()`). */
  now?: Date;
  /** How far `meta.issued` may lie ahead of `now` (default MAX_CLOCK_DRIFT_SECONDS, 5 minutes). */
  maxClockDriftSeconds?: number;
}

export interface KeygenFileSuccess {
  ok: true;
  kind: KeygenFileKind;
  dataset: KeygenDataset;
  meta: KeygenFileMeta;
  /** The licence's attributes (`data` of a licence file, the included licence of a machine file). */
  license: Record<string, unknown> | null;
  /** The machine's attributes (machine files), else null. */
  machine: Record<string, unknown> | null;
  /** The entitlement codes the file grants. */
  entitlements: string[];
}

export interface KeygenFileFailure {
  ok: false;
  reason: KeygenFileFailureReason;
  message: string;
  /** Present once the file was decrypted (CLOCK_UNSYNCED, FILE_EXPIRED, WRONG_FINGERPRINT, WRONG_KEY after decryption). */
  dataset?: KeygenDataset;
}

export type KeygenFileResult = KeygenFileSuccess | KeygenFileFailure;
