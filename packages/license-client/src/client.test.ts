import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLicenseClient, LicenseClientError, type LicenseAnswer, type LicenseClient, type LicenseClientEvents, type LicenseClientOptions, type LostEvent } from "./index.js";
import { ManualClock } from "./test/manual-timers.js";
import { issueFloatingLicense, newFingerprint, seatOf, setLease, startPortal, stopPortal, type Portal } from "./test/portal.js";
import { flipByte, Proxy } from "./test/proxy.js";

// The client against the real portal (apps/server built here, on 127.0.0.1, embedded PGlite), the
// network between them played by a proxy that can tamper, replay, fail or go away.

let portal: Portal;
let proxy: Proxy;

beforeAll(async () => {
  portal = await startPortal();
  proxy = await Proxy.start(portal.url);
});

afterAll(async () => {
  await proxy?.stop().catch(() => undefined);
  await stopPortal(portal);
});

const clients: LicenseClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.stopHeartbeats();
  proxy.reset();
});

function client(options: Partial<LicenseClientOptions> & Pick<LicenseClientOptions, "key" | "fingerprint">): LicenseClient {
  const made = createLicenseClient({ baseUrl: proxy.url, publicKey: portal.publicKey, ...options });
  clients.push(made);
  return made;
}

/** A client on a manual clock: heartbeats fire when the test says. */
function clocked(options: Partial<LicenseClientOptions> & Pick<LicenseClientOptions, "key" | "fingerprint">) {
  const clock = new ManualClock();
  return { clock, client: client({ now: clock.read, timers: clock, ...options }) };
}

type Happening = { event: "refreshed"; answer: LicenseAnswer } | { event: "lost"; lost: LostEvent } | { event: "error"; error: LicenseClientError };

/** The next thing the heartbeats report. */
function nextEvent(subject: LicenseClient): Promise<Happening> {
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    const done = (happening: Happening) => {
      stops.forEach((stop) => stop());
      resolve(happening);
    };
    stops.push(subject.on("refreshed", ((answer) => done({ event: "refreshed", answer })) as LicenseClientEvents["refreshed"]));
    stops.push(subject.on("lost", ((lost) => done({ event: "lost", lost })) as LicenseClientEvents["lost"]));
    stops.push(subject.on("error", ((error) => done({ event: "error", error })) as LicenseClientEvents["error"]));
  });
}

/** The rejection of `promise` as a LicenseClientError (fails the test if it resolves). */
async function refusal(promise: Promise<unknown>): Promise<LicenseClientError> {
  const outcome = await promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ error }),
  );
  if ("resolved" in outcome) throw new Error(`expected an error, got ${JSON.stringify(outcome.resolved)}`);
  expect(outcome.error).toBeInstanceOf(LicenseClientError);
  return outcome.error as LicenseClientError;
}


