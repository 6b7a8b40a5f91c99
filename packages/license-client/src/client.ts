import { verifyValidationAnswerWebCrypto, type ValidationCode, type ValidationData } from "@portal/license-verifier/webcrypto";
import { Emitter } from "./emitter.js";
import { LicenseClientError } from "./errors.js";

/** A verified answer of the portal; `offline: true` when it is the last one standing in for a server that cannot be reached. */
export type LicenseAnswer = ValidationData & { offline: boolean };

export interface LostEvent {
  /**
   * The server's answer to a heartbeat when it was not VALID — `LEASE_EXPIRED` (the seat lapsed or
   * was checked in), or `DEACTIVATED`, `EXPIRED`, `NOT_FOUND`… — or `LEASE_ENDED`: the lease's end
   * passed without a successful refresh (the server could not be reached, or answered nothing usable).
   */
  reason: Exclude<ValidationCode, "VALID"> | "LEASE_ENDED";
  /** The server's verified answer (not for LEASE_ENDED). */
  answer?: LicenseAnswer;
  /** LEASE_ENDED: the last failure. */
  error?: LicenseClientError;
}

export interface LicenseClientEvents {
  /** A heartbeat refreshed the lease (`answer.leaseExpiresAt` is its new end). */
  refreshed: (answer: LicenseAnswer) => void;
  /** The seat is gone; heartbeats have stopped. Validate again to take a seat. */
  lost: (event: LostEvent) => void;
  /** A heartbeat failed; it is retried with backoff until the lease's end. */
  error: (error: LicenseClientError) => void;
}

/** A clock for the heartbeats (tests pass their own; the default is the global setTimeout). */
export interface LicenseClientTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LicenseClientOptions {
  /** The portal's address, e.g. `https://licences.example.com` (the API lives under `/api/v1/`). */
  baseUrl: string | URL;
  /** The portal's Ed25519 public key, PEM (`GET /api/v1/licenses/public-key`), shipped with the product. */
  publicKey: string;
  /** The licence key. */
  key: string;
  /** This machine's fingerprint (a floating seat is held per fingerprint). */
  fingerprint: string;
  /** How long the last verified answer stands while the server cannot be reached, counted from when it was received. Default 0: not at all. */
  graceSeconds?: number;
  /** Default: the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** The clock (ms since the epoch, or a Date). Default: Date.now. */
  now?: () => number | Date;
  /** Per request, answer included. Default 10 000 ms. */
  timeoutMs?: number;
  /** Heartbeat retries: exponential backoff with jitter from `minDelayMs` (default 1 000), doubling, at most `maxDelayMs` (default 60 000), never past the lease's end. */
  retry?: { minDelayMs?: number; maxDelayMs?: number };
  /** Default: the global setTimeout / clearTimeout. */
  timers?: LicenseClientTimers;
}

export interface LicenseClient {
  /**
   * Validates the licence for this fingerprint (taking or refreshing a floating seat): the answer,
   * its signature and nonce verified. Rejects with a LicenseClientError — never answers a tampered,
   * unsigned, malformed or replayed answer. While the server cannot be reached, answers the last
   * verified answer with `offline: true` for `graceSeconds` after it was received.
   */
  validate(): Promise<LicenseAnswer>;
  /** One heartbeat (no retry, no grace): the verified answer, VALID with the new `leaseExpiresAt`, or LEASE_EXPIRED. */
  heartbeat(): Promise<LicenseAnswer>;
  /**
   * Refreshes the seat every `heartbeatSeconds / 2` (the licence's, from the last verified answer)
   * until stopped or lost. Throws NOT_VALIDATED before a VALID answer; answers false, and does
   * nothing, for a licence that is not floating (no seat to keep).
   */
  startHeartbeats(): boolean;
  stopHeartbeats(): void;
  /** Stops the heartbeats and checks the seat in (frees it at once for another machine): the verified answer. */
  release(): Promise<LicenseAnswer>;
  /** The last verified answer of the server, if any (cleared by release()). */
  readonly lastAnswer: ValidationData | undefined;
  readonly heartbeating: boolean;
  /** Adds a listener; answers a function that removes it. */
  on<Name extends keyof LicenseClientEvents>(event: Name, listener: LicenseClientEvents[Name]): () => void;
  off<Name extends keyof LicenseClientEvents>(event: Name, listener: LicenseClientEvents[Name]): void;
}

