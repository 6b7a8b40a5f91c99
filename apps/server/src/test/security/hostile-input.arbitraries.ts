import { randomBytes } from "node:crypto";
import fc from "fast-check";
import type { JsonSchema } from "../../openapi/operations.js";

/**
 * fast-check generators of hostile input, read off the JSON schemas of the OpenAPI document. Each
 * "violation" is something the schema forbids outright, so a request carrying one must be refused
 * whatever else it holds; "hostile text" is valid-looking text that only a careless server would
 * mistake for code.
 */

/** SQL, script, template, path and header injection, and strings that are special to LIKE. */
export const INJECTION_STRINGS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; SELECT pg_sleep(5)",
  "x' UNION SELECT password_hash FROM users --",
  "%' AND 1=1 AND '%'='",
  "%_%\\",
  "\\'; --",
  "$$; select 1; $$",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}",
  "${7*7}",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "\r\nSet-Cookie: injected=1",
  '{"$gt": ""}',
  "__proto__",
  "constructor",
];

/** Unicode a server must store, compare and measure without breaking. */
export const UNICODE_EDGE_CASES = [
  "\uD800", // lone high surrogate
  "x\uDFFFy", // lone low surrogate
  "a\u0000b", // NUL: PostgreSQL text cannot hold it
  "\u0000",
  "\u202Egnp.exe", // right-to-left override
  "e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308", // stacked combining marks
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "\uFEFF\u200B\u200D\u2060", // BOM and zero-width characters
  "\uFFFE\uFFFF\u{10FFFF}",
  "\uFDFA".repeat(20), // one character that NFKD spells as 18
  "\u212A\u0130\u00DF\uFB00", // Kelvin sign, dotted capital I, sharp s, ligature: case folding changes length
  "\u1E9B\u0323",
  "\t\n\r\u000B\u000C\u0085\u2028\u2029",
  "\u001B[31mred\u001B[0m",
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INJECTION_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE_EDGE_CASES) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...INJECTION_STRINGS), fc.constantFrom(...UNICODE_EDGE_CASES))
      .map(([injection, unicode]) => `${injection}${unicode}`),
  },
);

/**
 * Text of at least `atLeast` characters (code points, as JSON Schema's maxLength counts them), now
 * and then up to `hugeLength` (by default megabytes: the body limit is 1 MB).
 */
export function longText(atLeast: number, hugeLength = 5 * 1024 * 1024): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 6, arbitrary: fc.integer({ min: atLeast, max: Math.max(atLeast * 2, atLeast + 64) }) },
      { weight: 1, arbitrary: fc.integer({ min: Math.min(1024 * 1024, hugeLength), max: hugeLength }) },
    )
    .chain((length) => fc.constantFrom("x", "é", "👍", "\uFDFA", "'").map((unit) => unit.repeat(length)));
}

/** A value JSON cannot hold as such, spliced into the serialised body in place of a marker. */
export class RawJson {
  constructor(readonly token: string) {}
}

/** JSON text of the value (`null` for what JSON cannot say at all, e.g. undefined), raw tokens spliced in. */
export function serialiseJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.token);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return item;
  });
  if (text === undefined) return "null";
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_marker, index: string) => raws[Number(index)]!);
}

type JsonType = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";

/** The JSON types a schema accepts, or undefined when it says nothing about them. */
export function acceptedTypes(schema: JsonSchema): Set<JsonType> | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const union = new Set<JsonType>();
    for (const branch of branches) {
      const types = acceptedTypes(branch);
      if (!types) return undefined;
      for (const type of types) union.add(type);
    }
    return union;
  }
  if (schema.type) return new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[]);
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (values) return new Set(values.map((value) => (value === null ? "null" : (typeof value as JsonType))));
  return undefined;
}

const sampleOfType: Record<Exclude<JsonType, "integer">, unknown> = {
  string: "text",
  number: 1.5,
  boolean: true,
  null: null,
  array: ["text"],
  object: { key: "text" },
};

/** Values of every JSON type the schema refuses (numbers count as integers' type). */
export function wrongTypedValues(schema: JsonSchema): unknown[] {
  const accepted = acceptedTypes(schema);
  if (!accepted) return [];
  const acceptsNumber = accepted.has("number") || accepted.has("integer");
  return (Object.keys(sampleOfType) as (keyof typeof sampleOfType)[])
    .filter((type) => !accepted.has(type) && !(type === "number" && acceptsNumber))
    .map((type) => sampleOfType[type]);
}

