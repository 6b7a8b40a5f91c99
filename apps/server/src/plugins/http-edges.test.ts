import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { adminToken, createCustomer } from "../test/factories.js";
import { call } from "../test/http.js";
import { useTestApp } from "../test/test-app.js";

/** Issue 25, item 0b: answers Node gives before Fastify sees a request, and what answers to signed-in calls let caches keep. */

const t = useTestApp();

async function listeningAddress(): Promise<URL> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening on TCP");
  return new URL(`http://127.0.0.1:${address.port}`);
}

/** Writes `request` on a new connection and answers everything the server sends until it closes. */
async function rawExchange(address: URL, request: string): Promise<string> {
  const socket = connect(Number(address.port), address.hostname);
  const received: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => received.push(chunk));
  socket.write(request);
  await new Promise((resolve) => socket.once("close", resolve));
  return Buffer.concat(received).toString("utf8");
}

function expectEnvelope(raw: string, status: number, code: string, msg: RegExp) {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
  expect(head).toMatch(new RegExp(`\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`, "i"));
  const envelope = JSON.parse(body) as { detail: { loc: string[]; msg: string; type: string }[] };
  expect(envelope.detail).toHaveLength(1);
  expect(envelope.detail[0]).toMatchObject({ loc: [code], type: "error" });
  expect(envelope.detail[0]!.msg).toMatch(msg);
}

describe("requests Node refuses before Fastify sees them, over a real socket", () => {
  it("answers a URL past the header limit with 431 in the envelope", async () => {
    const address = await listeningAddress();
    const response = await fetch(`${address.origin}/api/v1/health?padding=${"x".repeat(20 * 1024)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ detail: [{ loc: ["common/payload_too_large"], msg: "The request's headers or URL are too large.", type: "error" }] });
  });

  it("answers headers past the limit with 431 in the envelope", async () => {
    const address = await listeningAddress();
    const raw = await rawExchange(address, `GET /api/v1/health HTTP/1.1\r\nHost: ${address.host}\r\n${Array.from({ length: 40 }, (_, index) => `x-padding-${index}: ${"y".repeat(1024)}\r\n`).join("")}\r\n`);
    expectEnvelope(raw, 431, "common/payload_too_large", /headers or URL are too large/);
  });

  it("answers bytes that are not HTTP with 400 in the envelope", async () => {
    const address = await listeningAddress();
    expectEnvelope(await rawExchange(address, "NOT HTTP AT ALL\r\n\r\n"), 400, "common/bad_request", /could not be read as HTTP/);
  });
});

describe("answers to calls carrying credentials", () => {
  it("are never stored by a cache: Cache-Control: no-store, refusals included", async () => {
    const admin = await adminToken(t.app);
    const customer = await createCustomer(t);
    const answers = [
      await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: customer.token }),
      await call(t.app, { method: "GET", url: "/api/v1/licenses", token: customer.token }),
      await call(t.app, { method: "GET", url: "/api/v1/users", token: admin }),
      await call(t.app, { method: "GET", url: "/api/v1/users", token: customer.token }),
      await call(t.app, { method: "GET", url: "/api/v1/tickets/5b1e2b56-f886-4e6a-a7f6-92924aea4819", token: customer.token }),
      await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: "not-a-session" }),
      // A public route called with a token answers the caller's session too.
      await call(t.app, { method: "GET", url: "/api/v1/licenses/public-key", token: customer.token }),
      await call(t.app, { method: "GET", url: "/api/v1/updates/available", headers: { "x-license-token": "not-a-license-token" } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 403, 404, 401, 200, 401]);
    for (const answer of answers) expect(answer.headers["cache-control"], answer.body.slice(0, 120)).toBe("no-store");
  });

  it("leaves answers to anonymous calls as they were", async () => {
    const publicKey = await call(t.app, { method: "GET", url: "/api/v1/licenses/public-key" });
    expect(publicKey.statusCode).toBe(200);
    expect(publicKey.headers["cache-control"]).toBeUndefined();
  });
});
