import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One request a test receiver got: its headers and raw body, as a Standard Webhooks verifier reads them. */
export interface ReceivedHook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Requests being held (answered by `answer` returning "hold") right now. */
  holding: number;
  /** The most held at once. */
  mostHeld: number;
  /** Ends the held requests (their sockets are destroyed) and closes the server. */
  close(): Promise<void>;
}

/** What to do with a request: a status (and body), or hold it unanswered until the receiver closes. */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | "hold";

/** A real HTTP receiver on 127.0.0.1 (the only address tests ever send to). */
export async function startReceiver(answer: (hook: ReceivedHook, index: number) => Answer | Promise<Answer> = () => ({ status: 200 })): Promise<WebhookReceiver> {
  const sockets = new Set<Socket>();
  const receiver = { received: [] as ReceivedHook[], holding: 0, mostHeld: 0 } as WebhookReceiver;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const hook: ReceivedHook = {
        path: request.url ?? "/",
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString("utf8"),
      };
      const index = receiver.received.push(hook) - 1;
      const decided = await answer(hook, index);
      if (decided === "hold") {
        receiver.holding++;
        receiver.mostHeld = Math.max(receiver.mostHeld, receiver.holding);
        response.on("close", () => receiver.holding--);
        return;
      }
      response.writeHead(decided.status, { "content-type": "text/plain", ...decided.headers });
      response.end(decided.body ?? "ok");
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
