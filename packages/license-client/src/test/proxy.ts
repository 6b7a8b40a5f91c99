import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy got from the portal for one request. */
export interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What the proxy sends instead: another answer, no answer at all (`hang`), or a dropped connection. */
export type Reply = Upstream | { hang: true } | { drop: true };

export interface ProxyRequest {
  path: string;
  body: string;
}

/**
 * A small HTTP proxy on 127.0.0.1 between the client and the portal, for what a network can do to an
 * answer: `rewriteRequest` changes what is forwarded, `intercept` answers without the portal,
 * `rewrite` changes the portal's answer. Every forwarded answer is kept in `answers` (for replays).
 */
export class Proxy {
  rewriteRequest: ((request: ProxyRequest) => string) | undefined;
  intercept: ((request: ProxyRequest) => Reply | undefined) | undefined;
  rewrite: ((answer: Upstream, request: ProxyRequest) => Reply) | undefined;
  readonly answers: { path: string; body: Buffer }[] = [];
  readonly #server: http.Server;
  readonly #upstream: string;
  #port = 0;

  private constructor(upstream: string) {
    this.#upstream = upstream;
    this.#server = http.createServer((request, response) => void this.#handle(request, response));
  }

  static async start(upstream: string): Promise<Proxy> {
    const proxy = new Proxy(upstream);
    await proxy.listen();
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  /** Listens (again, on the same port after stop()). */
  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once("error", reject);
      this.#server.listen(this.#port, "127.0.0.1", () => {
        this.#server.off("error", reject);
        resolve();
      });
    });
    this.#port = (this.#server.address() as AddressInfo).port;
  }

  /** Goes away: stops listening and drops every open connection (the client's next request is refused). */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }

  reset(): void {
    this.rewriteRequest = undefined;
    this.intercept = undefined;
    this.rewrite = undefined;
  }

  async #handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const incoming: ProxyRequest = { path: request.url ?? "/", body: Buffer.concat(chunks).toString("utf8") };
    let reply = this.intercept?.(incoming);
    if (!reply) {
      const forwarded = await fetch(`${this.#upstream}${incoming.path}`, {
        method: request.method ?? "GET",
        headers: { "content-type": request.headers["content-type"] ?? "application/json" },
        ...(request.method === "GET" ? {} : { body: this.rewriteRequest?.(incoming) ?? incoming.body }),
      });
      const upstream: Upstream = { status: forwarded.status, headers: {}, body: Buffer.from(await forwarded.arrayBuffer()) };
      for (const name of ["content-type", "retry-after"]) {
        const value = forwarded.headers.get(name);
        if (value !== null) upstream.headers[name] = value;
      }
      this.answers.push({ path: incoming.path, body: upstream.body });
      reply = this.rewrite?.(upstream, incoming) ?? upstream;
    }
    if ("hang" in reply) return;
    if ("drop" in reply) {
      request.socket.destroy();
      return;
    }
    response.writeHead(reply.status, { ...reply.headers, "content-length": String(reply.body.length) });
    response.end(reply.body);
  }
}

/** The answer with one byte flipped (XOR 1) at `index`: a letter stays a letter, so the JSON still parses. */
export function flipByte(body: Buffer, index: number): Buffer {
  const copy = Buffer.from(body);
  copy[index] = copy[index]! ^ 1;
  return copy;
}
