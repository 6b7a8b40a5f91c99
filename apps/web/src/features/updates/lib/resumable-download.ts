import { ApiError, buildUrl, endsSession, handleUnauthorized } from "@/lib/api-client";
import { readStorage, storageKeys } from "@/lib/storage";

/**
 * Downloads of update packages and files (API.md "Updates": `Range` → 206, `ETag` = the SHA-256),
 * read with `fetch` and a `ReadableStream` reader so the page can show bytes received against
 * Content-Length, and resumed after an interruption with `Range: bytes=<received>-` and
 * `If-Range: <etag>` (a server whose file changed answers 200 with the whole new file instead, and
 * the download starts over).
 *
 * The bytes end up in a Blob handed to the browser's download (lib/download `saveBlob`). Writing
 * straight to disk as they arrive needs the File System Access API (`showSaveFilePicker`), which only
 * Chromium-based browsers have; the Blob path works everywhere. Received bytes are gathered into Blob
 * parts every few megabytes rather than kept as one growing array: browsers may keep large Blobs
 * outside the JavaScript heap (Chromium spills them to disk), so a package of several hundred
 * megabytes does not have to fit in script memory twice.
 */

export interface DownloadProgress {
  received: number;
  /** Null until the server says (Content-Length / Content-Range). */
  total: number | null;
}

/** What has arrived so far: enough to ask for the rest. */
export interface PartialDownload extends DownloadProgress {
  etag: string | null;
  parts: Blob[];
}

export interface DownloadRequest {
  /** Under the API base, e.g. `api/v1/updates/{id}/package`. */
  path: string;
  /** E.g. the licence token header; the bearer token is added when one is stored. */
  headers?: Record<string, string>;
}

export interface DownloadOptions {
  /** A previous attempt's bytes: the request asks only for what is missing. */
  resumeFrom?: PartialDownload | null;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  /** No byte for this long ends the attempt (it can be resumed). */
  stallMs?: number;
}

/** Bytes gathered before they become one Blob part. */
const PART_BYTES = 4 * 1024 * 1024;
export const DOWNLOAD_STALL_MS = 60_000;

/**
 * A download that did not finish. `partial` holds the bytes that did arrive (resume with it);
 * `cancelled` says the visitor stopped it; `cause` is the reason to show (an ApiError for lib/errors).
 */
export class DownloadInterrupted extends Error {
  readonly partial: PartialDownload;
  readonly cancelled: boolean;

  constructor(partial: PartialDownload, options: { cause: unknown; cancelled?: boolean }) {
    super("The download did not finish", { cause: options.cause });
    this.name = "DownloadInterrupted";
    this.partial = partial;
    this.cancelled = options.cancelled ?? false;
  }
}

const empty = (): PartialDownload => ({ received: 0, total: null, etag: null, parts: [] });

/** `bytes 100-199/1000` → start 100, total 1000 (null for `*`). */
export function parseContentRange(header: string | null): { start: number; total: number | null } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header?.trim() ?? "");
  if (!match) return null;
  return { start: Number(match[1]), total: match[3] === "*" ? null : Number(match[3]) };
}

function lengthOf(response: Response): number | null {
  const raw = response.headers.get("content-length");
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
}

async function errorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    if (!text) return undefined;
    return (response.headers.get("content-type") ?? "").includes("json") ? (JSON.parse(text) as unknown) : text;
  } catch {
    return undefined;
  }
}

/**
 * Fetches `request` to the end and answers its bytes as one Blob, resuming from `options.resumeFrom`
 * when it has bytes and an ETag. Throws `DownloadInterrupted` (resumable) when the connection drops,
 * stalls or is cancelled, and an `ApiError` when the server refuses (its envelope for lib/errors).
 */
export async function downloadResumable(request: DownloadRequest, options: DownloadOptions = {}): Promise<{ blob: Blob; etag: string | null }> {
  const previous = options.resumeFrom;
  // Without an ETag a Range could splice two different files: then the whole file again.
  const resuming = previous && previous.received > 0 && previous.etag !== null ? previous : null;
  let state: PartialDownload = resuming ? { ...resuming, parts: [...resuming.parts] } : empty();

  const headers = new Headers({ Accept: "application/octet-stream, application/json", ...request.headers });
  const token = readStorage(storageKeys.token);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (resuming) {
    headers.set("Range", `bytes=${resuming.received}-`);
    headers.set("If-Range", resuming.etag!);
  }

  const controller = new AbortController();
  const stallMs = options.stallMs ?? DOWNLOAD_STALL_MS;
  const stalled = new ApiError("no-response", { cause: new DOMException("The download stalled", "TimeoutError") });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(stalled), stallMs);
  };
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const cancelled = () => options.signal?.aborted === true;
  const interrupted = (cause: unknown) => new DownloadInterrupted(state, { cause: cancelled() ? options.signal?.reason : cause, cancelled: cancelled() });

  try {
    arm();
    let response: Response;
    try {
      response = await fetch(buildUrl(request.path), { headers, signal: controller.signal, credentials: "same-origin" });
    } catch (cause) {
      throw interrupted(controller.signal.aborted && !cancelled() ? stalled : new ApiError("no-response", { cause }));
    }

    if (response.status === 206 && resuming) {
      const range = parseContentRange(response.headers.get("content-range"));
      if (!range || range.start !== resuming.received) {
        // Not the part that was asked for: drop it and take the whole file.
        await response.body?.cancel();
        return await downloadResumable(request, { ...options, resumeFrom: null });
      }
      state.total = range.total ?? state.total;
    } else if (response.status === 416 && resuming) {
      await response.body?.cancel();
      if (resuming.total !== null && resuming.received === resuming.total) return { blob: new Blob(resuming.parts), etag: resuming.etag };
      return await downloadResumable(request, { ...options, resumeFrom: null });
    } else if (response.ok) {
      // 200: the whole file, from the first byte (also the answer to a stale If-Range).
      state = { received: 0, total: lengthOf(response), etag: response.headers.get("etag"), parts: [] };
    } else {
      const body = await errorBody(response);
      if (response.status === 401 && endsSession(body)) handleUnauthorized();
      throw new ApiError("response", { status: response.status, body });
    }
    options.onProgress?.({ received: state.received, total: state.total });

    const reader = response.body?.getReader();
    if (!reader) throw interrupted(new ApiError("no-response"));
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = () => {
      if (pendingBytes === 0) return;
      state.parts.push(new Blob(pending as BlobPart[]));
      pending = [];
      pendingBytes = 0;
    };
    try {
      for (;;) {
        const { done, value } = await reader.read();
        // Not every stream errors when its request is aborted: stop here either way.
        if (controller.signal.aborted) throw controller.signal.reason;
        if (done) break;
        arm();
        pending.push(value);
        pendingBytes += value.byteLength;
        state.received += value.byteLength;
        if (pendingBytes >= PART_BYTES) flush();
        options.onProgress?.({ received: state.received, total: state.total });
      }
    } catch (cause) {
      flush();
      void reader.cancel().catch(() => undefined);
      throw interrupted(controller.signal.aborted && !cancelled() ? stalled : new ApiError("no-response", { cause }));
    }
    flush();
    if (state.total !== null && state.received !== state.total) throw interrupted(new ApiError("no-response"));
    return { blob: new Blob(state.parts, { type: response.headers.get("content-type") ?? "application/octet-stream" }), etag: state.etag };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onOuterAbort);
  }
}