type Endpoint = "validate" | "heartbeat" | "release";

const MAX_TIMER_MS = 2_147_483_647;

/** The portal's key normalisation (`@portal/contract` normalizeLicenseKey): "abcd-efgh" and "ABCDEFGH" are one key. */
function normalizeKey(key: string): string {
  return key.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
}

function nonEmpty(value: unknown, name: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new TypeError(`${name} must be a non-empty string`);
  return value.trim();
}

function nonNegative(value: number | undefined, fallback: number, name: string, positive = false): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (positive && value === 0)) {
    throw new RangeError(`${name} must be a ${positive ? "positive" : "non-negative"} number`);
  }
  return value;
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.message}${cause}`;
}

/** The portal's error envelope `{"detail":[{"msg":…}]}`, as one line; undefined for anything else. */
function serverMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    if (!Array.isArray(body.detail)) return undefined;
    const messages = body.detail.flatMap((item: unknown) =>
      typeof item === "object" && item !== null && typeof (item as { msg?: unknown }).msg === "string" ? [(item as { msg: string }).msg] : [],
    );
    return messages.length ? messages.join("; ") : undefined;
  } catch {
    return undefined;
  }
}

/** `Retry-After`: seconds, or an HTTP date. */
function retryAfterSeconds(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

function newNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

interface Received {
  data: ValidationData;
  /** The client's clock when the answer arrived. */
  receivedAt: number;
}

class PortalLicenseClient implements LicenseClient {
  readonly #base: URL;
  readonly #publicKey: string;
  readonly #key: string;
  readonly #fingerprint: string;
  readonly #graceMs: number;
  readonly #fetch: typeof globalThis.fetch;
  readonly #now: () => number | Date;
  readonly #timeoutMs: number;
  readonly #minDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #timers: LicenseClientTimers;
  readonly #events = new Emitter<LicenseClientEvents>();

  /** The last verified answer, and the number of the request it answered (a slower, older answer never replaces a newer one). */
  #last: Received | undefined;
  #sent = 0;
  #lastSequence = 0;

  // The seat, from the last VALID answer with a lease (client clock).
  #leaseEndAt: number | undefined;
  #refreshedAt = 0;
  #intervalMs = 0;

  // The heartbeat loop: one timer at a time; a new generation makes anything still in flight moot.
  #beating = false;
  #generation = 0;
  #timer: unknown;
  #attempt = 0;
  #lastError: LicenseClientError | undefined;

  constructor(options: LicenseClientOptions) {
    if (typeof options !== "object" || options === null) throw new TypeError("createLicenseClient needs its options");
    let base: URL;
    try {
      base = new URL(String(options.baseUrl));
    } catch {
      throw new TypeError(`baseUrl is not a URL: ${String(options.baseUrl)}`);
    }
    if (base.protocol !== "https:" && base.protocol !== "http:") throw new TypeError("baseUrl must be an http:// or https:// address");
    if (!base.pathname.endsWith("/")) base.pathname += "/";
    base.search = "";
    base.hash = "";
    this.#base = base;
    this.#publicKey = nonEmpty(options.publicKey, "publicKey");
    this.#key = nonEmpty(options.key, "key");
    this.#fingerprint = nonEmpty(options.fingerprint, "fingerprint");
    this.#graceMs = nonNegative(options.graceSeconds, 0, "graceSeconds") * 1000;
    this.#timeoutMs = nonNegative(options.timeoutMs, 10_000, "timeoutMs", true);
    this.#minDelayMs = nonNegative(options.retry?.minDelayMs, 1_000, "retry.minDelayMs", true);
    this.#maxDelayMs = nonNegative(options.retry?.maxDelayMs, 60_000, "retry.maxDelayMs", true);
    if (this.#maxDelayMs < this.#minDelayMs) throw new RangeError("retry.maxDelayMs must not be below retry.minDelayMs");
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== "function") throw new TypeError("no fetch: pass options.fetch");
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? {
      setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
    };
  }

  get lastAnswer(): ValidationData | undefined {
    return this.#last?.data;
  }

  get heartbeating(): boolean {
    return this.#beating;
  }

  on<Name extends keyof LicenseClientEvents>(event: Name, listener: LicenseClientEvents[Name]): () => void {
    return this.#events.on(event, listener);
  }

  off<Name extends keyof LicenseClientEvents>(event: Name, listener: LicenseClientEvents[Name]): void {
    this.#events.off(event, listener);
  }

  async validate(): Promise<LicenseAnswer> {
    try {
      return await this.#exchange("validate");
    } catch (error) {
      const last = this.#last;
      if (error instanceof LicenseClientError && error.unreachable && last && this.#withinGrace(last)) return { ...last.data, offline: true };
      throw error;
    }
  }

  heartbeat(): Promise<LicenseAnswer> {
    return this.#exchange("heartbeat");
  }

  startHeartbeats(): boolean {
    if (this.#beating) return true;
    const last = this.#last;
    if (!last?.data.valid) {
      throw new LicenseClientError("NOT_VALIDATED", "Validate first: heartbeats keep the seat that a VALID answer took.");
    }
    if (this.#leaseEndAt === undefined) return false;
    this.#beating = true;
    this.#generation++;
    this.#attempt = 0;
    this.#lastError = undefined;
    this.#schedule(this.#refreshedAt + this.#intervalMs - this.#nowMs());
    return true;
  }

  stopHeartbeats(): void {
    this.#beating = false;
    this.#generation++;
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async release(): Promise<LicenseAnswer> {
    this.stopHeartbeats();
    try {
      return await this.#exchange("release");
    } finally {
      // The seat is given back (or meant to be): nothing of it may stand offline any more.
      this.#last = undefined;
      this.#leaseEndAt = undefined;
    }
  }

  #nowMs(): number {
    const now = this.#now();
    return typeof now === "number" ? now : now.getTime();
  }

  #withinGrace(last: Received): boolean {
    const age = this.#nowMs() - last.receivedAt;
    // A clock set back before the answer arrived does not stretch the grace.
    return age >= 0 && age < this.#graceMs;
  }

  /** One request with a fresh nonce, its answer verified and remembered. */
  async #exchange(endpoint: Endpoint): Promise<LicenseAnswer> {
    const sequence = ++this.#sent;
    const nonce = newNonce();
    const text = await this.#post(endpoint, nonce);
    const verified = await verifyValidationAnswerWebCrypto(text, this.#publicKey, { nonce });
    if (!verified.ok) throw new LicenseClientError(verified.reason, verified.message);
    const data = verified.data;
    if (data.fingerprint !== this.#fingerprint) {
      throw new LicenseClientError("ANSWER_MISMATCH", "The answer is signed, but for another fingerprint than this machine's.");
    }
    if (data.license && normalizeKey(data.license.key) !== normalizeKey(this.#key)) {
      throw new LicenseClientError("ANSWER_MISMATCH", "The answer is signed, but about another licence key than this client's.");
    }
    if (sequence > this.#lastSequence) {
      const receivedAt = this.#nowMs();
      this.#last = { data, receivedAt };
      this.#lastSequence = sequence;
      this.#noteLease(data, receivedAt);
    }
    return { ...data, offline: false };
  }

  /** A VALID answer with a lease renews the seat: its end on this client's clock (the server's clock may differ), and the heartbeat interval. */
  #noteLease(data: ValidationData, receivedAt: number): void {
    const seconds = data.license?.heartbeatSeconds;
    if (!data.valid || typeof data.leaseExpiresAt !== "string" || typeof seconds !== "number" || !(seconds > 0)) return;
    const leaseMs = Date.parse(data.leaseExpiresAt) - Date.parse(data.timestamp);
    this.#leaseEndAt = receivedAt + Math.max(0, leaseMs);
    this.#refreshedAt = receivedAt;
    this.#intervalMs = (seconds * 1000) / 2;
  }

  async #post(endpoint: Endpoint, nonce: string): Promise<string> {
    const url = new URL(`api/v1/licenses/${endpoint}`, this.#base).toString();
    const controller = new AbortController();
    const timeout = globalThis.setTimeout(() => controller.abort(), this.#timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await this.#fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ key: this.#key, fingerprint: this.#fingerprint, nonce }),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) {
        throw new LicenseClientError("TIMEOUT", `The portal did not answer ${endpoint} within ${this.#timeoutMs} ms.`, { cause: error });
      }
      throw new LicenseClientError("NETWORK", `The portal could not be reached (${url}): ${messageOf(error)}`, { cause: error });
    } finally {
      globalThis.clearTimeout(timeout);
    }
    if (response.status >= 200 && response.status < 300) return text;
    const status = response.status;
    const retryAfter = retryAfterSeconds(response.headers.get("retry-after"), this.#nowMs());
    const detail = serverMessage(text);
    const said = detail ? `: ${detail}` : "";
    if (status === 429) {
      throw new LicenseClientError("RATE_LIMITED", `The portal asks to slow down (HTTP 429${said}).`, { status, ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}) });
    }
    if (status >= 500) {
      throw new LicenseClientError("SERVER_ERROR", `The portal failed to answer ${endpoint} (HTTP ${status}${said}).`, { status, ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}) });
    }
    throw new LicenseClientError("HTTP_ERROR", `The portal refused the ${endpoint} request (HTTP ${status}${said}).`, { status });
  }

  #schedule(delayMs: number): void {
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    const generation = this.#generation;
    this.#timer = this.#timers.setTimeout(() => void this.#tick(generation), Math.min(MAX_TIMER_MS, Math.max(0, Math.ceil(delayMs))));
  }

  /** Exponential backoff with jitter: between half and all of min × 2^attempt, at most the maximum. */
  #backoff(attempt: number): number {
    const ceiling = Math.min(this.#maxDelayMs, this.#minDelayMs * 2 ** attempt);
    return ceiling / 2 + (Math.random() * ceiling) / 2;
  }

  async #tick(generation: number): Promise<void> {
    if (generation !== this.#generation) return;
    this.#timer = undefined;
    if (this.#leaseEndAt !== undefined && this.#nowMs() >= this.#leaseEndAt) {
      this.#lose({ reason: "LEASE_ENDED", ...(this.#lastError ? { error: this.#lastError } : {}) });
      return;
    }
    let answer: LicenseAnswer;
    try {
      answer = await this.#exchange("heartbeat");
    } catch (error) {
      if (generation !== this.#generation) return;
      const failure = error instanceof LicenseClientError ? error : new LicenseClientError("NETWORK", messageOf(error), { cause: error });
      this.#lastError = failure;
      this.#events.emit("error", failure);
      if (generation !== this.#generation) return;
      // The server's Retry-After is waited out as asked; otherwise the backoff grows with each failure.
      const wait = failure.retryAfterSeconds !== undefined ? failure.retryAfterSeconds * 1000 : this.#backoff(this.#attempt++);
      this.#schedule(this.#leaseEndAt === undefined ? wait : Math.min(wait, this.#leaseEndAt - this.#nowMs()));
      return;
    }
    if (generation !== this.#generation) return;
    if (!answer.valid) {
      this.#lose({ reason: answer.code as LostEvent["reason"], answer });
      return;
    }
    this.#attempt = 0;
    this.#lastError = undefined;
    this.#events.emit("refreshed", answer);
    if (generation === this.#generation) this.#schedule(this.#intervalMs);
  }

  #lose(event: LostEvent): void {
    this.stopHeartbeats();
    this.#events.emit("lost", event);
  }
}

/** A client of the portal's online licence checks for one licence key on one machine. */
export function createLicenseClient(options: LicenseClientOptions): LicenseClient {
  return new PortalLicenseClient(options);
}
