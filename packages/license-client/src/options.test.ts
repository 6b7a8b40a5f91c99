import { describe, expect, it, vi } from "vitest";
import { Emitter } from "./emitter.js";
import { createLicenseClient, LicenseClientError } from "./index.js";

const valid = {
  baseUrl: "https://licences.example.com",
  publicKey: "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----",
  key: "AAAAA-AAAAA",
  fingerprint: "f".repeat(64),
};

describe("createLicenseClient's options", () => {
  it.each<[string, Record<string, unknown>, ErrorConstructor]>([
    ["a baseUrl that is no URL", { baseUrl: "licences" }, TypeError],
    ["a baseUrl that is not http(s)", { baseUrl: "ftp://licences.example.com" }, TypeError],
    ["an empty key", { key: "  " }, TypeError],
    ["no fingerprint", { fingerprint: undefined }, TypeError],
    ["no public key", { publicKey: undefined }, TypeError],
    ["a negative graceSeconds", { graceSeconds: -1 }, RangeError],
    ["a graceSeconds that is not a number", { graceSeconds: Number.NaN }, RangeError],
    ["a zero timeout", { timeoutMs: 0 }, RangeError],
    ["a maximum backoff below the minimum", { retry: { minDelayMs: 5_000, maxDelayMs: 1_000 } }, RangeError],
  ])("refuses %s", (_label, override, type) => {
    expect(() => createLicenseClient({ ...valid, ...override } as never)).toThrow(type);
  });

  it("sends to /api/v1/licenses/… under the base URL, a path prefix kept, the key as given and the fingerprint trimmed", async () => {
    const urls: string[] = [];
    const bodies: unknown[] = [];
    const client = createLicenseClient({
      ...valid,
      baseUrl: "https://example.com/portal?x=1",
      fingerprint: ` ${valid.fingerprint} `,
      fetch: async (input, init) => {
        urls.push(String(input));
        bodies.push(JSON.parse(String(init?.body)));
        return new Response("{}", { status: 503 });
      },
    });
    await expect(client.validate()).rejects.toMatchObject({ reason: "SERVER_ERROR", status: 503 });
    await expect(client.release()).rejects.toBeInstanceOf(LicenseClientError);
    expect(urls).toEqual(["https://example.com/portal/api/v1/licenses/validate", "https://example.com/portal/api/v1/licenses/release"]);
    expect(bodies[0]).toEqual({ key: valid.key, fingerprint: valid.fingerprint, nonce: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it("reads Retry-After as seconds or as an HTTP date", async () => {
    const now = Date.parse("2026-03-02T12:00:00Z");
    const answers = ["30", "Mon, 02 Mar 2026 12:01:30 GMT"];
    const client = createLicenseClient({
      ...valid,
      now: () => new Date(now),
      fetch: async () => new Response("", { status: 429, headers: { "retry-after": answers.shift()! } }),
    });
    await expect(client.validate()).rejects.toMatchObject({ reason: "RATE_LIMITED", retryAfterSeconds: 30 });
    await expect(client.validate()).rejects.toMatchObject({ reason: "RATE_LIMITED", retryAfterSeconds: 90 });
  });
});

describe("the event emitter (no node:events)", () => {
  it("calls listeners in order, removes them by off() or by the function on() answers", () => {
    const emitter = new Emitter<{ tick: (n: number) => void }>();
    const calls: string[] = [];
    const first = (n: number) => calls.push(`first ${n}`);
    const stop = emitter.on("tick", first);
    emitter.on("tick", (n) => calls.push(`second ${n}`));
    emitter.emit("tick", 1);
    stop();
    emitter.emit("tick", 2);
    emitter.off("tick", first);
    expect(calls).toEqual(["first 1", "second 1", "second 2"]);
  });

  it("keeps calling the other listeners when one throws, and throws its error again on its own", async () => {
    const emitter = new Emitter<{ tick: () => void }>();
    const reached = vi.fn();
    const thrown: unknown[] = [];
    const onUncaught = (error: unknown) => thrown.push(error);
    const listeners = process.listeners("uncaughtException");
    process.removeAllListeners("uncaughtException");
    process.on("uncaughtException", onUncaught);
    try {
      emitter.on("tick", () => {
        throw new Error("listener bug");
      });
      emitter.on("tick", reached);
      expect(() => emitter.emit("tick")).not.toThrow();
      expect(reached).toHaveBeenCalledOnce();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(thrown).toEqual([new Error("listener bug")]);
    } finally {
      process.off("uncaughtException", onUncaught);
      for (const listener of listeners) process.on("uncaughtException", listener);
    }
  });
});
