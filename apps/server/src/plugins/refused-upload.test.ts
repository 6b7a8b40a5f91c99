import { spawn } from "node:child_process";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { adminToken, createCustomer } from "../test/factories.js";
import { useTestApp } from "../test/test-app.js";
import { REFUSED_BODY_DRAIN } from "./refused-body.js";

/**
 * Issue 25, item 4: an upload refused before its body was read (a wrong file name, a customer where
 * only administrators may upload) sometimes reached the client as a reset connection (`fetch failed`)
 * instead of its 422 or 403: the server answered and closed while the client was still sending, and
 * the reset the closed socket sent back could overtake the answer.
 */

const t = useTestApp();

async function listeningAddress(): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening on TCP");
  return `http://127.0.0.1:${address.port}`;
}

const ROUNDS = 12;

/**
 * Sends a multi-megabyte update upload whose backend is misnamed, as a browser's form sends it,
 * `ROUNDS` times with fetch (undici) from a process of its own (a client sharing the server's event
 * loop never loses the race); answers each outcome: the status and error code, or the failure.
 */
async function outcomes(address: string, token: string): Promise<string[]> {
  const client = `
    const outcomes = [];
    for (let round = 0; round < ${ROUNDS}; round++) {
      const form = new FormData();
      form.append("backend", new Blob([crypto.getRandomValues(new Uint8Array(65536))].concat(Array(127).fill(new Uint8Array(65536)))), "wrong-name.zip");
      try {
        const response = await fetch(${JSON.stringify(`${address}/api/v1/updates`)}, { method: "POST", headers: { authorization: ${JSON.stringify(`Bearer ${token}`)} }, body: form });
        const body = await response.json();
        outcomes.push(response.status + " " + body.detail[0].loc[0]);
      } catch (error) {
        outcomes.push(error.message + " " + error.cause?.code);
      }
    }
    process.stdout.write(JSON.stringify(outcomes));
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", client], { stdio: ["ignore", "pipe", "inherit"] });
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  await new Promise((resolve) => child.once("exit", resolve));
  return JSON.parse(Buffer.concat(chunks).toString()) as string[];
}

describe("an upload refused before its body is read, over a real socket", () => {
  it("answers a misnamed update package with its 422, every time", async () => {
    const address = await listeningAddress();
    const admin = await adminToken(t.app);
    expect(await outcomes(address, admin)).toEqual(Array.from({ length: ROUNDS }, () => "422 update/file_name"));
  });

  it("answers a customer's upload with its 403, every time", async () => {
    const address = await listeningAddress();
    const customer = await createCustomer(t);
    expect(await outcomes(address, customer.token)).toEqual(Array.from({ length: ROUNDS }, () => "403 auth/forbidden"));
  });

  it("reads the rest of a refused body only within its bounds: a client that stops sending is disconnected", async () => {
    const address = new URL(await listeningAddress());
    const customer = await createCustomer(t);
    const socket = connect(Number(address.port), address.hostname);
    const received: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now())));
    socket.write(
      `POST /api/v1/updates HTTP/1.1\r\nHost: ${address.host}\r\nAuthorization: Bearer ${customer.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(1024 * 1024));
    const sent = performance.now();
    // 1 MB of the 100 announced, then nothing: the answer comes at once, the close after the drain's time bound.
    await expect.poll(() => Buffer.concat(received).toString(), { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 403 [^]*\r\nconnection: close\r\n[^]*"auth\/forbidden"/i);
    const elapsed = (await closed) - sent;
    expect(elapsed).toBeGreaterThan(REFUSED_BODY_DRAIN.maxMs - 500);
    expect(elapsed).toBeLessThan(REFUSED_BODY_DRAIN.maxMs + 3_000);
  });
});
