import { decodeBase64Bytes, isRecord, readSuccessBody } from "./encoding.js";
import { resolveNow } from "./now.js";
import { checkValidationData, parseIsoDate, ShapeError } from "./shape.js";
import type {
  ValidationAnswerFailure,
  ValidationAnswerFailureReason,
  ValidationAnswerResult,
  VerifyValidationAnswerOptions,
} from "./types.js";

// The steps of verifying a validation answer that do not depend on the crypto implementation: shared
// by verifyValidationAnswer (node:crypto) and verifyValidationAnswerWebCrypto (WebCrypto, browsers
// too), so both accept and refuse exactly the same answers. No Node built-ins here.

export function failure(reason: ValidationAnswerFailureReason, message: string): ValidationAnswerFailure {
  return { ok: false, reason, message };
}

export const ALTERED_MESSAGE =
  "The validation answer signature is not valid for this public key: the answer was altered or signed with another key.";

/** An answer read far enough to check its signature: the signed bytes, the signature, the (unchecked) data. */
export interface ReadAnswer {
  ok: true;
  /** The UTF-8 bytes of `JSON.stringify(data)`: what the server signed. */
  signed: Uint8Array;
  signature: Uint8Array;
  data: Record<string, unknown>;
  /** The verifier's clock (ms since the epoch). */
  now: number;
}

/**
 * Reads the envelope and the signature of a validation answer, without trusting anything in it yet.
 * Throws RangeError for an invalid `options.now` or `options.maxAgeSeconds`.
 */
export function readValidationAnswer(answer: unknown, options: VerifyValidationAnswerOptions): ReadAnswer | ValidationAnswerFailure {
  const now = resolveNow(options.now);
  const { maxAgeSeconds } = options;
  if (maxAgeSeconds !== undefined && (typeof maxAgeSeconds !== "number" || Number.isNaN(maxAgeSeconds) || maxAgeSeconds < 0)) {
    throw new RangeError("options.maxAgeSeconds must be a non-negative number");
  }

  const body = readSuccessBody(answer, "validation answer");
  if (!body.ok) return failure("MALFORMED", body.message);
  const { data, signature } = body.value;
  if (!isRecord(data)) return failure("MALFORMED", 'The validation answer has no "data" object.');
  if (typeof signature !== "string" || signature === "") return failure("MALFORMED", 'The validation answer has no "signature".');
  const signatureBytes = decodeBase64Bytes(signature);
  if (!signatureBytes) return failure("MALFORMED", 'The validation answer\'s "signature" is not valid base64.');

  let signed: string;
  try {
    signed = JSON.stringify(data);
  } catch (error) {
    return failure("MALFORMED", `The validation answer's "data" cannot be serialised: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { ok: true, signed: new TextEncoder().encode(signed), signature: signatureBytes, data, now };
}

/** What follows an authentic signature: the shape of `data`, the nonce echo and the age. */
export function checkSignedData(data: Record<string, unknown>, options: VerifyValidationAnswerOptions, now: number): ValidationAnswerResult {
  let checked;
  try {
    checked = checkValidationData(data);
  } catch (error) {
    if (error instanceof ShapeError) return failure("MALFORMED", `The validation answer content is malformed: ${error.message}.`);
    throw error;
  }

  if (options.nonce !== undefined && checked.nonce !== options.nonce) {
    return failure(
      "NONCE_MISMATCH",
      checked.nonce === undefined
        ? "The validation answer carries no nonce, but one was sent: it may be a replayed answer."
        : "The validation answer's nonce differs from the one sent: it may be a replayed answer.",
    );
  }
  const { maxAgeSeconds } = options;
  if (maxAgeSeconds !== undefined) {
    const age = now - parseIsoDate(checked.timestamp);
    if (Math.abs(age) > maxAgeSeconds * 1000) {
      return failure(
        "STALE",
        age > 0
          ? `The validation answer was issued at ${checked.timestamp}, more than ${maxAgeSeconds}s ago.`
          : `The validation answer is dated ${checked.timestamp}, more than ${maxAgeSeconds}s in the future (check the clock).`,
      );
    }
  }
  return { ok: true, data: checked };
}
