import type { ValidationAnswerResult, VerifyValidationAnswerOptions } from "./types.js";
import { ALTERED_MESSAGE, checkSignedData, failure, readValidationAnswer } from "./validation-answer-checks.js";
import { importPublicKeyWebCrypto, verifyEd25519WebCrypto } from "./webcrypto-keys.js";

/**
 * verifyValidationAnswer on WebCrypto: the same checks in the same order with the same results, but
 * asynchronous and without Node built-ins, so it also runs in browsers (secure contexts: https:// or
 * localhost) and Electron renderers. Node.js 20 or later.
 *
 * Never rejects on bad input (a bad public key gives BAD_SIGNATURE); rejects with a RangeError only
 * for an invalid `options.now` or `options.maxAgeSeconds`.
 */
export async function verifyValidationAnswerWebCrypto(
  answer: string | object,
  publicKeyPem: string,
  options: VerifyValidationAnswerOptions = {},
): Promise<ValidationAnswerResult> {
  const read = readValidationAnswer(answer, options);
  if (!read.ok) return read;
  const key = await importPublicKeyWebCrypto(publicKeyPem);
  if (!key.ok) return failure("BAD_SIGNATURE", `The signature cannot be verified. ${key.message}`);
  if (!(await verifyEd25519WebCrypto(read.signed, read.signature, key.key))) return failure("BAD_SIGNATURE", ALTERED_MESSAGE);
  return checkSignedData(read.data, options, read.now);
}
