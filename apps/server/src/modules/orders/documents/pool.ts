/**
 * The worker threads that render order documents, so that a render (some 15–40 ms of CPU: shaping,
 * font subsetting, compression) never blocks the event loop. At most two workers (this service runs on
 * two cores), started on first use, each loading the fonts once. Idle workers are unref'd: they never
 * keep the process alive, and `closeRenderPool()` ends them (the app calls it when it closes).
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { OrderDocument } from "./order-document.js";
import type { RenderReply, RenderRequest } from "./render-worker.js";

// Built code runs dist/…/render-worker.js; tests and tsx run the TypeScript source, whose worker is
// loaded through tsx (a dev dependency) registered inside the worker before the import (as db/pglite-host.ts).
const fromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(fromSource ? "./render-worker.ts" : "./render-worker.js", import.meta.url);

function startWorker(): Worker {
  if (!fromSource) return new Worker(workerUrl);
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}

interface Job {
  id: number;
  document: OrderDocument;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

/** Two on this machine's two cores; one on a single core. */
export const poolSize = Math.max(1, Math.min(2, availableParallelism()));

const slots: Slot[] = [];
const queue: Job[] = [];
let nextId = 1;

function settle(slot: Slot): Job | null {
  const job = slot.job;
  slot.job = null;
  slot.worker.unref();
  return job;
}

function spawn(): Slot {
  const slot: Slot = { worker: startWorker(), job: null };
  slot.worker.on("message", (reply: RenderReply) => {
    const job = settle(slot);
    if (job && job.id === reply.id) {
      if ("bytes" in reply) job.resolve(reply.bytes);
      else job.reject(new Error(`Order document render failed: ${reply.error}`));
    }
    dispatch();
  });
  const lost = (error: Error) => {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    settle(slot)?.reject(error);
    dispatch();
  };
  slot.worker.on("error", lost);
  slot.worker.on("exit", (code) => lost(new Error(`Order document worker stopped (exit ${code})`)));
  slot.worker.unref();
  slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (queue.length > 0) {
    const slot = slots.find((candidate) => candidate.job === null) ?? (slots.length < poolSize ? spawn() : null);
    if (!slot) return;
    const job = queue.shift()!;
    slot.job = job;
    slot.worker.ref(); // a render under way keeps the process alive until it answers
    slot.worker.postMessage({ id: job.id, document: job.document } satisfies RenderRequest);
  }
}

/** Renders on a worker thread; the promise settles when the worker answers (or dies). */
export function renderInPool(document: OrderDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, document, resolve, reject });
    dispatch();
  });
}

/** Ends the workers (and refuses what was still queued). A later render starts new ones. */
export async function closeRenderPool(): Promise<void> {
  const closing = slots.splice(0);
  for (const job of queue.splice(0)) job.reject(new Error("Order document renderer closed"));
  await Promise.all(
    closing.map(async (slot) => {
      slot.job?.reject(new Error("Order document renderer closed"));
      slot.job = null;
      await slot.worker.terminate();
    }),
  );
}
