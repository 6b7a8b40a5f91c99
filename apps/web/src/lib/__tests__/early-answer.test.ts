import { afterEach, describe, expect, it, vi } from "vitest";
import { takeEarlyAnswer } from "../early-answer";

const GLOBAL = "__portalEarlyTest";
const holder = window as unknown as Record<string, unknown>;
const answered = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

afterEach(() => {
  delete holder[GLOBAL];
  vi.restoreAllMocks();
});

describe("an answer the boot script asked for", () => {
  it("is taken once, for the token it was asked with", async () => {
    holder[GLOBAL] = { token: "token-1", answer: answered(200, { status: "success", data: 7 }) };
    expect(await takeEarlyAnswer(GLOBAL, "token-1")).toEqual({ status: "success", data: 7 });
    expect(holder[GLOBAL]).toBeUndefined();
    expect(await takeEarlyAnswer(GLOBAL, "token-1")).toBeUndefined();
  });

  it("is dropped when asked with another token, when it is not a 200 and when the request failed", async () => {
    holder[GLOBAL] = { token: "token-1", answer: answered(200, { data: 1 }) };
    expect(await takeEarlyAnswer(GLOBAL, "token-2")).toBeUndefined();
    expect(holder[GLOBAL]).toBeUndefined();
    holder[GLOBAL] = { token: "token-1", answer: answered(401, { detail: "expired" }) };
    expect(await takeEarlyAnswer(GLOBAL, "token-1")).toBeUndefined();
    holder[GLOBAL] = { token: "token-1", answer: Promise.resolve(null) };
    expect(await takeEarlyAnswer(GLOBAL, "token-1")).toBeUndefined();
  });

  it("is not used by a page that opens later than maxAgeMs after the load", async () => {
    vi.spyOn(performance, "now").mockReturnValue(45_000);
    holder[GLOBAL] = { token: "token-1", answer: answered(200, { data: 1 }) };
    expect(await takeEarlyAnswer(GLOBAL, "token-1", { maxAgeMs: 30_000 })).toBeUndefined();
    expect(holder[GLOBAL]).toBeUndefined();
    holder[GLOBAL] = { token: "token-1", answer: answered(200, { data: 2 }) };
    expect(await takeEarlyAnswer(GLOBAL, "token-1", { maxAgeMs: 60_000 })).toEqual({ data: 2 });
  });
});
