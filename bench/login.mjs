// Median and p95 time of POST /api/v1/auth/token (argon2id verification included), sequential calls.
import { performance } from "node:perf_hooks";
import { ADMIN, percentile, startServer, waitForHealth } from "./lib.mjs";

const ROUNDS = Number(process.env.LOGIN_ROUNDS ?? 50);
const BUDGET_MS = Number(process.env.LOGIN_BUDGET_MS ?? 100);

// The per-IP login limit (AUTH_RATE_LIMIT_PER_MINUTE) would stop a benchmark from one address.
const server = await startServer({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "100000" } });
try {
  await waitForHealth(server.baseUrl);
  const body = new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }).toString();
  const login = async () => {
    const t0 = performance.now();
    const response = await fetch(`${server.baseUrl}/api/v1/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`login answered ${response.status}`);
    return performance.now() - t0;
  };
  for (let warm = 0; warm < 5; warm++) await login();
  const times = [];
  for (let round = 0; round < ROUNDS; round++) times.push(await login());
  times.sort((a, b) => a - b);
  const median = percentile(times, 0.5);
  console.log(
    `login (${ROUNDS} sequential): median ${median.toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms — budget median ${BUDGET_MS} ms: ${median <= BUDGET_MS ? "PASS" : "FAIL"}`,
  );
  process.exitCode = median <= BUDGET_MS ? 0 : 1;
} finally {
  await server.stop();
}
