import { describe, expect, it } from "vitest";
import { installPathProblem, verifySignedManifest, verifyUpdateManifest } from "./index.js";
import { makeKeys, makeManifest, makeManifestAnswer, manifestFile, signManifest } from "./test/forge.js";

const keys = makeKeys();
const otherKeys = makeKeys();

const manifest = makeManifest([
  manifestFile("backend.zip", "backend bytes"),
  manifestFile("frontend.zip", "frontend bytes"),
  manifestFile("config/app.json", '{"port":8080}'),
]);
const text = JSON.stringify(manifest);
const signature = signManifest(text, keys.privateKey);

function reasonOf(result: ReturnType<typeof verifyUpdateManifest>) {
  return result.ok ? "OK" : result.reason;
}

/** Signs `value` properly, so only the content checks can refuse it. */
function signedResult(value: unknown) {
  const body = typeof value === "string" || value instanceof Uint8Array ? value : JSON.stringify(value);
  return verifyUpdateManifest(body, signManifest(body, keys.privateKey), keys.publicKeyPem);
}

function signedReason(value: unknown) {
  return reasonOf(signedResult(value));
}

describe("verifyUpdateManifest: authenticity", () => {
  it("accepts a signed manifest and returns it parsed", () => {
    expect(verifyUpdateManifest(text, signature, keys.publicKeyPem)).toEqual({ ok: true, manifest });
  });

  it("accepts the manifest as the bytes of manifest.json, and a signature with a trailing newline", () => {
    const pretty = JSON.stringify(manifest, null, 2);
    const bytes = Buffer.from(pretty, "utf8");
    const sig = signManifest(bytes, keys.privateKey);
    expect(reasonOf(verifyUpdateManifest(bytes, `${sig}\n`, keys.publicKeyPem))).toBe("OK");
    expect(reasonOf(verifyUpdateManifest(bytes, `${sig}\r\n`, keys.publicKeyPem))).toBe("OK");
  });

  it("refuses one changed byte of the manifest text", () => {
    const forged = text.replace('"version":"2.4.0"', '"version":"2.4.1"');
    expect(forged).not.toBe(text);
    expect(reasonOf(verifyUpdateManifest(forged, signature, keys.publicKeyPem))).toBe("BAD_SIGNATURE");
    const bytes = Buffer.from(text, "utf8");
    bytes.writeUInt8(bytes.readUInt8(10) ^ 0x01, 10);
    expect(reasonOf(verifyUpdateManifest(bytes, signature, keys.publicKeyPem))).toBe("BAD_SIGNATURE");
  });

  it("refuses a re-serialised manifest: the signature covers the exact text", () => {
    const pretty = JSON.stringify(manifest, null, 2);
    expect(reasonOf(verifyUpdateManifest(pretty, signature, keys.publicKeyPem))).toBe("BAD_SIGNATURE");
  });

  it("refuses a manifest signed with another key", () => {
    const foreign = signManifest(text, otherKeys.privateKey);
    const result = verifyUpdateManifest(text, foreign, keys.publicKeyPem);
    expect(reasonOf(result)).toBe("BAD_SIGNATURE");
    if (!result.ok) expect(result.message).toMatch(/altered or signed with another key/);
  });

  it.each([
    ["not base64", "not base64!"],
    ["URL-safe base64", signature.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") + "-_"],
    ["empty", ""],
    ["only whitespace", " \n"],
  ])("refuses a malformed signature (%s)", (_label, sig) => {
    expect(reasonOf(verifyUpdateManifest(text, sig, keys.publicKeyPem))).toBe("MALFORMED");
  });

  it("refuses a signature of the wrong length", () => {
    const short = Buffer.from(signature, "base64").subarray(0, 32).toString("base64");
    expect(reasonOf(verifyUpdateManifest(text, short, keys.publicKeyPem))).toBe("BAD_SIGNATURE");
  });

  it("never throws on an unusable public key or inputs of the wrong type", () => {
    for (const pem of ["", "garbage", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----"]) {
      const result = verifyUpdateManifest(text, signature, pem);
      expect(reasonOf(result)).toBe("BAD_SIGNATURE");
      if (!result.ok) expect(result.message).toMatch(/public key/i);
    }
    expect(reasonOf(verifyUpdateManifest(42 as unknown as string, signature, keys.publicKeyPem))).toBe("MALFORMED");
    expect(reasonOf(verifyUpdateManifest(text, null as unknown as string, keys.publicKeyPem))).toBe("MALFORMED");
    expect(reasonOf(verifyUpdateManifest(text, signature, undefined as unknown as string))).toBe("BAD_SIGNATURE");
  });

  it("checks the signature before the content: a forged malformed manifest is BAD_SIGNATURE", () => {
    expect(reasonOf(verifyUpdateManifest("not json", signature, keys.publicKeyPem))).toBe("BAD_SIGNATURE");
  });
});

describe("verifyUpdateManifest: shape (signed, so only the content is wrong)", () => {
  const file = manifest.files[0];
  it.each<[string, unknown, string]>([
    ["not JSON", "{nope", "not JSON"],
    ["not UTF-8", Buffer.from([0x7b, 0xff, 0x7d]), "not UTF-8"],
    ["an array", [manifest], "manifest must be an object"],
    ["an unknown top-level field", { ...manifest, installAs: "root" }, 'unknown field "installAs"'],
    ["an unknown file field", { ...manifest, files: [{ ...file, mode: "0777" }] }, 'manifest.files[0] has an unknown field "mode"'],
    ["a missing field", { ...manifest, changeLog: undefined }, "manifest.changeLog must be a string"],
    ["a bad update id", { ...manifest, updateId: "42" }, "manifest.updateId must be a UUID"],
    ["an empty version", { ...manifest, version: "" }, "manifest.version must not be empty"],
    ["an unknown type", { ...manifest, type: "patch" }, "manifest.type must be one of major, minor"],
    ["commands that are not strings", { ...manifest, commands: ["ok", 42] }, "manifest.commands must be an array of strings"],
    ["files that are not an array", { ...manifest, files: { backend: file } }, "manifest.files must be an array"],
    ["a file that is not an object", { ...manifest, files: ["backend.zip"] }, "manifest.files[0] must be an object"],
    ["a size as text", { ...manifest, files: [{ ...file, size: "13" }] }, "manifest.files[0].size must be a whole number"],
    ["a negative size", { ...manifest, files: [{ ...file, size: -1 }] }, "manifest.files[0].size must be a whole number"],
    ["a fractional size", { ...manifest, files: [{ ...file, size: 1.5 }] }, "manifest.files[0].size must be a whole number"],
    ["an upper-case hash", { ...manifest, files: [{ ...file, sha256: file?.sha256.toUpperCase() }] }, "manifest.files[0].sha256 must be a lower-case hex SHA-256"],
    ["a short hash", { ...manifest, files: [{ ...file, sha256: "abc" }] }, "manifest.files[0].sha256 must be a lower-case hex SHA-256"],
    ["an empty file name", { ...manifest, files: [{ ...file, name: "" }] }, "manifest.files[0].name must not be empty"],
    ["two files with one name", { ...manifest, files: [file, { ...file, path: "other/backend.zip" }] }, 'two files are named "backend.zip"'],
    ["a bad publishedAt", { ...manifest, publishedAt: "yesterday" }, "manifest.publishedAt must be an ISO-8601 date-time"],
  ])("refuses %s as MALFORMED", (_label, value, message) => {
    const result = signedResult(value);
    expect(result).toMatchObject({ ok: false, reason: "MALFORMED" });
    if (!result.ok) expect(result.message).toContain(message);
  });

  it("refuses a __proto__ field rather than letting it pass as nothing", () => {
    const withProto = text.replace('{"updateId"', '{"__proto__":{"x":1},"updateId"');
    expect(signedReason(withProto)).toBe("MALFORMED");
  });

  it("accepts a manifest without files or commands", () => {
    expect(signedReason({ ...manifest, files: [], commands: [] })).toBe("OK");
  });
});

describe("verifyUpdateManifest: install paths", () => {
  const withPaths = (...paths: string[]) => ({
    ...manifest,
    files: paths.map((path, index) => manifestFile(path, `content ${index}`, `file-${index}`)),
  });

  it.each([
    "../x",
    "a/../../x",
    "a/..",
    "./a",
    "/etc/passwd",
    "C:/Windows/x.dll",
    "C:x",
    "a\\..\\..\\x",
    "file.txt:stream",
    "",
    "a//b",
    "a/",
    ".. ",
    "a/b.",
    "a\u0000b",
    "a\nb",
  ])("refuses %j", (path) => {
    const result = verifyUpdateManifest(JSON.stringify(withPaths(path)), signManifest(JSON.stringify(withPaths(path)), keys.privateKey), keys.publicKeyPem);
    expect(reasonOf(result)).toBe("UNSAFE_PATH");
    if (!result.ok) expect(result.message).toContain("cannot be installed safely");
  });

  it.each([
    ["two files at one path", ["lib/a.js", "lib/a.js"]],
    ["paths that differ only in letter case", ["README.md", "readme.md"]],
    ["a file where another file needs a folder", ["lib", "lib/a.js"]],
    ["a file where a deeper file needs a folder, in either order", ["lib/x/y.js", "LIB/x"]],
  ])("refuses %s", (_label, paths) => {
    expect(signedReason(withPaths(...paths))).toBe("UNSAFE_PATH");
  });

  it("accepts ordinary relative paths", () => {
    expect(signedReason(withPaths("backend.zip", "frontend.zip", "config/app.json", ".env", "a/b/c.d.ts", "données/файл.txt", "lib/a.js", "lib/b.js"))).toBe("OK");
  });

  it("installPathProblem explains each refusal", () => {
    expect(installPathProblem("../x")).toBe('contains a ".." segment');
    expect(installPathProblem("/x")).toBe("is absolute");
    expect(installPathProblem("a\\b")).toMatch(/backslash/);
    expect(installPathProblem("config/app.json")).toBeUndefined();
  });
});

describe("verifySignedManifest (the answer of GET /api/v1/updates/{id}/manifest)", () => {
  const answer = makeManifestAnswer(text, keys.privateKey);

  it("accepts the answer as text, bytes or object, pretty-printed or not", () => {
    expect(verifySignedManifest(JSON.stringify(answer), keys.publicKeyPem)).toEqual({ ok: true, manifest });
    expect(verifySignedManifest(Buffer.from(JSON.stringify(answer, null, 2)), keys.publicKeyPem)).toEqual({ ok: true, manifest });
    expect(verifySignedManifest(answer, keys.publicKeyPem)).toEqual({ ok: true, manifest });
  });

  it("refuses another algorithm, another key and a tampered manifest", () => {
    expect(reasonOf(verifySignedManifest(makeManifestAnswer(text, keys.privateKey, "rsa"), keys.publicKeyPem))).toBe("UNSUPPORTED_ALGORITHM");
    expect(reasonOf(verifySignedManifest(makeManifestAnswer(text, otherKeys.privateKey), keys.publicKeyPem))).toBe("BAD_SIGNATURE");
    const tampered = { ...answer, data: { ...answer.data, manifest: text.replace("2.4.0", "9.9.9") } };
    expect(reasonOf(verifySignedManifest(tampered, keys.publicKeyPem))).toBe("BAD_SIGNATURE");
  });

  it("reports the portal's error envelope and missing parts as MALFORMED", () => {
    const error = verifySignedManifest('{"detail":[{"loc":["token"],"msg":"Licence token expired","type":"error"}]}', keys.publicKeyPem);
    expect(error).toEqual({ ok: false, reason: "MALFORMED", message: expect.stringContaining("Licence token expired") });
    expect(reasonOf(verifySignedManifest({ status: "success" }, keys.publicKeyPem))).toBe("MALFORMED");
    expect(reasonOf(verifySignedManifest({ status: "success", data: { signature: answer.data.signature, alg: "ed25519" } }, keys.publicKeyPem))).toBe(
      "MALFORMED",
    );
    expect(reasonOf(verifySignedManifest({ status: "success", data: { manifest: text, alg: "ed25519" } }, keys.publicKeyPem))).toBe("MALFORMED");
    expect(reasonOf(verifySignedManifest("[]", keys.publicKeyPem))).toBe("MALFORMED");
  });
});
