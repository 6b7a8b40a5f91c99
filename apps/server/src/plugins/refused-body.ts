import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import fp from "fastify-plugin";

/**
 * How much of a body the server reads and throws away after answering before its end (an upload
 * refused for its name, its size or its sender): enough for the client to finish a few megabytes
 * and read the answer; past either bound the connection is closed anyway.
 */
export const REFUSED_BODY_DRAIN = { maxBytes: 16 * 1024 * 1024, maxMs: 5_000 };

function hasUnreadBody(incoming: IncomingMessage): boolean {
  if (incoming.complete || incoming.readableEnded || incoming.destroyed) return false;
  return incoming.headers["transfer-encoding"] !== undefined || Number(incoming.headers["content-length"] ?? 0) > 0;
}

/**
 * An answer sent before the request's body has all arrived ends with `Connection: close`, so no
 * half-read request stays on a kept-alive socket. Closing at once made the client's next writes meet
 * a closed socket, and the reset that came back could overtake the answer: the client saw `fetch
 * failed` (EPIPE, ECONNRESET) instead of its 403 or 422. So the answer goes out in full at once, with
 * its length, and the response ends (and the connection closes) only once the rest of the body has
 * been read and thrown away, within REFUSED_BODY_DRAIN.
 */
export const refusedBodyPlugin = fp(
  async (app) => {
    const draining = new Set<() => void>();

    app.addHook("onSend", async (request, reply, payload) => {
      const incoming = request.raw;
      if (!hasUnreadBody(incoming)) return payload;
      reply.header("connection", "close");
      if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
      reply.header("content-length", String(Buffer.byteLength(payload)));
      // The answer must reach the client as it is: a compressed stream would only end with the drain.
      request.headers["x-no-compression"] = "1";

      let read = 0;
      const answer = new Readable({
        read() {},
        destroy(error, callback) {
          stop();
          callback(error);
        },
      });
      const onData = (chunk: Buffer) => {
        read += chunk.length;
        if (read > REFUSED_BODY_DRAIN.maxBytes) stop();
      };
      const timer = setTimeout(() => stop(), REFUSED_BODY_DRAIN.maxMs);
      function stop() {
        if (!draining.delete(stop)) return;
        clearTimeout(timer);
        incoming.off("data", onData).off("end", stop).off("close", stop).off("error", stop);
        answer.push(null);
      }
      draining.add(stop);
      // Whoever read the body so far (a multipart parser) has given up on it.
      incoming.unpipe();
      incoming.on("data", onData).once("end", stop).once("close", stop).once("error", stop);
      incoming.resume();
      answer.push(payload);
      return answer;
    });

    // Closing the server waits for open requests: one still draining ends now.
    app.addHook("preClose", async () => {
      for (const stop of [...draining]) stop();
    });
  },
  { name: "refused-body" },
);
