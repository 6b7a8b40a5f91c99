import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { verifyValidationAnswerWebCrypto } from "./webcrypto.js";
import { makeAnswer, makeKeys, makeValidationData } from "./test/forge.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every module `entry` imports, itself included, following relative imports. */
function moduleGraph(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const source = readFileSync(file, "utf8");
    seen.set(file, source);
    for (const [, specifier] of source.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms)) {
      if (specifier!.startsWith(".")) visit(path.join(path.dirname(file), specifier!.replace(/\.js$/, ".ts")));
    }
  };
  visit(path.join(here, entry));
  return seen;
}

describe("@portal/license-verifier/webcrypto", () => {
  it("imports no Node built-in and uses no Node global, so it runs in browsers", () => {
    const graph = moduleGraph("webcrypto.ts");
    expect([...graph.keys()].map((file) => path.basename(file)).sort()).toEqual(
      ["encoding.ts", "keygen-file-checks.ts", "keygen-file-webcrypto.ts", "now.ts", "public-key-forms.ts", "shape.ts", "types.ts", "validation-answer-checks.ts", "validation-answer-webcrypto.ts", "webcrypto-keys.ts", "webcrypto.ts"].sort(),
    );
    for (const [file, source] of graph) {
      const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      expect(code, file).not.toMatch(/from\s+"(node:|fs|path|crypto|zlib|stream|util)/);
      // encoding.ts keeps decodeBase64 (Buffer) for the Node-only verifiers; nothing here may call it.
      const withoutNodeHelper = file.endsWith("encoding.ts") ? code.replace(/export function decodeBase64\(.*?\n}\n/s, "") : code;
      expect(withoutNodeHelper, file).not.toMatch(/\b(Buffer|process|require)\b/);
      if (!file.endsWith("encoding.ts")) expect(code, file).not.toMatch(/\bdecodeBase64\(/);
    }
  });

  it("verifies an authentic answer and refuses a tampered one", async () => {
    const keys = makeKeys();
    const data = makeValidationData(new Date(), { nonce: "n-1" });
    const answer = JSON.stringify(makeAnswer(data, keys.privateKey));
    const result = await verifyValidationAnswerWebCrypto(answer, keys.publicKeyPem, { nonce: "n-1" });
    expect(result).toEqual({ ok: true, data });
    const tampered = answer.replace('"valid":true', '"valid":false');
    expect(await verifyValidationAnswerWebCrypto(tampered, keys.publicKeyPem)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
  });

  it("says so when WebCrypto is missing (a browser page on plain http://)", async () => {
    const keys = makeKeys();
    const answer = makeAnswer(makeValidationData(new Date()), keys.privateKey);
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, "crypto")!;
    Object.defineProperty(globalThis, "crypto", { value: {}, configurable: true });
    try {
      const result = await verifyValidationAnswerWebCrypto(answer, `${keys.publicKeyPem}\n`, {});
      expect(result).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
      if (!result.ok) expect(result.message).toMatch(/WebCrypto/);
    } finally {
      Object.defineProperty(globalThis, "crypto", descriptor);
    }
  });
});
