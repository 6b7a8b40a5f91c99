/**
 * @portal/license-verifier — offline verification of the portal's signed licence files,
 * online-validation answers and software updates (manifests and downloaded files), all Ed25519. Dependency-free: only Node built-ins.
 */
export { fingerprintOf } from "./fingerprint.js";
export {
  LICENSE_FILE_ALGORITHM,
  LICENSE_FILE_FOOTER,
  LICENSE_FILE_HEADER,
  LICENSE_FILE_SIGNING_PREFIX,
  verifyLicenseFile,
} from "./license-file.js";
export { installPathProblem } from "./install-path.js";
export { sha256File, verifyUpdateFiles } from "./update-files.js";
export { UPDATE_MANIFEST_ALGORITHM, verifySignedManifest, verifyUpdateManifest } from "./update-manifest.js";
export { verifyValidationAnswer } from "./validation-answer.js";
export type {
  Installation,
  License,
  LicenseFileEnvelope,
  LicenseFileFailure,
  LicenseFileFailureReason,
  LicenseFileMeta,
  LicenseFilePayload,
  LicenseFileResult,
  LicenseFileSuccess,
  LicenseStatus,
  SignedManifest,
  UpdateFileCheck,
  UpdateFilesFailure,
  UpdateFilesResult,
  UpdateFilesSuccess,
  UpdateFileStatus,
  UpdateManifest,
  UpdateManifestFailure,
  UpdateManifestFailureReason,
  UpdateManifestFile,
  UpdateManifestResult,
  UpdateManifestSuccess,
  UpdateType,
  ValidationAnswer,
  ValidationAnswerFailure,
  ValidationAnswerFailureReason,
  ValidationAnswerResult,
  ValidationAnswerSuccess,
  ValidationCode,
  ValidationData,
  VerifyLicenseFileOptions,
  VerifyUpdateFilesOptions,
  VerifyValidationAnswerOptions,
} from "./types.js";
