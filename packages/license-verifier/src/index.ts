/**
 * @portal/license-verifier — offline verification of the portal's signed licence files,
 * online-validation answers and software updates (manifests, downloaded files, packages), all
 * Ed25519. Dependency-free: only Node built-ins. `@portal/license-verifier/webcrypto` holds the
 * online-validation check and the encrypted licence and machine files (Keygen's aes-256-gcm+ed25519)
 * on WebCrypto alone, for browsers too.
 */
export { fingerprintOf } from "./fingerprint.js";
export {
  LICENSE_FILE_ALGORITHM,
  LICENSE_FILE_FOOTER,
  LICENSE_FILE_HEADER,
  LICENSE_FILE_SIGNING_PREFIX,
  verifyLicenseFile,
} from "./license-file.js";
export { ENCRYPTED_FILE_ALGORITHM, MACHINE_FILE_FOOTER, MACHINE_FILE_HEADER, MAX_CLOCK_DRIFT_SECONDS } from "./keygen-file-checks.js";
export { loadAnyPublicKey, verifyEncryptedLicenseFile, verifyMachineFile } from "./keygen-file.js";
export { verifyEncryptedLicenseFileWebCrypto, verifyMachineFileWebCrypto } from "./keygen-file-webcrypto.js";
export { installPathProblem, installPathsProblem } from "./install-path.js";
export { sha256File, verifyUpdateFiles } from "./update-files.js";
export { UPDATE_MANIFEST_ALGORITHM, verifySignedManifest, verifyUpdateManifest } from "./update-manifest.js";
export { PACKAGE_MANIFEST_ENTRY, PACKAGE_SIGNATURE_ENTRY, verifyUpdatePackage } from "./update-package.js";
export { verifyValidationAnswer } from "./validation-answer.js";
export { verifyValidationAnswerWebCrypto } from "./validation-answer-webcrypto.js";
export type {
  Installation,
  KeygenDataset,
  KeygenFileFailure,
  KeygenFileFailureReason,
  KeygenFileKind,
  KeygenFileMeta,
  KeygenFileResult,
  KeygenFileSuccess,
  KeygenResource,
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
  VerifyKeygenFileOptions,
  VerifyLicenseFileOptions,
  VerifyUpdateFilesOptions,
  VerifyUpdatePackageOptions,
  VerifyValidationAnswerOptions,
} from "./types.js";
