import { decodeBase64, decodeUtf8, isRecord, parseJson, readSuccessBody } from "./encoding.js";
import { installPathsProblem } from "./install-path.js";
import { loadPublicKey, verifyEd25519 } from "./keys.js";
import { checkUpdateManifest, ShapeError } from "./shape.js";
import type { UpdateManifest, UpdateManifestFailure, UpdateManifestFailureReason, UpdateManifestResult } from "./types.js";

export const UPDATE_MANIFEST_ALGORITHM = "ed25519";

function failure(reason: UpdateManifestFailureReason, message: string): UpdateManifestFailure {
  return { ok: false, reason, message };
}

/** Shape and install paths of a manifest object; the message says what is wrong. */
export function manifestProblem(value: unknown): { reason: "MALFORMED" | "UNSAFE_PATH"; message: string } | undefined {
  let manifest: UpdateManifest;
  try {
    manifest = checkUpdateManifest(value);
  } catch (error) {
    if (error instanceof ShapeError) return { reason: "MALFORMED", message: `The update manifest is malformed: ${error.message}.` };
    throw error;
  }
  const pathProblem = installPathsProblem(manifest.files.map((file) => file.path));
  if (pathProblem) return { reason: "UNSAFE_PATH", message: `The update manifest cannot be installed safely. ${pathProblem}` };
  return undefined;
}

/**
 * Verifies a signed update manifest: `manifest` is its JSON text (or the exact bytes of
 * `manifest.json`), `signature` the base64 Ed25519 signature over those bytes (surrounding whitespace,
 * such as the trailing newline of `manifest.sig`, is ignored). Checks, in order: the signature's
 * encoding, the signature (before any content is trusted), the manifest's shape (strict: unknown
 * fields are refused) and its install paths.
 *
 * Never throws on bad input (a bad public key gives BAD_SIGNATURE).
 */
export function verifyUpdateManifest(manifest: string | Uint8Array, signature: string, publicKeyPem: string): UpdateManifestResult {
  let bytes: Uint8Array;
  if (typeof manifest === "string") bytes = Buffer.from(manifest, "utf8");
  else if (manifest instanceof Uint8Array) bytes = manifest;
  else return failure("MALFORMED", "The update manifest must be given as text or bytes.");
  if (typeof signature !== "string") return failure("MALFORMED", "The manifest signature must be given as base64 text.");
  const trimmed = signature.trim();
  if (trimmed === "") return failure("MALFORMED", "The manifest signature is empty.");
  const signatureBytes = decodeBase64(trimmed);
  if (!signatureBytes) return failure("MALFORMED", "The manifest signature is not valid base64.");

  const key = loadPublicKey(publicKeyPem);
  if (!key.ok) return failure("BAD_SIGNATURE", `The signature cannot be verified. ${key.message}`);
  if (!verifyEd25519(bytes, signatureBytes, key.key)) {
    return failure("BAD_SIGNATURE", "The update manifest signature is not valid for this public key: the manifest was altered or signed with another key.");
  }

  const text = decodeUtf8(bytes);
  if (text === undefined) return failure("MALFORMED", "The update manifest is not UTF-8 text.");
  const parsed = parseJson(text);
  if (!parsed.ok) return failure("MALFORMED", `The update manifest is not JSON: ${parsed.error}`);
  const problem = manifestProblem(parsed.value);
  if (problem) return failure(problem.reason, problem.message);
  return { ok: true, manifest: parsed.value as UpdateManifest };
}

/**
 * Verifies the answer of `GET /api/v1/updates/{id}/manifest` — `{"status":"success","data":{manifest,
 * signature, alg}}` — given as its raw text, its bytes or the parsed object. Same result as
 * verifyUpdateManifest, plus UNSUPPORTED_ALGORITHM when `alg` is not "ed25519".
 */
export function verifySignedManifest(answer: string | Uint8Array | object, publicKeyPem: string): UpdateManifestResult {
  const body = readSuccessBody(answer, "manifest answer");
  if (!body.ok) return failure("MALFORMED", body.message);
  const data = body.value["data"];
  if (!isRecord(data)) return failure("MALFORMED", 'The manifest answer has no "data" object.');
  const { manifest, signature, alg } = data;
  if (typeof alg !== "string") return failure("MALFORMED", 'The manifest answer has no "alg".');
  if (alg !== UPDATE_MANIFEST_ALGORITHM) {
    return failure("UNSUPPORTED_ALGORITHM", `Unsupported manifest signature algorithm "${alg}" (expected "${UPDATE_MANIFEST_ALGORITHM}").`);
  }
  if (typeof manifest !== "string") return failure("MALFORMED", 'The manifest answer has no "manifest" text.');
  if (typeof signature !== "string") return failure("MALFORMED", 'The manifest answer has no "signature".');
  return verifyUpdateManifest(manifest, signature, publicKeyPem);
}
