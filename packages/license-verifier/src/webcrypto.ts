/**
 * @portal/license-verifier/webcrypto — the part of the verifier that runs wherever WebCrypto does:
 * browsers, Electron renderers, Node.js 20 and later. No Node built-ins are imported from here (the
 * package's main entry point needs `node:crypto`, `node:fs`, `node:zlib`).
 */
export { verifyValidationAnswerWebCrypto } from "./validation-answer-webcrypto.js";
export { verifyEncryptedLicenseFileWebCrypto, verifyMachineFileWebCrypto } from "./keygen-file-webcrypto.js";
export { ENCRYPTED_FILE_ALGORITHM, MACHINE_FILE_FOOTER, MACHINE_FILE_HEADER, MAX_CLOCK_DRIFT_SECONDS } from "./keygen-file-checks.js";
export type {
  KeygenDataset,
  KeygenFileFailure,
  KeygenFileFailureReason,
  KeygenFileKind,
  KeygenFileMeta,
  KeygenFileResult,
  KeygenFileSuccess,
  KeygenResource,
  VerifyKeygenFileOptions,
  License,
  LicenseStatus,
  ValidationAnswer,
  ValidationAnswerFailure,
  ValidationAnswerFailureReason,
  ValidationAnswerResult,
  ValidationAnswerSuccess,
  ValidationCode,
  ValidationData,
  VerifyValidationAnswerOptions,
} from "./types.js";
