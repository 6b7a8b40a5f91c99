/** Standard base64 (RFC 4648 §4) with mandatory padding and nothing else: no whitespace, no URL alphabet. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decodes standard base64, or returns undefined when `text` is not strictly valid base64. */
export function decodeBase64(text: string): Buffer | undefined {
  if (!BASE64.test(text)) return undefined;
  return Buffer.from(text, "base64");
}

/**
 * decodeBase64 without Node's Buffer (`atob` is a global of Node.js and browsers alike): for the
 * modules that also run in browsers (validation-answer-webcrypto.ts and what it imports).
 */
export function decodeBase64Bytes(text: string): Uint8Array | undefined {
  if (!BASE64.test(text)) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes UTF-8, or returns undefined on an invalid byte sequence. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Parses JSON without throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The portal's error envelope is `{"detail":[{"loc":[…],"msg":"…","type":"error"}]}`. */
function errorEnvelopeMessage(body: Record<string, unknown>): string | undefined {
  const detail = body["detail"];
  if (!Array.isArray(detail)) return undefined;
  const messages = detail.flatMap((item: unknown) => (isRecord(item) && typeof item["msg"] === "string" ? [item["msg"]] : []));
  return messages.length ? messages.join("; ") : "no message";
}

/**
 * Reads a portal answer `{"status":"success", …}` given as its raw text, its bytes or the parsed
 * object; `what` names it in the messages ("validation answer").
 */
export function readSuccessBody(answer: unknown, what: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let body: unknown = answer;
  if (answer instanceof Uint8Array) {
    const decoded = decodeUtf8(answer);
    if (decoded === undefined) return { ok: false, message: `The ${what} is not UTF-8 text.` };
    body = decoded;
  }
  if (typeof body === "string") {
    const parsed = parseJson(body);
    if (!parsed.ok) return { ok: false, message: `The ${what} is not JSON: ${parsed.error}` };
    body = parsed.value;
  }
  if (!isRecord(body)) return { ok: false, message: `The ${what} is not a JSON object.` };
  const serverError = errorEnvelopeMessage(body);
  if (serverError !== undefined && body["status"] !== "success") {
    return { ok: false, message: `The server answered with an error, not a ${what}: ${serverError}` };
  }
  if (body["status"] !== "success") return { ok: false, message: `The ${what}'s "status" is not "success".` };
  return { ok: true, value: body };
}
