import diagnostics from "node:diagnostics_channel";
import { afterEach, describe, expect, it } from "vitest";
import { startReceiver, type WebhookReceiver } from "../test/webhook-receiver.js";
import { forbiddenAddressReason, ForbiddenAddressError, isLocalHostName, resolvePublicAddresses } from "./outbound-address.js";
import { excerptOf, postOutbound } from "./outbound-http.js";

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

describe("forbiddenAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.255", "carrierGradeNat"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped linkLocal"],
    ["64:ff9b::7f00:1", "NAT64 loopback"],
    ["64:ff9b::a9fe:a9fe", "NAT64 linkLocal"],
    ["64:ff9b:1::a00:1", "NAT64 local-use"],
    ["2002:7f00:1::", "6to4 loopback"],
    ["2002:c0a8:101::1", "6to4 private"],
    ["::7f00:1", "IPv4-compatible"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["not-an-address", "malformed"],
    ["1.2.3", "malformed"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each(["8.8.8.8", "93.184.215.14", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])("allows the public address %s", (address) => {
    expect(forbiddenAddressReason(address)).toBeUndefined();
  });

  it("knows localhost names whatever a resolver says", () => {
    for (const name of ["localhost", "LOCALHOST", "localhost.", "api.localhost", "a.b.localhost"]) expect(isLocalHostName(name)).toBe(true);
    for (const name of ["localhost.example.com", "mylocalhost", "example.com"]) expect(isLocalHostName(name)).toBe(false);
  });
});

describe("resolvePublicAddresses", () => {
  it("checks every address a name resolves to, and literals without resolving", async () => {
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 as const },
      { address: "10.0.0.7", family: 4 as const },
    ];
    await expect(resolvePublicAddresses("rebinding.example", { resolve })).rejects.toThrow(ForbiddenAddressError);
    await expect(resolvePublicAddresses("[::1]", { resolve: async () => [] })).rejects.toThrow(/::1 is a loopback/);
    await expect(resolvePublicAddresses("localhost", { resolve: async () => [{ address: "93.184.215.14", family: 4 }] })).rejects.toThrow(ForbiddenAddressError);
    expect(await resolvePublicAddresses("public.example", { resolve: async () => [{ address: "93.184.215.14", family: 4 }] })).toEqual([{ address: "93.184.215.14", family: 4 }]);
  });
});

describe("postOutbound", () => {
  const options = { timeoutMs: 2_000, maxResponseBytes: 2048, allowPrivateNetworks: true };
  const post = (url: string, extra: Partial<typeof options> & { resolve?: Parameters<typeof postOutbound>[2]["resolve"] } = {}) =>
    postOutbound(new URL(url), { headers: { "content-type": "application/json" }, body: "{}" }, { ...options, ...extra });

  it("refuses at connect time a name that resolves to a forbidden address, without opening a socket", async () => {
    const sockets: unknown[] = [];
    const onSocket = (message: unknown) => sockets.push(message);
    diagnostics.subscribe("net.client.socket", onSocket);
    try {
      let asked = 0;
      const rebinding = async () => {
        asked++;
        return [{ address: "169.254.169.254", family: 4 as const }];
      };
      const result = await post("http://metadata.rebinding.test/latest", { allowPrivateNetworks: false, resolve: rebinding });
      expect(result).toMatchObject({ ok: false, refused: true, statusCode: null });
      expect(result.error).toMatch(/169\.254\.169\.254.*linkLocal/);
      expect(asked).toBe(1);
      const literal = await post("http://127.0.0.1:9/hook", { allowPrivateNetworks: false });
      expect(literal).toMatchObject({ ok: false, refused: true });
      expect(sockets).toEqual([]);
    } finally {
      diagnostics.unsubscribe("net.client.socket", onSocket);
    }
  });

  it("connects to the address it checked", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const port = new URL(receiver.url).port;
    // The name is resolved once, by our resolver: the socket goes to what it answered (127.0.0.1 is allowed here only because private networks are).
    const result = await post(`http://receiver.test:${port}/hook`, { resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    expect(result).toMatchObject({ ok: true, statusCode: 200, excerpt: "ok" });
    expect(receiver.received[0]!.headers.host).toBe(`receiver.test:${port}`);
  });

  it("keeps at most 2 KB of the answer and does not read the rest", async () => {
    const receiver = await startReceiver(() => ({ status: 200, body: "é".repeat(600_000) }));
    receivers.push(receiver);
    const result = await post(receiver.url);
    expect(result.ok).toBe(true);
    expect(Buffer.byteLength(result.excerpt!)).toBeLessThanOrEqual(2048);
    expect(result.excerpt).toBe("é".repeat(1024));
  });

  it("does not follow a redirect", async () => {
    const receiver = await startReceiver((hook) => (hook.path === "/hook" ? { status: 302, headers: { location: "/elsewhere" } } : { status: 200 }));
    receivers.push(receiver);
    const result = await post(receiver.url);
    expect(result).toMatchObject({ ok: false, statusCode: 302 });
    expect(result.error).toMatch(/redirects are not followed/);
    expect(receiver.received.map((hook) => hook.path)).toEqual(["/hook"]);
  });

  it("gives up on a receiver that does not answer in time, connection to last byte", async () => {
    const receiver = await startReceiver(() => "hold");
    receivers.push(receiver);
    const started = Date.now();
    const result = await post(receiver.url, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "no answer within 0.3 s" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("fails on a refused connection and a non-2xx answer", async () => {
    expect(await post("http://127.0.0.1:9/hook")).toMatchObject({ ok: false, statusCode: null, refused: false });
    const receiver = await startReceiver(() => ({ status: 503, body: "busy" }));
    receivers.push(receiver);
    expect(await post(receiver.url)).toMatchObject({ ok: false, statusCode: 503, excerpt: "busy", error: "answered 503" });
  });
});

describe("excerptOf", () => {
  it("cuts by whole characters within the byte budget and drops NUL", () => {
    expect(excerptOf(Buffer.from("aé"), 2)).toBe("a");
    expect(excerptOf(Buffer.from("a\u0000b"), 10)).toBe("ab");
    expect(Buffer.byteLength(excerptOf(Buffer.alloc(4096, 0xff), 2048))).toBeLessThanOrEqual(2048);
  });
});