describe("validate()", () => {
  it("answers VALID for a floating seat, with the signature and a fresh random nonce checked", async () => {
    const { key } = await issueFloatingLicense(portal);
    const fingerprint = newFingerprint();
    const sent: { nonce: string }[] = [];
    const subject = client({
      key,
      fingerprint,
      fetch: (input, init) => {
        sent.push(JSON.parse(String(init?.body)) as { nonce: string });
        return fetch(input, init);
      },
    });
    const before = Date.now();
    const answer = await subject.validate();
    expect(answer).toMatchObject({ valid: true, code: "VALID", fingerprint, offline: false, expired: false });
    expect(answer.license).toMatchObject({ key, floating: true, heartbeatSeconds: 60 });
    // The lease the seat holds: heartbeatSeconds from now.
    const leaseEnd = Date.parse(answer.leaseExpiresAt!);
    expect(leaseEnd).toBeGreaterThanOrEqual(before + 59_000);
    expect(leaseEnd).toBeLessThanOrEqual(Date.now() + 61_000);
    expect((await seatOf(portal, fingerprint))?.leaseExpiresAt?.toISOString()).toBe(answer.leaseExpiresAt);

    await subject.validate();
    expect(sent).toHaveLength(2);
    for (const body of sent) expect(body.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[0]!.nonce).not.toBe(sent[1]!.nonce);
    expect(subject.lastAnswer?.nonce).toBe(sent[1]!.nonce);
  });

  it("answers an authentic refusal as it is (valid: false), e.g. an unknown key", async () => {
    const answer = await client({ key: "AAAAA-AAAAA-AAAAA-AAAAA-AAAAA-AAAAA", fingerprint: newFingerprint() }).validate();
    expect(answer).toMatchObject({ valid: false, code: "NOT_FOUND", offline: false });
  });

  /** The index of the signature's first character that stays base64 with its lowest bit flipped. */
  const signatureCharacter = (body: string) => {
    const start = body.indexOf('"signature":"') + 13;
    return start + body.slice(start).search(/[B-Yb-y0-9]/);
  };

  it("refuses an answer with any one byte flipped on the way: an error, never valid", async () => {
    const { key } = await issueFloatingLicense(portal, 5);
    const subject = client({ key, fingerprint: newFingerprint(), graceSeconds: 3600 });
    // A good answer first: the grace could let it stand, but a tampered answer is not an unreachable server.
    expect((await subject.validate()).valid).toBe(true);
    const original = proxy.answers.at(-1)!.body.toString("utf8");
    const positions = {
      // inside data: the plan's name, the licence key, the timestamp's digits, `true` of valid
      planName: original.indexOf('"planName":"') + 13,
      key: original.indexOf(`"key":"${key}"`) + 8,
      timestamp: original.lastIndexOf('"timestamp":"') + 15,
      valid: original.indexOf('"valid":true') + 9,
      // the signature itself, and the envelope's syntax
      // a character whose flipped bit leaves it in base64's alphabet (A, Z, a, z, + and / would leave
      // it, making the answer MALFORMED instead: the signature is new each time, so that was chance)
      signature: signatureCharacter(original),
      syntax: original.indexOf('"data":{') + 7,
    };
    const reasons: Record<string, string> = {};
    for (const [name, index] of Object.entries(positions)) {
      expect(index, name).toBeGreaterThan(20);
      // The signature differs in every answer: its character is picked in the answer being changed.
      proxy.rewrite = (answer) => ({ ...answer, body: flipByte(answer.body, name === "signature" ? signatureCharacter(answer.body.toString("utf8")) : index) });
      const error = await refusal(subject.validate());
      reasons[name] = error.reason;
    }
    expect(reasons).toEqual({
      planName: "BAD_SIGNATURE",
      key: "BAD_SIGNATURE",
      timestamp: "BAD_SIGNATURE",
      valid: "MALFORMED", // `truf` is not JSON
      signature: "BAD_SIGNATURE",
      syntax: "MALFORMED",
    });
    expect(subject.lastAnswer?.valid).toBe(true);
  });

  it("refuses an unsigned answer and a replayed one (an earlier answer, its nonce not this request's)", async () => {
    const { key } = await issueFloatingLicense(portal);
    const subject = client({ key, fingerprint: newFingerprint(), graceSeconds: 3600 });
    await subject.validate();
    const earlier = proxy.answers.at(-1)!.body;

    proxy.rewrite = (answer) => {
      const body = JSON.parse(answer.body.toString("utf8")) as Record<string, unknown>;
      delete body["signature"];
      return { ...answer, body: Buffer.from(JSON.stringify(body)) };
    };
    expect((await refusal(subject.validate())).reason).toBe("MALFORMED");

    proxy.rewrite = (answer) => ({ ...answer, body: earlier });
    const replayed = await refusal(subject.validate());
    expect(replayed.reason).toBe("NONCE_MISMATCH");
    expect(replayed.message).toMatch(/replayed/);
  });

  it("refuses an authentic answer about another machine (the fingerprint changed on the way, the nonce kept)", async () => {
    const { key } = await issueFloatingLicense(portal, 3);
    const subject = client({ key, fingerprint: newFingerprint() });
    const other = newFingerprint();
    proxy.rewriteRequest = (request) => JSON.stringify({ ...(JSON.parse(request.body) as object), fingerprint: other });
    expect((await refusal(subject.validate())).reason).toBe("ANSWER_MISMATCH");
  });

  it("refuses an answer signed by another key", async () => {
    const { key } = await issueFloatingLicense(portal);
    const { generateKeyPairSync } = await import("node:crypto");
    const stranger = generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" }).toString();
    expect((await refusal(client({ key, fingerprint: newFingerprint(), publicKey: stranger }).validate())).reason).toBe("BAD_SIGNATURE");
  });

  it("reports what the server refused: a 422 is an HTTP_ERROR with its message, a 429 is RATE_LIMITED with Retry-After", async () => {
    const subject = client({ key: "x".repeat(150), fingerprint: newFingerprint() });
    const refused = await refusal(subject.validate());
    expect(refused).toMatchObject({ reason: "HTTP_ERROR", status: 422 });
    expect(refused.message).toMatch(/Key/);

    proxy.intercept = () => ({ status: 429, headers: { "retry-after": "12" }, body: Buffer.from("{}") });
    expect(await refusal(subject.validate())).toMatchObject({ reason: "RATE_LIMITED", status: 429, retryAfterSeconds: 12 });
  });
});

