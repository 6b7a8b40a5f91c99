import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { errorEnvelopeSchema } from "@portal/contract";
import { generateOpenApiDocument } from "../../openapi/document.js";
import {
  isAdminOperation,
  isPublicOperation,
  operationsOf,
  resolveSchema,
  type DocumentedOperation,
  type JsonSchema,
  type OpenApiDocument,
} from "../../openapi/operations.js";
import { adminToken, createCustomer } from "../factories.js";
import { useTestApp } from "../test-app.js";
import {
  bodyWithHostileText,
  hostileText,
  longText,
  malformedJson,
  malformedMultipart,
  outOfBoundsValues,
  serialiseJson,
  validSample,
  violatingBody,
  wrongContentTypes,
  wrongTypedValues,
  type UploadForm,
} from "./hostile-input.arbitraries.js";
import { dataDirFiles, databaseDigest } from "./hostile-input.state.js";

/**
 * Issue 15, hostile input: every operation of the OpenAPI document is called with input generated
 * from its own schemas to be wrong. Every answer must be a 4xx in the `detail` envelope (a read may
 * also answer 2xx: a search for "' OR 1=1" is a search), never a 5xx or a stack trace, and nothing
 * may change: the digest of every table and the files of DATA_DIR are compared per operation.
 *
 * CI runs a few cases per operation; `HOSTILE_RUNS=500` (bench/hostile-input.mjs) runs many.
 * A failure prints fast-check's seed and path: replay with `HOSTILE_SEED=… HOSTILE_PATH=…`.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);
const replay = process.env.HOSTILE_SEED ? { seed: Number(process.env.HOSTILE_SEED), path: process.env.HOSTILE_PATH } : {};
const UPDATE_MAX_FILE_BYTES = 64 * 1024;
const REQ_FILE_MAX_BYTES = 500 * 1024;
const BODY_LIMIT_BYTES = 1024 * 1024;
/** URLs and headers: a real server stops at 16 KB of headers; 64 KB is already past any field. */
const QUERY_TEXT_MAX = 64 * 1024;

const t = useTestApp({
  // Refusals must come from validation and handlers, not from the limiters (they have tests of their own).
  VALIDATE_RATE_LIMIT_PER_MINUTE: "10000000",
  VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "10000000",
  DEMO_REQUEST_RATE_LIMIT_PER_MINUTE: "100000",
  UPDATE_MAX_FILE_BYTES: String(UPDATE_MAX_FILE_BYTES),
});

const document = JSON.parse(await generateOpenApiDocument()) as OpenApiDocument;
type Caller = "anonymous" | "customer" | "admin";
const tokens: Record<Caller, string | undefined> = { anonymous: undefined, customer: undefined, admin: undefined };

beforeAll(async () => {
  tokens.customer = (await createCustomer(t)).token;
  tokens.admin = await adminToken(t.app);
  // From here on nothing runs in the background: the sign-up's mail would land in DATA_DIR in the
  // middle of some operation's check. A job a refused call queued still shows, in the jobs table.
  await t.app.jobs.stop();
});

/** The upload routes' forms as a browser sends them; each hostile variant breaks one. */
const uploadForms: Record<string, UploadForm> = {
  "POST /api/v1/tickets": {
    parts: [
      { name: "subject", value: "Printer on fire" },
      { name: "type", value: "technical" },
      { name: "priority", value: "low" },
      { name: "message", value: "It is on fire." },
      { name: "attachments", filename: "note.txt", value: "plain text" },
    ],
    required: ["subject", "type", "priority", "message"],
    oversize: { name: "message", bytes: 100_001 },
  },
  // A ticket that does not exist: even a well-formed form is refused, after its files were staged.
  "POST /api/v1/tickets/{id}/messages": {
    parts: [
      { name: "body", value: "A reply" },
      { name: "attachments", filename: "note.txt", value: "plain text" },
    ],
    required: ["body"],
    oversize: { name: "attachments", filename: "big.txt", bytes: 10 * 1024 * 1024 + 1 },
    anyContent: "attachments",
  },
  "POST /api/v1/updates": {
    parts: [
      { name: "backend", filename: "backend.zip", value: Buffer.from("PK\u0005\u0006".padEnd(22, "\u0000"), "latin1") },
      { name: "frontend", filename: "frontend.zip", value: Buffer.from("PK\u0005\u0006".padEnd(22, "\u0000"), "latin1") },
      { name: "extraPaths", value: "config/app.conf" },
      { name: "extras", filename: "app.conf", value: "key=value" },
    ],
    required: ["backend", "frontend"],
    oversize: { name: "backend", filename: "backend.zip", bytes: UPDATE_MAX_FILE_BYTES + 1 },
  },
  "POST /api/v1/req/auth": {
    parts: [{ name: "file", filename: "install.req", value: "NO-SUCH-KEY\n{\"fingerprint\":\"x\"}" }],
    required: ["file"],
    oversize: { name: "file", filename: "install.req", bytes: REQ_FILE_MAX_BYTES + 1 },
    // No licence has the key of a generated file.
    anyContent: "file",
  },
};

