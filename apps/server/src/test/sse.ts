import http from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import type { AuditEvent } from "@portal/contract";

/**
 * A GET on a connection of its own. Not fetch: when a body is cancelled, its pool opens a spare
 * connection that sends no request, and server.close() waits for that one until headersTimeout.
 */
export function openStream(url: string, headers: Record<string, string>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (answer) => {
      const body = Readable.toWeb(answer) as ReadableStream<Uint8Array>;
      resolve(new Response(body, { status: answer.statusCode, headers: answer.headers as Record<string, string> }));
    });
    request.on("error", reject);
  });
}

/** Reads Server-Sent Events from an answer. */
export function eventReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let received = "";
  return {
    /** The next message with data (comments skipped), or null when the stream ended or `timeoutMs` passed. */
    async next(timeoutMs = 4000): Promise<{ id: string; event: AuditEvent } | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) => block.split("\n").find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const data = field("data");
          if (data) return { id: field("id")!, event: JSON.parse(data) as AuditEvent };
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) return null;
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([reader.read(), new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), left)))]);
        clearTimeout(timer);
        if (chunk === "timeout") return null;
        if (chunk.done) return null;
        const text = decoder.decode(chunk.value, { stream: true });
        buffer += text;
        received += text;
      }
    },
    /** Everything received so far, comments included. */
    received: () => received,
    cancel: () => reader.cancel().catch(() => undefined),
  };
}
