/**
 * @portal/license-verifier — offline verification of the portal's signed licence files and
 * online-validation answers (Ed25519). Dependency-free: only Node built-ins.
 */
export { fingerprintOf } from "./fingerprint.js";
export {
  LICENSE_FILE_ALGORITHM,
  LICENSE_FILE_FOOTER,
  LICENSE_FILE_HEADER,
  LICENSE_FILE_SIGNING_PREFIX,
  verifyLicenseFile,
} from "./license-file.js";
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
  ValidationAnswer,
  ValidationAnswerFailure,
  ValidationAnswerFailureReason,
  ValidationAnswerResult,
  ValidationAnswerSuccess,
  ValidationCode,
  ValidationData,
  VerifyLicenseFileOptions,
  VerifyValidationAnswerOptions,
} from "./types.js";
