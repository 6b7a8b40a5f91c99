import { Blob as NodeBlob } from "node:buffer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { downloadResumable, DownloadInterrupted, parseContentRange, type DownloadProgress, type PartialDownload } from "../lib/resumable-download";

// A fake server for the client logic only (the real Range handling is the e2e journey's): it answers
// `bytes` like the API's file route — Content-Length, ETag, 206 for `Range` + matching `If-Range` —
// and can drop the connection after `dropAfter` bytes.

const bytes = Uint8Array.from({ length: 10_000 }, (_, index) => (index * 7) % 251);
const ETAG = '"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"';

interface Served {
  headers: Headers;
}

function stream(content: Uint8Array, { chunk = 1000, dropAfter }: { chunk?: number; dropAfter?: number } = {}): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (dropAfter !== undefined && sent >= dropAfter) {
        controller.error(new TypeError("network error"));
        return;
      }
      if (sent >= content.length) {
        controller.close();
        return;
      }
      const end = Math.min(content.length, sent + chunk, dropAfter ?? Infinity);
      controller.enqueue(content.slice(sent, end));
      sent = end;
    },
  });
}

function serve(options: { dropAfter?: number; etag?: string; ignoreRange?: boolean; wrongRangeStart?: boolean } = {}) {
  const served: Served[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    const headers = new Headers(init?.headers);
    served.push({ headers });
    const etag = options.etag ?? ETAG;
    const range = /^bytes=(\d+)-$/.exec(headers.get("range") ?? "");
    if (range && !options.ignoreRange && headers.get("if-range") === etag) {
      const start = options.wrongRangeStart ? 0 : Number(range[1]);
      const rest = bytes.slice(start);
      return new Response(stream(rest), {
        status: 206,
        headers: { "content-length": String(rest.length), "content-range": `bytes ${start}-${bytes.length - 1}/${bytes.length}`, etag, "content-type": "application/zip" },
      });
    }
    return new Response(stream(bytes, { dropAfter: options.dropAfter }), {
      status: 200,
      headers: { "content-length": String(bytes.length), etag, "accept-ranges": "bytes", "content-type": "application/zip" },
    });
  });
  return served;
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await new Response(blob).arrayBuffer());
}

async function interrupted(promise: Promise<unknown>): Promise<DownloadInterrupted> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DownloadInterrupted);
  return error as DownloadInterrupted;
}

// jsdom's Blob turns the stream's Uint8Arrays (another realm's) into "[object Uint8Array]"; Node's
// Blob takes them as bytes, as browsers do.
beforeEach(() => vi.stubGlobal("Blob", NodeBlob));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const request = { path: "api/v1/updates/u1/package", headers: { "X-License-Token": "lic-token" } };

describe("resumable downloads", () => {
  it("reads the stream to the end, reporting bytes received of Content-Length", async () => {
    localStorage.setItem("token", "bearer-1");
    const served = serve();
    const seen: DownloadProgress[] = [];
    const { blob, etag } = await downloadResumable(request, { onProgress: (progress) => seen.push(progress) });
    expect(await bytesOf(blob)).toEqual(bytes);
    expect(blob.type).toBe("application/zip");
    expect(etag).toBe(ETAG);
    expect(seen[0]).toEqual({ received: 0, total: 10_000 });
    expect(seen.at(-1)).toEqual({ received: 10_000, total: 10_000 });
    expect(seen.length).toBeGreaterThan(5);
    const headers = served[0]!.headers;
    expect(headers.get("x-license-token")).toBe("lic-token");
    expect(headers.get("authorization")).toBe("Bearer bearer-1");
    expect(headers.get("range")).toBeNull();
  });

  it("keeps the bytes of a dropped connection, and resumes with Range and If-Range, appending the rest", async () => {
    serve({ dropAfter: 4000 });
    const failure = await interrupted(downloadResumable(request));
    expect(failure.cancelled).toBe(false);
    expect(failure.partial.received).toBe(4000);
    expect(failure.partial.total).toBe(10_000);
    expect(failure.partial.etag).toBe(ETAG);
    expect(failure.cause).toBeInstanceOf(ApiError);

    vi.restoreAllMocks();
    const served = serve();
    const seen: DownloadProgress[] = [];
    const { blob } = await downloadResumable(request, { resumeFrom: failure.partial, onProgress: (progress) => seen.push(progress) });
    expect(served[0]!.headers.get("range")).toBe("bytes=4000-");
    expect(served[0]!.headers.get("if-range")).toBe(ETAG);
    expect(seen[0]).toEqual({ received: 4000, total: 10_000 });
    expect(await bytesOf(blob)).toEqual(bytes);
  });

  it("starts over when the file changed (200 to a stale If-Range) or the range is not the one asked for", async () => {
    serve({ dropAfter: 3000 });
    const { partial } = await interrupted(downloadResumable(request));

    vi.restoreAllMocks();
    serve({ etag: '"another-file"' });
    expect(await bytesOf((await downloadResumable(request, { resumeFrom: partial })).blob)).toEqual(bytes);

    vi.restoreAllMocks();
    const served = serve({ wrongRangeStart: true });
    expect(await bytesOf((await downloadResumable(request, { resumeFrom: partial })).blob)).toEqual(bytes);
    expect(served.map((call) => call.headers.get("range"))).toEqual(["bytes=3000-", null]);
  });

  it("asks for the whole file again when the first attempt gave no ETag to resume against", async () => {
    const served = serve();
    const partial: PartialDownload = { received: 500, total: 10_000, etag: null, parts: [new Blob([bytes.slice(0, 500)])] };
    expect(await bytesOf((await downloadResumable(request, { resumeFrom: partial })).blob)).toEqual(bytes);
    expect(served[0]!.headers.get("range")).toBeNull();
  });

  it("is stopped by its signal, keeping what arrived (cancelled, resumable)", async () => {
    serve();
    const controller = new AbortController();
    const failure = await interrupted(
      downloadResumable(request, {
        signal: controller.signal,
        onProgress: ({ received }) => {
          if (received >= 2000) controller.abort(new DOMException("stopped", "AbortError"));
        },
      }),
    );
    expect(failure.cancelled).toBe(true);
    expect(failure.partial.received).toBeGreaterThanOrEqual(2000);
    expect(failure.partial.received).toBeLessThan(10_000);
  });

  it("ends an attempt that stalls, as resumable", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      async (_input, init) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(bytes.slice(0, 100));
              init?.signal?.addEventListener("abort", () => controller.error(init.signal?.reason));
            },
          }),
          { status: 200, headers: { "content-length": "10000", etag: ETAG } },
        ),
    );
    const failure = await interrupted(downloadResumable(request, { stallMs: 50 }));
    expect(failure.cancelled).toBe(false);
    expect(failure.partial.received).toBe(100);
    expect((failure.cause as ApiError).kind).toBe("no-response");
  });

  it("passes the server's refusal on as an ApiError with its envelope (not resumable)", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ detail: [{ loc: ["update/not_found"], msg: "Update not found.", type: "error" }] }), {
        status: 404,
        headers: { "content-type": "application/json" },
      }),
    );
    const error = await downloadResumable(request).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).body).toEqual({ detail: [{ loc: ["update/not_found"], msg: "Update not found.", type: "error" }] });
  });

  it("reads Content-Range", () => {
    expect(parseContentRange("bytes 100-199/1000")).toEqual({ start: 100, total: 1000 });
    expect(parseContentRange("bytes 0-9/*")).toEqual({ start: 0, total: null });
    expect(parseContentRange("items 0-9/10")).toBeNull();
    expect(parseContentRange(null)).toBeNull();
  });
});