/** Values of the right type that the schema's own bounds refuse. */
export function outOfBoundsValues(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const types = acceptedTypes(schema);
  const values: fc.Arbitrary<unknown>[] = [];
  if (types?.size !== 1) return values;
  const [type] = types;
  if (type === "string") {
    if (schema.maxLength !== undefined) values.push(longText(schema.maxLength + 1));
    if ((schema.minLength ?? 0) > 0) values.push(fc.constant(""));
    if (schema.enum || schema.const !== undefined) values.push(hostileText.filter((text) => !(schema.enum ?? [schema.const]).includes(text)));
    if (schema.format === "uuid") values.push(fc.constantFrom("not-a-uuid", "5b1e2b56-f886-4e6a-a7f6-92924aea48191", "' OR 1=1 --"));
    if (schema.format === "email") values.push(fc.constantFrom("no-at-sign", "a@", "@b.c", "<script>@x.io"));
  }
  if (type === "number" || type === "integer") {
    values.push(fc.constantFrom(new RawJson("1e999"), new RawJson("-1e999")));
    if (schema.maximum !== undefined) values.push(fc.constantFrom(schema.maximum + 1, 1e308, Number.MAX_VALUE));
    if (schema.minimum !== undefined) values.push(fc.constantFrom(schema.minimum - 1, -1e308, -Number.MAX_VALUE));
    if (type === "integer") values.push(fc.constantFrom(1.5, 2 ** 53 + 0.5, 1e-9));
  }
  if (type === "array") {
    if (schema.maxItems !== undefined) values.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => validSample(schema.items ?? {}))));
    if ((schema.minItems ?? 0) > 0) values.push(fc.constant([]));
    const itemTypes = schema.items ? wrongTypedValues(schema.items) : [];
    if (itemTypes.length) values.push(fc.constantFrom(...itemTypes).map((item) => [item]));
  }
  return values;
}

/** A value the schema should accept: defaults, first enum values, minimal lengths, plausible formats. */
export function validSample(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branch = (schema.anyOf ?? schema.oneOf)?.find((candidate) => !acceptedTypes(candidate)?.has("null"));
  if (branch) return validSample(branch);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries((schema.required ?? []).map((name) => [name, validSample(schema.properties?.[name] ?? {})]));
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => validSample(schema.items ?? {}));
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return true;
    case "null":
      return null;
    case "string":
      if (schema.format === "uuid") return crypto.randomUUID();
      if (schema.format === "email") return `hostile.${randomBytes(4).toString("hex")}@example.com`;
      if (schema.format === "date-time") return new Date().toISOString();
      if (schema.format === "date") return new Date().toISOString().slice(0, 10);
      return "x".repeat(Math.max(schema.minLength ?? 1, 1));
    default:
      return "text";
  }
}

export interface Field {
  path: string[];
  schema: JsonSchema;
  required: boolean;
}

/** The properties of an object schema and of its nested objects, each with its path. */
export function fieldsOf(schema: JsonSchema, prefix: string[] = []): Field[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const field = { path: [...prefix, name], schema: property, required: schema.required?.includes(name) ?? false };
    return property.type === "object" ? [field, ...fieldsOf(property, field.path)] : [field];
  });
}

export function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const child = typeof target[head] === "object" && target[head] !== null ? (target[head] as Record<string, unknown>) : {};
  target[head] = child;
  setAt(child, rest, value);
}

function deleteAt(target: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) delete target[head];
  else if (typeof target[head] === "object" && target[head] !== null) deleteAt(target[head] as Record<string, unknown>, rest);
}

/** Names an attacker would try as an unknown field: privilege, ownership, prototype and query operators. */
const unknownFieldNames = ["isAdmin", "ownerId", "userId", "status", "id", "createdAt", "constructor", "prototype", "$where", "' OR 1=1 --", "\u0000", "x".repeat(5000)];

export interface BodyViolation {
  /** What makes the body one the schema refuses. */
  violation: string;
  body: unknown;
}

/**
 * Exactly `maxLength` characters (code points, as the schemas count) of characters that take two
 * UTF-16 units, from an even or an odd offset: valid, and a trap for code that cuts by `.length`.
 */
export function textAtLimit(maxLength: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom("👍", "\u{10FFFF}", "\u{1D11E}"), fc.boolean())
    .map(([unit, odd]) => (odd ? `a${unit.repeat(maxLength - 1)}` : unit.repeat(maxLength)));
}

