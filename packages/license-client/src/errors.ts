import type { ValidationAnswerFailureReason } from "@portal/license-verifier/webcrypto";

/**
 * Why a call failed. The first three mean the server could not be reached: only those let the last
 * verified answer stand offline (the grace). Everything else is an answer — refused, or not to be
 * trusted — and never does.
 */
export type LicenseClientErrorReason =
  /** No answer: connection refused or reset, DNS, an unreadable body. */
  | "NETWORK"
  /** No answer within `timeoutMs`. */
  | "TIMEOUT"
  /** The server answered 5xx. */
  | "SERVER_ERROR"
  /** 429: too many checks for this key or address; `retryAfterSeconds` says when to try again. */
  | "RATE_LIMITED"
  /** Any other status but 200: the request was refused (`status`, and the server's message). */
  | "HTTP_ERROR"
  /** The verifier's reasons: the answer is not JSON of the documented shape, not signed by the portal's key, or not the answer to this request (a replay). */
  | ValidationAnswerFailureReason
  /** An authentic answer, but about another licence key or fingerprint than this client's. */
  | "ANSWER_MISMATCH"
  /** `startHeartbeats()` before any verified VALID answer: there is no seat to keep. */
  | "NOT_VALIDATED";

const UNREACHABLE: readonly LicenseClientErrorReason[] = ["NETWORK", "TIMEOUT", "SERVER_ERROR"];

export class LicenseClientError extends Error {
  override readonly name = "LicenseClientError";
  readonly reason: LicenseClientErrorReason;
  /** The HTTP status, when the server answered with one other than 200. */
  readonly status: number | undefined;
  /** From a `Retry-After` header (429, 503), in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    reason: LicenseClientErrorReason,
    message: string,
    details: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.reason = reason;
    this.status = details.status;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }

  /** The server could not be reached (network, timeout, 5xx): the case the offline grace covers. */
  get unreachable(): boolean {
    return UNREACHABLE.includes(this.reason);
  }
}