describe("offline grace", () => {
  it("lets the last verified answer stand for graceSeconds while the server is gone, then fails", async () => {
    const { key } = await issueFloatingLicense(portal);
    const { clock, client: subject } = clocked({ key, fingerprint: newFingerprint(), graceSeconds: 60 });
    const online = await subject.validate();
    expect(online.offline).toBe(false);

    await proxy.stop();
    try {
      clock.advance(59_000);
      const offline = await subject.validate();
      expect(offline).toEqual({ ...online, offline: true });
      clock.advance(1_000);
      expect((await refusal(subject.validate())).reason).toBe("NETWORK");
    } finally {
      await proxy.listen();
    }
    // Back online: a fresh answer, and a new grace from it.
    expect((await subject.validate()).offline).toBe(false);
  });

  it("covers a timeout and a 5xx, but never a refusal or a tampered answer", async () => {
    const { key } = await issueFloatingLicense(portal);
    const { clock, client: subject } = clocked({ key, fingerprint: newFingerprint(), graceSeconds: 60, timeoutMs: 300 });
    await subject.validate();
    clock.advance(10_000);

    proxy.intercept = () => ({ hang: true });
    expect(await subject.validate()).toMatchObject({ valid: true, offline: true });
    proxy.intercept = () => ({ status: 502, headers: {}, body: Buffer.from("Bad gateway") });
    expect(await subject.validate()).toMatchObject({ valid: true, offline: true });
    proxy.intercept = () => ({ drop: true });
    expect(await subject.validate()).toMatchObject({ valid: true, offline: true });

    proxy.intercept = () => ({ status: 403, headers: {}, body: Buffer.from('{"detail":[{"loc":[],"msg":"Forbidden","type":"error"}]}') });
    expect((await refusal(subject.validate())).reason).toBe("HTTP_ERROR");
    proxy.intercept = undefined;
    proxy.rewrite = (answer) => ({ ...answer, body: flipByte(answer.body, answer.body.indexOf('"planName":"') + 13) });
    expect((await refusal(subject.validate())).reason).toBe("BAD_SIGNATURE");
  });

  it("is 0 by default: a server that cannot be reached is an error at once", async () => {
    const { key } = await issueFloatingLicense(portal);
    const subject = client({ key, fingerprint: newFingerprint(), timeoutMs: 300 });
    await subject.validate();
    proxy.intercept = () => ({ hang: true });
    expect((await refusal(subject.validate())).reason).toBe("TIMEOUT");
    proxy.intercept = () => ({ status: 503, headers: {}, body: Buffer.from("") });
    expect((await refusal(subject.validate())).reason).toBe("SERVER_ERROR");
  });
});

