import { decodeBase64, isRecord, readSuccessBody } from "./encoding.js";
import { loadPublicKey, verifyEd25519 } from "./keys.js";
import { resolveNow } from "./now.js";
import { checkValidationData, parseIsoDate, ShapeError } from "./shape.js";
import type {
  ValidationAnswerFailure,
  ValidationAnswerFailureReason,
  ValidationAnswerResult,
  VerifyValidationAnswerOptions,
} from "./types.js";

function failure(reason: ValidationAnswerFailureReason, message: string): ValidationAnswerFailure {
  return { ok: false, reason, message };
}

/**
 * Verifies a validation answer (the body of `POST /api/v1/licenses/validate`), given as its raw text
 * or as the parsed object. The signature covers `JSON.stringify(data)`. `ok: true` means the answer
 * is authentic (and matches `options.nonce` / is within `options.maxAgeSeconds` when given);
 * `data.valid` then says whether the licence is valid.
 *
 * Never throws on bad input (a bad public key gives BAD_SIGNATURE); throws RangeError only for an
 * invalid `options.now` or `options.maxAgeSeconds`.
 */
export function verifyValidationAnswer(
  answer: string | object,
  publicKeyPem: string,
  options: VerifyValidationAnswerOptions = {},
): ValidationAnswerResult {
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
  const signatureBytes = decodeBase64(signature);
  if (!signatureBytes) return failure("MALFORMED", 'The validation answer\'s "signature" is not valid base64.');

  let signed: string;
  try {
    signed = JSON.stringify(data);
  } catch (error) {
    return failure("MALFORMED", `The validation answer's "data" cannot be serialised: ${error instanceof Error ? error.message : String(error)}`);
  }

  const key = loadPublicKey(publicKeyPem);
  if (!key.ok) return failure("BAD_SIGNATURE", `The signature cannot be verified. ${key.message}`);
  if (!verifyEd25519(Buffer.from(signed, "utf8"), signatureBytes, key.key)) {
    return failure("BAD_SIGNATURE", "The validation answer signature is not valid for this public key: the answer was altered or signed with another key.");
  }

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
