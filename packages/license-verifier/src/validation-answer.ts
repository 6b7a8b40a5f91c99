import { loadPublicKey, verifyEd25519 } from "./keys.js";
import type { ValidationAnswerResult, VerifyValidationAnswerOptions } from "./types.js";
import { ALTERED_MESSAGE, checkSignedData, failure, readValidationAnswer } from "./validation-answer-checks.js";

/**
 * Verifies a validation answer (the body of `POST /api/v1/licenses/validate`, `/heartbeat` or
 * `/release`), given as its raw text or as the parsed object. The signature covers
 * `JSON.stringify(data)`. `ok: true` means the answer is authentic (and matches `options.nonce` / is
 * within `options.maxAgeSeconds` when given); `data.valid` then says whether the licence is valid.
 *
 * Never throws on bad input (a bad public key gives BAD_SIGNATURE); throws RangeError only for an
 * invalid `options.now` or `options.maxAgeSeconds`. verifyValidationAnswerWebCrypto is the same
 * check on WebCrypto (asynchronous; browsers too).
 */
export function verifyValidationAnswer(
  answer: string | object,
  publicKeyPem: string,
  options: VerifyValidationAnswerOptions = {},
): ValidationAnswerResult {
  const read = readValidationAnswer(answer, options);
  if (!read.ok) return read;
  const key = loadPublicKey(publicKeyPem);
  if (!key.ok) return failure("BAD_SIGNATURE", `The signature cannot be verified. ${key.message}`);
  if (!verifyEd25519(read.signed, read.signature, key.key)) return failure("BAD_SIGNATURE", ALTERED_MESSAGE);
  return checkSignedData(read.data, options, read.now);
}
