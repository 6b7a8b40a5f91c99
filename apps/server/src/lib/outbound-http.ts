import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { bareHostname, ForbiddenAddressError, resolvePublicAddresses, type HostResolver, type ResolvedAddress } from "./outbound-address.js";
import { truncateText } from "./storable-text.js";

/**
 * One POST to an address an outsider chose (a webhook receiver), bounded every way: the host is
 * resolved and every address checked before a socket exists, and the connection goes to a checked
 * address (a custom `lookup` hands the socket the addresses already checked, so a second resolution
 * cannot answer differently); redirects are not followed; one deadline covers resolving, connecting,
 * TLS, the request and the answer to its last byte; at most `maxResponseBytes` of the answer are read.
 */

export interface OutboundPostOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  /** Private, loopback and link-local addresses allowed (tests, on-premise receivers). */
  allowPrivateNetworks: boolean;
  /** Defaults to dns.lookup. */
  resolve?: HostResolver;
}

export interface OutboundResult {
  /** A 2xx answer arrived whole (or its first `maxResponseBytes`) within the deadline. */
  ok: boolean;
  statusCode: number | null;
  /** The start of the answer's body, decoded as UTF-8, at most `maxResponseBytes` bytes. */
  excerpt: string | null;
  /** Why it failed, in a few words (never the request's headers). */
  error: string | null;
  /** The attempt was refused before any connection (a forbidden address). */
  refused: boolean;
}

// Connections to receivers are kept for the next delivery (most go to a few endpoints); each was
// opened to an address checked when it was made.
const agents = { "http:": new http.Agent({ keepAlive: true, maxFreeSockets: 32 }), "https:": new https.Agent({ keepAlive: true, maxFreeSockets: 32 }) };

class Deadline extends Error {}

export async function postOutbound(url: URL, request: { headers: Record<string, string>; body: string }, options: OutboundPostOptions): Promise<OutboundResult> {
  const failed = (error: string, extra: Partial<OutboundResult> = {}): OutboundResult => ({ ok: false, statusCode: null, excerpt: null, error, refused: false, ...extra });
  if (url.protocol !== "http:" && url.protocol !== "https:") return failed(`unsupported protocol ${url.protocol}`, { refused: true });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Deadline()), options.timeoutMs);
  try {
    let addresses: ResolvedAddress[];
    try {
      addresses = await Promise.race([
        resolvePublicAddresses(url.hostname, { allowPrivateNetworks: options.allowPrivateNetworks, ...(options.resolve ? { resolve: options.resolve } : {}) }),
        new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(new Deadline()), { once: true })),
      ]);
    } catch (error) {
      if (error instanceof ForbiddenAddressError) return failed(error.message, { refused: true });
      if (error instanceof Deadline) return failed(`no answer within ${options.timeoutMs / 1000} s (resolving ${url.hostname})`);
      return failed(`could not resolve ${url.hostname}: ${describeError(error)}`);
    }
    return await send(url, request, options, controller.signal, addresses);
  } finally {
    clearTimeout(timer);
  }
}

function send(url: URL, request: { headers: Record<string, string>; body: string }, options: OutboundPostOptions, signal: AbortSignal, addresses: ResolvedAddress[]): Promise<OutboundResult> {
  // The socket connects to the addresses resolved (and checked) above, never to a second resolution.
  const checkedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const client = url.protocol === "https:" ? https : http;
  const body = Buffer.from(request.body);
  return new Promise<OutboundResult>((resolve) => {
    let settled = false;
    const finish = (result: OutboundResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const outgoing = client.request(
      {
        protocol: url.protocol,
        hostname: bareHostname(url.hostname),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers: { ...request.headers, "content-length": String(body.length), "user-agent": "licence-portal-webhooks" },
        agent: agents[url.protocol as "http:" | "https:"],
        signal,
        lookup: checkedLookup,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          const excerpt = excerptOf(Buffer.concat(chunks), options.maxResponseBytes);
          const ok = statusCode >= 200 && statusCode < 300;
          finish({ ok, statusCode, excerpt, error: ok ? null : `answered ${statusCode}${statusCode >= 300 && statusCode < 400 ? " (redirects are not followed)" : ""}`, refused: false });
        };
        response.on("data", (chunk: Buffer) => {
          const room = options.maxResponseBytes - kept;
          if (room > 0) {
            chunks.push(chunk.subarray(0, room));
            kept += Math.min(room, chunk.length);
          }
          if (kept >= options.maxResponseBytes) {
            // Enough read: the rest of the answer is not waited for.
            done();
            response.destroy();
          }
        });
        response.on("end", done);
        response.on("error", (error) => finish(failedResult(error, options, statusCode)));
        response.on("close", () => {
          if (!response.complete && kept < options.maxResponseBytes) finish(failedResult(signal.aborted ? new Deadline() : new Error("the answer was cut off"), options, statusCode));
        });
      },
    );
    outgoing.on("error", (error) => finish(failedResult(signal.aborted ? new Deadline() : error, options, null)));
    outgoing.end(body);
  });
}

function failedResult(error: unknown, options: OutboundPostOptions, statusCode: number | null): OutboundResult {
  const message = error instanceof Deadline ? `no answer within ${options.timeoutMs / 1000} s` : describeError(error);
  return { ok: false, statusCode, excerpt: null, error: message, refused: false };
}

function describeError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return truncateText(typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message, 500);
}

/** The first `maxBytes` bytes as text: a character cut at the end is dropped, NUL (which PostgreSQL text cannot hold) removed. */
export function excerptOf(bytes: Buffer, maxBytes: number): string {
  const text = new TextDecoder("utf-8").decode(bytes.subarray(0, maxBytes), { stream: true }).replaceAll("\u0000", "");
  // Invalid bytes decode as U+FFFD (three bytes each): cut back to the byte budget by whole characters.
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let kept = "";
  let size = 0;
  for (const character of text) {
    size += Buffer.byteLength(character);
    if (size > maxBytes) break;
    kept += character;
  }
  return kept;
}
