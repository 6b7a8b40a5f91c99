// A small closed-loop HTTP load generator: `connections` workers each send one request after another
// over keep-alive until `durationMs` passes (and never more than `maxRequests`), then report.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { percentile } from "./lib.mjs";

export async function load({ url, method = "GET", body, headers = {}, connections = 32, durationMs = 10_000, maxRequests = 500_000, check }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const deadline = performance.now() + durationMs;

  const once = (payload) =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.request(
        { agent, host: target.hostname, port: target.port, path: target.pathname, method, headers: { ...headers, ...(payload ? { "content-length": Buffer.byteLength(payload) } : {}) } },
        (response) => {
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("end", () => {
            latencies.push(performance.now() - started);
            if (response.statusCode !== 200 || (check && !check(Buffer.concat(chunks).toString("utf8")))) errors++;
            resolve();
          });
        },
      );
      request.on("error", () => {
        errors++;
        resolve();
      });
      request.end(payload);
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline && sent < maxRequests) {
        sent++;
        await once(typeof body === "function" ? body() : body);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    throughput: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}