describe("heartbeats", () => {
  it("refresh the lease every heartbeatSeconds / 2 and report each refresh", async () => {
    const { key } = await issueFloatingLicense(portal);
    const fingerprint = newFingerprint();
    const { clock, client: subject } = clocked({ key, fingerprint });
    await subject.validate();
    expect(subject.startHeartbeats()).toBe(true);
    expect(subject.heartbeating).toBe(true);
    expect(clock.pending).toEqual([30_000]);

    // The server's lease nearly over (moved in the database): the heartbeat renews it to 60 s.
    await setLease(portal, fingerprint, 5);
    const event = nextEvent(subject);
    expect(clock.fire()).toBe(30_000);
    const refreshed = await event;
    expect(refreshed.event).toBe("refreshed");
    const answer = (refreshed as { answer: LicenseAnswer }).answer;
    expect(answer).toMatchObject({ valid: true, code: "VALID", fingerprint, offline: false });
    const lease = (await seatOf(portal, fingerprint))!.leaseExpiresAt!;
    expect(lease.toISOString()).toBe(answer.leaseExpiresAt);
    expect(lease.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // And again, 30 s later by the client's clock.
    expect(clock.pending).toEqual([30_000]);
    const again = nextEvent(subject);
    clock.fire();
    expect((await again).event).toBe("refreshed");
    subject.stopHeartbeats();
    expect(subject.heartbeating).toBe(false);
    expect(clock.pending).toEqual([]);
  });

  it("emit lost when the lease has lapsed on the server (LEASE_EXPIRED), and stop", async () => {
    const { key } = await issueFloatingLicense(portal);
    const fingerprint = newFingerprint();
    const { clock, client: subject } = clocked({ key, fingerprint });
    await subject.validate();
    subject.startHeartbeats();
    await setLease(portal, fingerprint, -120);
    const event = nextEvent(subject);
    clock.fire();
    const lost = await event;
    expect(lost.event).toBe("lost");
    expect((lost as { lost: LostEvent }).lost).toMatchObject({ reason: "LEASE_EXPIRED", answer: { valid: false, code: "LEASE_EXPIRED", fingerprint } });
    expect(subject.heartbeating).toBe(false);
    expect(clock.pending).toEqual([]);
    // Validating again takes a seat again.
    expect(await subject.validate()).toMatchObject({ valid: true, code: "VALID" });
  });

  it("retry with exponential backoff and jitter, honour Retry-After, and emit lost when the lease ends unrefreshed", async () => {
    const { key } = await issueFloatingLicense(portal);
    const { clock, client: subject } = clocked({ key, fingerprint: newFingerprint() });
    await subject.validate();
    const validatedAt = clock.now;
    const leaseMs = Date.parse(subject.lastAnswer!.leaseExpiresAt!) - Date.parse(subject.lastAnswer!.timestamp);
    subject.startHeartbeats();

    // 429 with Retry-After: waited out exactly.
    proxy.intercept = () => ({ status: 429, headers: { "retry-after": "7" }, body: Buffer.from("{}") });
    let event = nextEvent(subject);
    clock.fire();
    expect(await event).toMatchObject({ event: "error", error: { reason: "RATE_LIMITED", retryAfterSeconds: 7 } });
    expect(clock.pending).toEqual([7_000]);

    // Then the server is gone: errors, each retry later than the last (doubling, jittered), none past the lease's end.
    await proxy.stop();
    try {
      const delays: number[] = [];
      const errors: string[] = [];
      for (;;) {
        event = nextEvent(subject);
        delays.push(clock.fire());
        const happening = await event;
        if (happening.event === "lost") {
          expect(happening.lost).toMatchObject({ reason: "LEASE_ENDED", error: { reason: "NETWORK" } });
          break;
        }
        expect(happening.event).toBe("error");
        errors.push((happening as { error: LicenseClientError }).error.reason);
      }
      expect(errors.every((reason) => reason === "NETWORK")).toBe(true);
      // delays[0] was the Retry-After; then backoff from 1 s: attempt n waits between 2^n/2 and 2^n
      // seconds; the last wait was cut short at the lease's end.
      const backoff = delays.slice(1, -1);
      expect(backoff.length).toBeGreaterThanOrEqual(4);
      backoff.forEach((delay, attempt) => {
        expect(delay).toBeGreaterThanOrEqual(2 ** attempt * 500);
        expect(delay).toBeLessThanOrEqual(2 ** attempt * 1000);
      });
      // Lost exactly at the lease's end by the client's clock, not a retry later.
      expect(clock.now).toBe(validatedAt + leaseMs);
      expect(subject.heartbeating).toBe(false);
      expect(clock.pending).toEqual([]);
    } finally {
      await proxy.listen();
    }
  });

  it("come back from a 5xx and a tampered answer: errors, retried, then refreshed", async () => {
    const { key } = await issueFloatingLicense(portal);
    const { clock, client: subject } = clocked({ key, fingerprint: newFingerprint() });
    await subject.validate();
    subject.startHeartbeats();
    proxy.intercept = () => ({ status: 503, headers: {}, body: Buffer.from("") });
    let event = nextEvent(subject);
    clock.fire();
    expect(await event).toMatchObject({ event: "error", error: { reason: "SERVER_ERROR", status: 503 } });
    proxy.intercept = undefined;
    proxy.rewrite = (answer) => ({ ...answer, body: flipByte(answer.body, answer.body.indexOf('"planName":"') + 13) });
    event = nextEvent(subject);
    clock.fire();
    expect(await event).toMatchObject({ event: "error", error: { reason: "BAD_SIGNATURE" } });
    proxy.rewrite = undefined;
    event = nextEvent(subject);
    clock.fire();
    expect(await event).toMatchObject({ event: "refreshed", answer: { valid: true } });
    expect(clock.pending).toEqual([30_000]);
  });

  it("need a VALID answer first, and do nothing for a node-locked answer", async () => {
    const { key } = await issueFloatingLicense(portal);
    const subject = client({ key, fingerprint: newFingerprint() });
    expect(() => subject.startHeartbeats()).toThrow(expect.objectContaining({ reason: "NOT_VALIDATED" }) as Error);
    // A refusal is no seat either.
    expect((await subject.validate()).valid).toBe(true);
    const full = client({ key, fingerprint: newFingerprint() });
    expect((await full.validate()).code).toBe("TOO_MANY_ACTIVATIONS");
    expect(() => full.startHeartbeats()).toThrow(expect.objectContaining({ reason: "NOT_VALIDATED" }) as Error);

    const nodeLocked = await issueFloatingLicense(portal, 1, false);
    const { clock, client: machine } = clocked({ key: nodeLocked.key, fingerprint: newFingerprint() });
    expect(await machine.validate()).toMatchObject({ valid: true, leaseExpiresAt: null, license: { floating: false, heartbeatSeconds: null } });
    expect(machine.startHeartbeats()).toBe(false);
    expect(machine.heartbeating).toBe(false);
    expect(clock.pending).toEqual([]);
  });
});

describe("release()", () => {
  it("checks the seat in: heartbeats stop, and another machine can take the seat at once", async () => {
    const { key } = await issueFloatingLicense(portal, 1);
    const first = newFingerprint();
    const { clock, client: holder } = clocked({ key, fingerprint: first, graceSeconds: 600 });
    const other = client({ key, fingerprint: newFingerprint() });

    expect((await holder.validate()).valid).toBe(true);
    holder.startHeartbeats();
    expect(await other.validate()).toMatchObject({ valid: false, code: "TOO_MANY_ACTIVATIONS" });

    const released = await holder.release();
    expect(released).toMatchObject({ valid: false, code: "LEASE_EXPIRED", fingerprint: first, offline: false });
    expect(Date.parse(released.leaseExpiresAt!)).toBeLessThanOrEqual(Date.now());
    expect(holder.heartbeating).toBe(false);
    expect(clock.pending).toEqual([]);
    const seat = (await seatOf(portal, first))!;
    expect(seat.leaseExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(seat.deadAt).not.toBeNull();

    expect(await other.validate()).toMatchObject({ valid: true, code: "VALID" });
    // Nothing of the released seat stands offline.
    expect(holder.lastAnswer).toBeUndefined();
    await proxy.stop();
    try {
      expect((await refusal(holder.validate())).reason).toBe("NETWORK");
    } finally {
      await proxy.listen();
    }
  });
});

describe("the portal itself going away", () => {
  it("keeps the last answer within graceSeconds, then fails", async () => {
    const { key } = await issueFloatingLicense(portal);
    const { clock, client: subject } = clocked({ key, fingerprint: newFingerprint(), graceSeconds: 120, baseUrl: portal.url });
    const online = await subject.validate();
    // The server stops listening and drops its connections (the database stays, for afterAll).
    const server = portal.testApp.app.server;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    clock.advance(119_000);
    expect(await subject.validate()).toEqual({ ...online, offline: true });
    clock.advance(1_000);
    expect((await refusal(subject.validate())).reason).toBe("NETWORK");
  });
});
