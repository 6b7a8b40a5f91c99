/**
 * @portal/license-verifier — offline verification of the portal's signed licence files,
 * online-validation answers and software updates (manifests, downloaded files, packages), all
 * Ed25519. Dependency-free: only Node built-ins. `@portal/license-verifier/webcrypto` holds the
 * online-validation check on WebCrypto alone, for browsers too.
 */
export { fingerprintOf } from "./fingerprint.js";
export {
  LICENSE_FILE_ALGORITHM,
  LICENSE_FILE_FOOTER,
  LICENSE_FILE_HEADER,
  LICENSE_FILE_SIGNING_PREFIX,
  verifyLicenseFile,
} from "./license-file.js";
export { installPathProblem, installPathsProblem } from "./install-path.js";
export { sha256File, verifyUpdateFiles } from "./update-files.js";
export { UPDATE_MANIFEST_ALGORITHM, verifySignedManifest, verifyUpdateManifest } from "./update-manifest.js";
export { PACKAGE_MANIFEST_ENTRY, PACKAGE_SIGNATURE_ENTRY, verifyUpdatePackage } from "./update-package.js";
export { verifyValidationAnswer } from "./validation-answer.js";
export { verifyValidationAnswerWebCrypto } from "./validation-answer-webcrypto.js";
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
  UpdatePackageFailure,
  UpdatePackageFailureReason,
  UpdatePackageResult,
  UpdatePackageSuccess,
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
  VerifyUpdatePackageOptions,
  VerifyValidationAnswerOptions,
} from "./types.js";
