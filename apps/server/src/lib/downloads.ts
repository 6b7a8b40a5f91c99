import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import parseRange from "range-parser";
import { AppError } from "./app-error.js";
import type { FileStore } from "./file-store.js";

/** `attachment` or `inline`, with the name in both RFC 6266 forms: ASCII `filename` and UTF-8 `filename*`. */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface StoredDownload {
  /** The file-store key: the content's SHA-256, also its strong ETag. */
  sha256: string;
  name: string;
  contentType: string;
}

/**
 * Which bytes to send: the whole file, or the single range a `Range: bytes=…` header asks for while
 * `If-Range` (when sent) still names this content. Several ranges, or a header range-parser cannot
 * read, get the whole file (a server may always ignore Range); a range wholly past the end is 416.
 */
function byteRange(request: FastifyRequest, size: number, etag: string): { start: number; end: number } | undefined {
  const header = request.headers.range;
  if (!header) return undefined;
  const ifRange = request.headers["if-range"];
  // Only a strong ETag can match: no Last-Modified is sent, so a date never does.
  if (ifRange !== undefined && String(ifRange).trim() !== etag) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) {
    throw new AppError("common/bad_request", {
      status: 416,
      message: `The requested range is not satisfiable: the file has ${size} bytes.`,
      headers: { "content-range": `bytes */${size}` },
    });
  }
  if (ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1) return undefined;
  return ranges[0];
}

/**
 * Streams a file of the store as a download that resumes: `ETag` is `"<sha256>"`, `Accept-Ranges:
 * bytes`, `Cache-Control: private, no-store`, one byte range answers 206 with `Content-Range`, never
 * compressed (the route sets `compress: false`), never read whole into memory. HEAD answers the same
 * headers without the body.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, files: FileStore, download: StoredDownload, missing: () => Error): Promise<FastifyReply> {
  const etag = `"${download.sha256}"`;
  const missingFromStore = (error: unknown) => {
    request.log.error({ err: error, sha256: download.sha256 }, "a file to download is missing from the store");
    return missing();
  };
  let size: number;
  try {
    size = await files.sizeOf(download.sha256);
  } catch (error) {
    throw missingFromStore(error);
  }
  const range = size > 0 ? byteRange(request, size, etag) : undefined;
  const window = range ?? { start: 0, end: Math.max(size - 1, 0) };
  const length = size === 0 ? 0 : window.end - window.start + 1;
  // Opened before any header is set: a file gone since its size was known still answers the refusal.
  let stream: Readable | undefined;
  if (request.method !== "HEAD" && length > 0) {
    try {
      ({ stream } = await files.read(download.sha256, window));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw missingFromStore(error);
      throw error;
    }
  }
  reply
    .header("accept-ranges", "bytes")
    .header("etag", etag)
    .header("content-type", download.contentType)
    .header("content-disposition", contentDisposition("attachment", download.name))
    .header("x-content-type-options", "nosniff")
    // Every stored file is someone's own (a licence's update, an administrator's draft): never kept in a cache.
    .header("cache-control", "private, no-store");
  if (range) reply.status(206).header("content-range", `bytes ${range.start}-${range.end}/${size}`);
  reply.header("content-length", String(length));
  return stream ? reply.send(stream) : reply.send();
}