/** A body the schema should accept, its free-text fields (no enum, no format) now and then hostile text. */
export function bodyWithHostileText(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const textFields = fieldsOf(schema).filter((field) => acceptedTypes(field.schema)?.has("string") && !field.schema.enum && !field.schema.format);
  const textFor = (field: Field) => (field.schema.maxLength ? fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: textAtLimit(field.schema.maxLength) }) : hostileText);
  return fc.tuple(...textFields.map((field) => fc.option(textFor(field), { freq: 2 }))).map((texts) => {
    const body = structuredClone(validSample(schema)) as Record<string, unknown>;
    texts.forEach((text, index) => {
      if (text !== null) setAt(body, textFields[index]!.path, text);
    });
    return body;
  });
}

/**
 * A body the schema refuses for a stated reason, its other text fields filled with hostile text
 * (which must not change the answer from a refusal to anything else).
 */
export function violatingBody(schema: JsonSchema): fc.Arbitrary<BodyViolation> {
  const fields = fieldsOf(schema);
  const violations: fc.Arbitrary<(body: Record<string, unknown>) => BodyViolation>[] = [
    fc.constantFrom<unknown>(null, [], [{}], "text", 0, true).map((whole) => () => ({ violation: `body is ${JSON.stringify(whole)}`, body: whole })),
  ];
  const typed = fields.filter((field) => wrongTypedValues(field.schema).length > 0);
  if (typed.length) {
    violations.push(
      fc.constantFrom(...typed).chain((field) =>
        fc.constantFrom(...wrongTypedValues(field.schema)).map((value) => (body: Record<string, unknown>) => {
          setAt(body, field.path, value);
          return { violation: `${field.path.join(".")} has the wrong type`, body };
        }),
      ),
    );
  }
  const required = fields.filter((field) => field.required && field.path.length === 1);
  if (required.length) {
    violations.push(
      fc.constantFrom(...required).map((field) => (body: Record<string, unknown>) => {
        deleteAt(body, field.path);
        return { violation: `required ${field.path.join(".")} is missing`, body };
      }),
    );
  }
  if (schema.additionalProperties === false) {
    violations.push(
      fc.tuple(fc.constantFrom(...unknownFieldNames), fc.oneof(hostileText, fc.constant(true), fc.constant({ isAdmin: true }))).map(
        ([name, value]) =>
          (body: Record<string, unknown>) => {
            body[name] = value;
            return { violation: `unknown field ${JSON.stringify(name.slice(0, 20))}`, body };
          },
      ),
    );
  }
  const bounded = fields.flatMap((field) => outOfBoundsValues(field.schema).map((value) => ({ field, value })));
  if (bounded.length) {
    violations.push(
      fc.constantFrom(...bounded).chain(({ field, value }) =>
        value.map((outOfBounds) => (body: Record<string, unknown>) => {
          setAt(body, field.path, outOfBounds);
          return { violation: `${field.path.join(".")} is out of bounds`, body };
        }),
      ),
    );
  }
  return fc.tuple(bodyWithHostileText(schema), fc.oneof(...violations)).map(([body, violate]) => violate(body));
}

/** JSON text that does not parse, or parses to something no JSON parser should be trusted with. */
export const malformedJson: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom<string | Buffer>(
    "",
    " ",
    "{",
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":undefined}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    // A BOM before valid JSON is allowed (RFC 8259 lets parsers ignore it); before broken JSON it is not.
    "\uFEFF{",
    '{"a":1}{"b":2}',
    "[".repeat(100_000),
    `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
    `{"a":"${"\\u".repeat(10)}"}`,
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]), // overlong "/" in UTF-8
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // a surrogate encoded as UTF-8
    Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), // UTF-16 with BOM
  ),
  fc.string({ unit: "binary", maxLength: 200 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

/** Content types a JSON route does not speak, and broken spellings of the one it does. */
export const wrongContentTypes = [
  "text/plain",
  "application/xml",
  "text/html",
  "application/octet-stream",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "application/json; charset=utf-16",
  "application/jsonx",
  "a/b/c",
  "",
  "\u0000",
];

export interface FormPart {
  name: string;
  value: string | Buffer;
  /** A file part when set. */
  filename?: string;
  /** Replaces the part's headers (a broken or missing Content-Disposition). */
  rawHeaders?: string;
}

export interface UploadForm {
  parts: FormPart[];
  /** Names of the parts without which the form must be refused. */
  required: string[];
  /** A part at least this big must be refused (the route's size cap), when it has one. */
  oversize?: { name: string; filename?: string; bytes: number };
  /** A file part whose bytes may be anything: the form is refused whatever it holds. */
  anyContent?: string;
}

export function multipartBody(parts: FormPart[], boundary: string): Buffer {
  const chunks = parts.flatMap((part) => {
    const headers =
      part.rawHeaders ??
      `Content-Disposition: form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"\r\nContent-Type: application/octet-stream`}`;
    return [Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(part.value), Buffer.from("\r\n")];
  });
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

