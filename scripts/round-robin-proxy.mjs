#!/usr/bin/env node
// A tiny round-robin reverse proxy for trying several API processes on one machine: each request goes
// to the next upstream in turn (per request, not per connection, so one browser's consecutive calls
// land on different processes). Bodies stream both ways unbuffered, so uploads and Server-Sent Events
// pass as they would through nginx with buffering off. `GET /__proxy/upstreams` answers how many
// requests each upstream got. Not for production: use nginx or another real proxy (docs/scale-out.md).
//
//   node scripts/round-robin-proxy.mjs <port> <upstream URL> [<upstream URL> …]
import http from "node:http";
import { fileURLToPath } from "node:url";

export const STATS_PATH = "/__proxy/upstreams";

// Hop-by-hop headers (RFC 9110 section 7.6.1) belong to one connection and are not forwarded.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade", "proxy-authorization", "proxy-authenticate"]);

function forwardable(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

/** Listens on `port` (0: any free one); answers { url, counts(), close() }. */
export async function startRoundRobinProxy({ upstreams, port = 0, host = "127.0.0.1" }) {
  if (upstreams.length === 0) throw new Error("at least one upstream is needed");
  const targets = upstreams.map((upstream) => new URL(upstream));
  const served = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  const server = http.createServer((request, response) => {
    if (request.method === "GET" && request.url === STATS_PATH) {
      response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(JSON.stringify(targets.map((target, index) => ({ upstream: target.origin, requests: served[index] }))));
      return;
    }
    const index = next;
    next = (next + 1) % targets.length;
    served[index] += 1;
    const target = targets[index];
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: {
          ...forwardable(request.headers),
          // What nginx's `proxy_set_header X-Forwarded-For $remote_addr` sends: the address this proxy
          // saw, replacing anything the client wrote (the API trusts it with TRUST_PROXY=1).
          "x-forwarded-for": request.socket.remoteAddress ?? "",
          "x-forwarded-proto": "http",
          "x-forwarded-host": request.headers.host ?? "",
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        // Each chunk goes out as it arrives: an event stream is never held back.
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end();
    });
    // A client that leaves (a closed event stream, an aborted upload) ends the upstream request too.
    response.on("close", () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const { port: boundPort } = server.address();
  return {
    url: `http://${host}:${boundPort}`,
    counts: () => targets.map((target, index) => ({ upstream: target.origin, requests: served[index] })),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, ...upstreams] = process.argv.slice(2);
  const proxy = await startRoundRobinProxy({ port: Number(port), upstreams });
  process.stdout.write(`round-robin proxy on ${proxy.url} → ${upstreams.join(", ")}\n`);
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