interface HostileRequest {
  intent: string;
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const summarise = (request: Omit<HostileRequest, "caller"> & { caller: Caller }) => {
  const payload = request.payload === undefined ? "" : ` body(${request.payload.length}) ${JSON.stringify(request.payload.toString().slice(0, 160))}`;
  return `${request.caller} ${request.method} ${request.url.slice(0, 200)} [${request.intent}] ${JSON.stringify(request.headers).slice(0, 200)}${payload}`;
};

/** fast-check prints counterexamples with this: megabyte payloads stay a line. */
function hostileRequest(request: HostileRequest): HostileRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => summarise(request) });
}

/** Percent-encodes every byte of the UTF-8 form but the unreserved ones (a lone surrogate becomes U+FFFD). */
const percentEncode = (text: string) => [...Buffer.from(text)].map((byte) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)).join("");

const schemaOf = (schema: JsonSchema | undefined) => (schema ? resolveSchema(document, schema) : {});

/** Path parameters: an id nobody holds (the handler's 404), or hostile text in its place. */
function pathOf(operation: DocumentedOperation, hostile: boolean): fc.Arbitrary<{ url: string; note: string }> {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const segment = hostile
    ? fc.oneof(
        fc.oneof(hostileText, longText(101, QUERY_TEXT_MAX), fc.constantFrom("0", "-1", "null", "undefined", ".", "..", "5b1e2b56-f886-4e6a-a7f6-92924aea481")).map(percentEncode),
        // Already encoded: broken escapes, an overlong "/", a UTF-8 surrogate, NUL.
        fc.constantFrom("%", "%zz", "%E0%A4%A", "%C0%AF", "%ED%A0%80", "%00", "a%2F..%2F..%2Fb"),
      )
    : fc.uuid();
  return fc.tuple(...names.map(() => segment)).map((segments) => ({
    url: names.reduce((url, name, index) => url.replace(`{${name}}`, segments[index]!), operation.path),
    note: hostile && names.length ? "hostile path" : "",
  }));
}

/**
 * Query text with one parameter hostile and the others absent or valid (so the hostile value gets
 * past validation to the handler when its schema lets it), or else one parameter it does not know.
 */
function hostileQuery(operation: DocumentedOperation): fc.Arbitrary<string> {
  const parameters = (operation.operation.parameters ?? []).filter((parameter) => parameter.in === "query");
  const hostileValue = (schema: JsonSchema) =>
    fc.oneof(
      { weight: 4, arbitrary: hostileText },
      { weight: 1, arbitrary: longText((schema.maxLength ?? 200) + 1, QUERY_TEXT_MAX) },
      { weight: 2, arbitrary: fc.constantFrom("", "0", "-1", "1.5", "1e999", "NaN", "Infinity", "99999999999999999999999", "true", "[]", "{}", "%00") },
      ...outOfBoundsValues(schema).map((value) => ({ weight: 1, arbitrary: value.map((item) => serialiseJson(item).replace(/^"|"$/g, "")) })),
    );
  const asText = (value: unknown) => (typeof value === "string" ? value : serialiseJson(value));
  const others = parameters.map((parameter) =>
    fc.option(fc.constant(asText(validSample(schemaOf(parameter.schema)))), { freq: 3 }),
  );
  // Free text (a search) gets past validation to the SQL, so it is the target twice as often.
  const freeText = parameters.flatMap((parameter, index) => (schemaOf(parameter.schema).type === "string" && !schemaOf(parameter.schema).enum ? [index] : []));
  const target = fc.constantFrom(...parameters.map((_parameter, index) => index), ...freeText, ...freeText, parameters.length);
  const unknownParameter = fc.tuple(fc.constantFrom("__proto__", "constructor", "isAdmin", "page[]", "q[$ne]", "userId"), hostileText);
  return fc
    .tuple(target, fc.tuple(...others), fc.tuple(...parameters.map((parameter) => hostileValue(schemaOf(parameter.schema)))), unknownParameter)
    .map(([target, valid, hostile, unknown]) => {
      const search = new URLSearchParams();
      parameters.forEach((parameter, index) => {
        const value = index === target ? hostile[index] : valid[index];
        if (value !== null && value !== undefined) search.append(parameter.name, value);
      });
      if (target === parameters.length) search.append(...unknown);
      const text = search.toString();
      return text ? `?${text}` : "";
    });
}