export interface MultipartRequest {
  violation: string;
  contentType: string;
  payload: Buffer;
}

/**
 * A multipart body the route must refuse: cut short, under another boundary or none, without a
 * part it needs, with a part over its cap or with broken part headers — its text parts carrying
 * hostile text.
 */
export function malformedMultipart(form: UploadForm): fc.Arbitrary<MultipartRequest> {
  const boundary = `hostile${randomBytes(6).toString("hex")}`;
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const withHostileText = fc.array(fc.option(hostileText, { freq: 2 }), { minLength: form.parts.length, maxLength: form.parts.length }).map((texts) =>
    form.parts.map((part, index) => (part.filename === undefined && texts[index] !== null && texts[index] !== undefined ? { ...part, value: texts[index] } : part)),
  );
  const complete = (parts: FormPart[]) => multipartBody(parts, boundary);
  const kinds: fc.Arbitrary<MultipartRequest>[] = [
    fc.tuple(withHostileText, fc.double({ min: 0, max: 0.999, noNaN: true })).map(([parts, fraction]) => {
      const body = complete(parts);
      // Never past the start of the closing delimiter: the form stays unfinished.
      const cut = Math.floor(fraction * (body.length - boundary.length - 6));
      return { violation: `cut at byte ${cut} of ${body.length}`, contentType, payload: body.subarray(0, cut) };
    }),
    withHostileText.map((parts) => ({ violation: "another boundary", contentType: "multipart/form-data; boundary=not-the-one-used", payload: complete(parts) })),
    fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=", `multipart/form-data; boundary="${"b".repeat(200)}"`, "multipart/mixed; boundary=x").chain((brokenType) =>
      withHostileText.map((parts) => ({ violation: `content type ${brokenType.slice(0, 40)}`, contentType: brokenType, payload: complete(parts) })),
    ),
    fc.constantFrom("", "garbage", "Content-Disposition: form-data", "Content-Disposition: attachment; name=\"x\"", "Content-Disposition: form-data; name=\"\u0000\"", `Content-Disposition: form-data; name="${"n".repeat(10_000)}"`).chain((rawHeaders) =>
      fc.tuple(fc.constantFrom(...form.required), withHostileText).map(([name, parts]) => ({
        violation: `part ${name} has headers ${JSON.stringify(rawHeaders.slice(0, 40))}`,
        contentType,
        payload: complete(parts.map((part) => (part.name === name ? { ...part, rawHeaders } : part))),
      })),
    ),
    fc.tuple(fc.constantFrom(...form.required), withHostileText).map(([name, parts]) => ({
      violation: `no part ${name}`,
      contentType,
      payload: complete(parts.filter((part) => part.name !== name)),
    })),
  ];
  if (form.oversize) {
    const { name, filename, bytes } = form.oversize;
    kinds.push(
      fc.tuple(fc.integer({ min: bytes, max: bytes + 4096 }), withHostileText).map(([size, parts]) => ({
        violation: `part ${name} of ${size} bytes`,
        contentType,
        payload: complete([...parts.filter((part) => part.name !== name), { name, filename, value: Buffer.alloc(size, 0x61) }]),
      })),
    );
  }
  if (form.anyContent) {
    const name = form.anyContent;
    const content = fc.oneof(
      fc.tuple(hostileText, hostileText).map(([first, second]) => Buffer.from(`${first}\n${second}\n`)),
      fc.tuple(hostileText, hostileText).map(([key, value]) => Buffer.from(`${key}\n${serialiseJson({ version: value, nonce: value, [value]: 1 })}\n`)),
      fc.constantFrom('KEY\n{"version":"\\u0000"}', 'KEY\n{"a\\ud800":1}', "\u0000\n\u0000").map((text) => Buffer.from(text)),
      fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
    );
    kinds.push(
      fc.tuple(content, withHostileText).map(([value, parts]) => ({
        violation: `part ${name} holds ${JSON.stringify(value.toString().slice(0, 60))}`,
        contentType,
        payload: complete(parts.map((part) => (part.name === name ? { ...part, value } : part))),
      })),
    );
  }
  return fc.oneof(...kinds);
}
