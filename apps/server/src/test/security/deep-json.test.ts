import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "../../lib/json-depth.js";
import { findUnstorableText } from "../../lib/storable-text.js";
import { parseReqFile } from "../../modules/licenses/req-file.service.js";
import { useTestApp } from "../test-app.js";

/**
 * Issue 25, item 0: deeply nested JSON froze the server without a login. 40,000 levels of `[` to a
 * public route blocked every request for 12–13 s and 400,000 levels (780 KB, under the body limit)
 * hung the process: the unstorable-text walk copied its path at every level.
 */

const t = useTestApp();

const nested = (depth: number, inner = "") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

/** The test app's address on a real socket, listening from the first call on. */
async function listeningAddress(): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening on TCP");
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Runs `action` while asking for /health over and over, one call always in flight: if the server
 * stops answering for a while, the call waiting then is as slow. Answers the slowest health answer.
 */
async function slowestHealthDuring(address: string, action: () => Promise<void>): Promise<number> {
  let acting = true;
  let slowest = 0;
  let answers = 0;
  // A first call outside the measure: the connection and the route's first run are not the point.
  await (await fetch(`${address}/api/v1/health`)).arrayBuffer();
  const probing = (async () => {
    while (acting || answers === 0) {
      const started = performance.now();
      const response = await fetch(`${address}/api/v1/health`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      answers++;
    }
  })();
  try {
    await action();
  } finally {
    acting = false;
    await probing;
  }
  return slowest;
}

/**
 * Health answers within `withinMs` while `action` runs, in one of three tries: a server that stops
 * answering does so every time, while a machine shared with other work may be slow once.
 */
async function expectHealthAnswersDuring(address: string, withinMs: number, action: () => Promise<void>): Promise<void> {
  const slowest: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    slowest.push(await slowestHealthDuring(address, action));
    if (slowest.at(-1)! < withinMs) return;
  }
  expect(Math.min(...slowest), `slowest health answer of each try: ${slowest.map(Math.round).join(", ")} ms`).toBeLessThan(withinMs);
}

/**
 * The fastest of three runs of `work`, in milliseconds: a quadratic walk is slow every time, while a
 * machine busy with other work (a test run beside others) may stall one run (seen at load ~12).
 */
function fastestOfThree(work: () => void): number {
  let fastest = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

async function postValidate(address: string, body: string | Buffer) {
  const response = await fetch(`${address}/api/v1/licenses/validate`, { method: "POST", headers: { "content-type": "application/json" }, body });
  return { status: response.status, body: (await response.json()) as { detail: { loc: (string | number)[]; msg: string; type: string }[] } };
}

describe("the nesting depth of a JSON body", () => {
  it("is counted in one pass over the text, brackets inside strings left out", () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":[{"b":[1,2,{"c":null}]}],"d":{}}`, 5)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":[{"b":[1,2,{"c":null}]}],"d":{}}`, 4)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: "[[[[[{{{{{", quoted: 'say "[[[[" \\ [[[[' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify(["\\", [["x"]]]), 2)).toBe(true);
  });

  it("is checked in a few milliseconds for a body at the size limit", () => {
    const allowed = nested(MAX_JSON_DEPTH, JSON.stringify("[{".repeat(500_000)));
    const refused = nested(400_000);
    expect(jsonNestsDeeperThan(allowed, MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(refused, MAX_JSON_DEPTH)).toBe(true);
    expect(fastestOfThree(() => (jsonNestsDeeperThan(allowed, MAX_JSON_DEPTH), jsonNestsDeeperThan(refused, MAX_JSON_DEPTH)))).toBeLessThan(100);
  });
});

describe("the walk for unstorable text", () => {
  it("takes time in proportion to the value's size, not to the square of its depth", () => {
    // 30,000 levels took the old walk (a path copied at every level) several seconds.
    const deep = JSON.parse(nested(30_000, JSON.stringify("bad \u0000 text"))) as unknown;
    expect(findUnstorableText(deep)).toEqual(Array.from({ length: 30_000 }, () => 0));
    expect(fastestOfThree(() => findUnstorableText(deep))).toBeLessThan(250);
  });

  it("still names the path to the text it refuses", () => {
    expect(findUnstorableText({ a: [{ b: "fine" }, { c: ["x", "y\u0000"] }] })).toEqual(["a", 1, "c", 1]);
    expect(findUnstorableText({ a: { ["key\uD800"]: 1 } })).toEqual(["a", "key\uD800"]);
    expect(findUnstorableText(["\uDC00"])).toEqual([0]);
    expect(findUnstorableText({ a: [1, true, null, "ok"] })).toBeUndefined();
  });

  it("reads a .req file's line 2 nested 200,000 levels deep in linear time", () => {
    const line2 = nested(200_000, JSON.stringify("lone \uD800 surrogate"));
    const file = Buffer.from(`AAAA-BBBB-CCCC-DDDD\n${line2}\n`);
    expect(() => parseReqFile(file)).toThrow(/NUL characters or unpaired surrogates/);
    expect(fastestOfThree(() => expect(() => parseReqFile(file)).toThrow())).toBeLessThan(500);
  });
});

describe("a deeply nested body to a public route, over a real socket", () => {
  it("is refused with 400 in the envelope before it is parsed, and /health answers within 100 ms meanwhile", async () => {
    const address = await listeningAddress();
    // 780 KB, under the 1 MB body limit: this hung the process.
    const deep = Buffer.from(nested(400_000));
    await expectHealthAnswersDuring(address, 100, async () => {
      const answer = await postValidate(address, deep);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toEqual([{ loc: ["common/bad_request"], msg: `The JSON body nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels.`, type: "error" }]);
    });
  });

  it("one level past the limit is refused; the deepest the limit allows is read, with /health answering within 100 ms meanwhile", async () => {
    const address = await listeningAddress();
    expect((await postValidate(address, nested(MAX_JSON_DEPTH + 1))).status).toBe(400);
    // As deep as allowed and as large as allowed: about 1 MB of text at the bottom of 32 levels.
    const deepest = Buffer.from(nested(MAX_JSON_DEPTH, JSON.stringify("x".repeat(1024 * 1024 - 2 * MAX_JSON_DEPTH - 16))));
    await expectHealthAnswersDuring(address, 100, async () => {
      const answer = await postValidate(address, deepest);
      // Read and walked: refused by the route's schema (the body must be an object), not by its depth.
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toEqual([{ loc: ["body"], msg: "Request body must be an object", type: "error" }]);
    });
  });

  it("a deep JSON object is refused the same way, brackets in its strings not counted", async () => {
    const address = await listeningAddress();
    const deepObject = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    expect((await postValidate(address, deepObject)).status).toBe(400);
    const bracketsInText = JSON.stringify({ licenseKey: "[".repeat(5_000), fingerprint: "{".repeat(5_000) });
    expect((await postValidate(address, bracketsInText)).status).toBe(422);
  });
});