/** A query the schema refuses outright (a value out of its type, bounds or list). */
function violatingQuery(operation: DocumentedOperation): fc.Arbitrary<string> | undefined {
  const violations = (operation.operation.parameters ?? [])
    .filter((parameter) => parameter.in === "query")
    .flatMap((parameter) => {
      const schema = schemaOf(parameter.schema);
      const typeViolations = wrongTypedValues(schema).length && !schema.type?.includes("string") ? [fc.constantFrom("abc", "1x", "")] : [];
      return [...outOfBoundsValues(schema), ...typeViolations].map((value) =>
        value.map((item) => `?${new URLSearchParams({ [parameter.name]: typeof item === "string" ? item : serialiseJson(item).replace(/^"|"$/g, "") }).toString()}`),
      );
    });
  return violations.length ? fc.oneof(...violations) : undefined;
}

/** A request body of the operation and a reason it must be refused. */
function violatingRequestBody(operation: DocumentedOperation): fc.Arbitrary<{ intent: string; headers: Record<string, string>; payload: string | Buffer }>[] {
  const jsonSchema = operation.operation.requestBody?.content["application/json"]?.schema;
  const garbage = fc.oneof(malformedJson, fc.anything().map(serialiseJson));
  if (!jsonSchema) {
    // No body is read: anything sent along is ignored, and the path makes the call fail.
    return [garbage.map((payload) => ({ intent: "ignored body", headers: { "content-type": "application/json" }, payload }))];
  }
  const body = violatingBody(schemaOf(jsonSchema));
  return [
    body.map(({ violation, body: value }) => ({ intent: violation, headers: { "content-type": "application/json" }, payload: serialiseJson(value) })),
    malformedJson.map((payload) => ({ intent: "malformed JSON", headers: { "content-type": "application/json" }, payload })),
    fc.tuple(fc.constantFrom(...wrongContentTypes), body).map(([contentType, { violation, body: value }]) => ({
      intent: `content type ${JSON.stringify(contentType)}, ${violation}`,
      headers: { "content-type": contentType },
      payload: serialiseJson(value),
    })),
    fc.integer({ min: BODY_LIMIT_BYTES + 1, max: BODY_LIMIT_BYTES + 64 * 1024 }).map((size) => ({
      intent: `body of ${size} bytes`,
      headers: { "content-type": "application/json" },
      payload: serialiseJson({ padding: "x".repeat(size) }),
    })),
  ];
}

const isRead = (operation: DocumentedOperation) => operation.method === "get";
/** An event stream stays open while its client listens: only refusals are sent to it. */
const isStream = (operation: DocumentedOperation) => Boolean(operation.operation.responses["200"]?.content?.["text/event-stream"]);
const takesLicenseToken = (operation: DocumentedOperation) => operation.operation.security?.some((scheme) => "licenseToken" in scheme) ?? false;

function callersOf(operation: DocumentedOperation): Caller[] {
  if (isPublicOperation(operation.operation)) return ["anonymous"];
  if (isAdminOperation(operation.operation)) return ["admin"];
  return ["customer", "admin"];
}

