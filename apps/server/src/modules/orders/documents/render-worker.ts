/** A worker thread of ./pool.ts: loads the fonts once, then renders the documents it is sent. */
import { parentPort } from "node:worker_threads";
import { loadedFonts } from "./fonts.js";
import type { OrderDocument } from "./order-document.js";
import { renderPdf } from "./render.js";

export type RenderRequest = { id: number; document: OrderDocument };
export type RenderReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error("render-worker.ts runs as a worker thread");
loadedFonts();

port.on("message", (request: RenderRequest) => {
  renderPdf(request.document).then(
    (rendered) => {
      // A copy of its own, so its buffer can be handed over rather than copied again.
      const bytes = new Uint8Array(rendered);
      port.postMessage({ id: request.id, bytes } satisfies RenderReply, [bytes.buffer]);
    },
    (error: unknown) => {
      port.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderReply);
    },
  );
});
