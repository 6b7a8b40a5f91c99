// A small closed-loop HTTP load generator: `connections` workers each send one request after another
// over keep-alive until `durationMs` passes (and never more than `maxRequests`), then report.
// A request without an answer after `timeoutMs` (10 s, as autocannon) counts as a timeout, not an error.
// `url` may be a function: each request then goes to the URL it returns (same host and port).
import http from "node:http";
import { performance } from "node:perf_hooks";
import { percentile } from "./lib.mjs";

/** The request target: the path and the query string. */
const pathOf = (url) => `${url.pathname}${url.search}`;

export async function load({ url, method = "GET", body, headers = {}, connections = 32, durationMs = 10_000, maxRequests = 5_000_000, timeoutMs = 10_000, check }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(typeof url === "function" ? url() : url);
  const latencies = [];
  let errors = 0;
  let timeouts = 0;
  let sent = 0;
  const deadline = performance.now() + durationMs;

  const once = (payload) =>
    new Promise((resolve) => {
      const started = performance.now();
      let done = false;
      const finish = (outcome) => {
        if (done) return;
        done = true;
        if (outcome === "timeout") timeouts++;
        else {
          latencies.push(performance.now() - started);
          if (outcome === "error") errors++;
        }
        resolve();
      };
      const request = http.request(
        { agent, host: target.hostname, port: target.port, path: typeof url === "function" ? pathOf(new URL(url())) : pathOf(target), method, headers: { ...headers, ...(payload ? { "content-length": Buffer.byteLength(payload) } : {}) } },
        (response) => {
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("end", () => finish(response.statusCode !== 200 || (check && !check(Buffer.concat(chunks).toString("utf8"))) ? "error" : "ok"));
          response.on("error", () => finish("error"));
        },
      );
      request.setTimeout(timeoutMs, () => {
        finish("timeout");
        request.destroy();
      });
      request.on("error", () => finish("error"));
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
    requests: latencies.length + timeouts,
    errors,
    timeouts,
    throughput: (latencies.length - errors) / elapsed,
    p50: percentile(latencies, 0.5) ?? 0,
    p95: percentile(latencies, 0.95) ?? 0,
    p99: percentile(latencies, 0.99) ?? 0,
    max: latencies.at(-1) ?? 0,
  };
}

/**
 * Rounds of `load` of the same kind, as one figure: throughput is answered calls over all rounds' time
 * (a round slowed by a neighbour weighs as long as it lasted), p50 the mean of the rounds', p99 the worst.
 */
export function summariseRounds(runs, durationMs) {
  return {
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    throughput: runs.reduce((sum, run) => sum + run.throughput * (durationMs / 1000), 0) / ((runs.length * durationMs) / 1000),
    p50: runs.reduce((sum, run) => sum + run.p50, 0) / runs.length,
    p99: Math.max(...runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    perRound: runs.map((run) => run.throughput.toFixed(0)).join(" / "),
  };
}