/** Hostile requests for one operation; `mustRefuse` when a 2xx would mean a change. */
function hostileRequests(operation: DocumentedOperation): { requests: fc.Arbitrary<HostileRequest>; mustRefuse: boolean } {
  const method = operation.method.toUpperCase();
  const caller = fc.constantFrom(...callersOf(operation));
  const hasPath = operation.path.includes("{");
  const licenseHeader = takesLicenseToken(operation)
    ? // A header holds printable ASCII only: anything else is replaced, as no HTTP client could send it.
      fc.option(fc.oneof(hostileText, longText(10_000, QUERY_TEXT_MAX)).map((token) => ({ "x-license-token": token.replace(/[^\x20-\x7E]/g, "?") })), { nil: {} })
    : fc.constant({});
  const build = (parts: { intent: string; url: string; headers?: Record<string, string>; payload?: string | Buffer }) =>
    fc.tuple(caller, licenseHeader).map(([who, license]) => hostileRequest({ caller: who, method, ...parts, headers: { ...license, ...parts.headers } }));

  if (isRead(operation) && !isStream(operation)) {
    const requests = fc
      .tuple(fc.nat(2).map((draw) => draw === 0), hostileQuery(operation))
      .chain(([hostilePath, query]) => pathOf(operation, hostilePath).chain(({ url, note }) => build({ intent: `hostile query ${note}`, url: `${url}${query}` })));
    return { requests, mustRefuse: false };
  }

  const kinds: fc.Arbitrary<HostileRequest>[] = [];
  if (isStream(operation)) {
    const query = violatingQuery(operation);
    if (query) kinds.push(fc.tuple(pathOf(operation, false), query).chain(([{ url }, search]) => build({ intent: "refused query", url: `${url}${search}` })));
  } else {
    for (const body of violatingRequestBody(operation)) {
      kinds.push(fc.tuple(pathOf(operation, false), body).chain(([{ url }, request]) => build({ ...request, url })));
    }
    if (hasPath) {
      // Wrong ids with a body that is otherwise fine: refused by the path, whatever the body says.
      const jsonSchema = operation.operation.requestBody?.content["application/json"]?.schema;
      const sample = jsonSchema ? serialiseJson(validSample(schemaOf(jsonSchema))) : undefined;
      kinds.push(
        fc.boolean().chain((hostile) =>
          pathOf(operation, hostile).chain(({ url, note }) =>
            build({ intent: note || "unknown id", url, ...(sample ? { payload: sample, headers: { "content-type": "application/json" } } : {}) }),
          ),
        ),
      );
    }
    const form = uploadForms[`${method} ${operation.path}`];
    if (form) {
      kinds.push(
        fc.tuple(pathOf(operation, false), malformedMultipart(form)).chain(([{ url }, multipart]) =>
          build({ intent: multipart.violation, url, headers: { "content-type": multipart.contentType }, payload: multipart.payload }),
        ),
      );
    }
  }
  return { requests: fc.oneof(...kinds), mustRefuse: true };
}

/**
 * Writes that accept valid input, without an id in their path: here the hostile text goes into a
 * body that is otherwise valid, so it reaches the service and the database. Stored or refused are
 * both right, a 5xx never; these calls change the database, so no digest is compared for them.
 */
const acceptingWrites = operationsOf(document).filter(
  ({ method, path, operation }) => method !== "get" && !path.includes("{") && operation.requestBody?.content["application/json"],
);

