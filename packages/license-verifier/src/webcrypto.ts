/**
 * @portal/license-verifier/webcrypto — the part of the verifier that runs wherever WebCrypto does:
 * browsers, Electron renderers, Node.js 20 and later. No Node built-ins are imported from here (the
 * package's main entry point needs `node:crypto`, `node:fs`, `node:zlib`).
 */
export { verifyValidationAnswerWebCrypto } from "./validation-answer-webcrypto.js";
export type {
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