function send(request: HostileRequest): Promise<LightMyRequestResponse> {
  const token = tokens[request.caller];
  return t.app.inject({
    method: request.method as "GET",
    url: request.url,
    headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/** Stack frames, file names and database errors; not SQL as such, which a refusal may echo from the input. */
const leaksInternals = /\bat [\w.<>]+ \(|node_modules|\.[jt]s:\d+|Failed query|syntax error at|invalid input syntax|invalid byte sequence|violates .*constraint/i;

/** Why an answer breaks the rules, or undefined when it keeps them. */
function problemWith(response: LightMyRequestResponse, mustRefuse: boolean, redirects = false): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  // A read documented as a redirect (single sign-on's callback: a browser lands there) refuses by
  // sending the browser to a page of this site that says why.
  if (redirects && !mustRefuse && status === 302) {
    const location = String(response.headers.location ?? "");
    return location.startsWith("/") && !location.startsWith("//") ? undefined : `redirected off the site: ${location}`;
  }
  const refused = status >= 400 && status < 500;
  if (!refused && (mustRefuse || status >= 300)) return `answered ${status}, expected a refusal`;
  if (!refused) return undefined;
  if (leaksInternals.test(response.body)) return `leaks internals: ${response.body.slice(0, 300)}`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `answered ${status} without JSON: ${response.body.slice(0, 200)}`;
  }
  const envelope = errorEnvelopeSchema.strict().safeParse(body);
  if (!envelope.success || envelope.data.detail.length === 0) return `answered ${status} outside the detail envelope: ${response.body.slice(0, 300)}`;
  return undefined;
}

const operations = operationsOf(document).filter(
  // Logging out ends the session the other calls use, and takes no input to be hostile with.
  ({ operation }) => operation.operationId !== "logout" && Boolean(operation.requestBody || operation.parameters?.length || takesLicenseToken({ operation } as DocumentedOperation)),
);
const uploadOperations = operationsOf(document).filter(({ method, path }) => uploadForms[`${method.toUpperCase()} ${path}`]);

describe("hostile input generated from the OpenAPI schemas", () => {
  it("covers every operation that takes input, and every upload route", () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(uploadOperations.map(({ label }) => label).sort()).toEqual(Object.keys(uploadForms).sort());
  });

  it("answers a path parameter past the router's length limit and broken percent-encoding with 422 in the envelope", async () => {
    // Both were Fastify's own 414/400 bodies, outside the envelope, before any hook ran.
    for (const url of [`/api/v1/tickets/${"x".repeat(101)}`, "/api/v1/tickets/%E0%A4%A"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${tokens.customer}` } });
      expect(response.statusCode, url).toBe(422);
      expect(response.json()).toEqual({ detail: [{ loc: ["path"], msg: expect.any(String), type: "error" }] });
    }
  });

  it("refuses NUL and unpaired surrogates on their field with 422, in bodies, nested fields and queries", async () => {
    // All three reached PostgreSQL and answered 500 (text cannot hold NUL, jsonb refuses a lone surrogate).
    const cases = [
      { method: "POST", url: "/api/v1/projects", payload: { name: "a\u0000b" }, loc: ["body", "name"] },
      { method: "POST", url: "/api/v1/projects", payload: { name: "x\uD800y" }, loc: ["body", "name"] },
      { method: "PUT", url: "/api/v1/notification-settings", payload: { channels: { billing: { "\uDC00": true } } }, loc: ["body", "channels", "billing", "\uDC00"] },
      { method: "GET", url: "/api/v1/features?q=a%00b", loc: ["query", "q"] },
    ] as const;
    for (const { loc, ...request } of cases) {
      const response = await t.app.inject({ ...request, headers: { authorization: `Bearer ${tokens.customer}` } });
      expect(response.statusCode, request.url).toBe(422);
      expect(response.json()).toEqual({ detail: [{ loc, msg: "Text cannot contain NUL characters or unpaired surrogates", type: "error" }] });
    }
  });

  it("cuts text for the audit log and notifications without splitting an emoji's surrogate pair", async () => {
    // 201 characters pass the 254-character limit; cutting at 254 UTF-16 units split the last emoji
    // and left a lone surrogate that the audit event's jsonb refused: a 500 instead of a 401.
    const username = `a${"👍".repeat(200)}`;
    const response = await t.app.inject({ method: "POST", url: "/api/v1/auth/token", payload: { username, password: "wrong-password" } });
    expect(response.statusCode).toBe(401);
    // The same with a ticket's message, cut to 500 characters for its notifications.
    const ticket = await t.app.inject({
      method: "POST",
      url: "/api/v1/tickets",
      headers: { authorization: `Bearer ${tokens.customer}` },
      payload: { subject: "Emoji", type: "technical", priority: "low", message: "👍".repeat(600) },
    });
    expect(ticket.statusCode).toBe(201);
  });

  describe.each(operations.map((operation) => [operation.label, operation] as const))("%s", (_label, operation) => {
    const { requests, mustRefuse } = hostileRequests(operation);

    it(`answers every hostile request with ${mustRefuse ? "a 4xx" : "a 2xx or a 4xx"} in the detail envelope and changes nothing`, async () => {
      const digestBefore = await databaseDigest(t);
      const filesBefore = await dataDirFiles(t);
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const problem = problemWith(await send(request), mustRefuse, Boolean(operation.operation.responses["302"]));
          if (problem) throw new Error(problem);
        }),
        { numRuns: RUNS, ...replay },
      );
      expect(await databaseDigest(t), "a table changed").toEqual(digestBefore);
      expect(await dataDirFiles(t), "DATA_DIR changed").toEqual(filesBefore);
    });
  });

  // Last: these change the database, and registrations queue mail that lands in DATA_DIR later.
  describe.each(acceptingWrites.map((operation) => [operation.label, operation] as const))("%s with a valid body holding hostile text", (_label, operation) => {
    const jsonSchema = operation.operation.requestBody!.content["application/json"]!.schema;
    const requests = fc
      .tuple(fc.constantFrom(...callersOf(operation)), bodyWithHostileText(schemaOf(jsonSchema)))
      .map(([caller, body]) =>
        hostileRequest({ intent: "valid body, hostile text", caller, method: operation.method.toUpperCase(), url: operation.path, headers: { "content-type": "application/json" }, payload: serialiseJson(body) }),
      );

    it("stores it or refuses it in the detail envelope, never a 5xx", async () => {
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const problem = problemWith(await send(request), false);
          if (problem) throw new Error(problem);
        }),
        { numRuns: RUNS, ...replay },
      );
    });
  });
});
