import { request as httpRequest } from "node:http";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { apiTokenScopes, isAdminOnlyScope, type ApiTokenScope } from "@portal/contract";
import { createApiTokenFor } from "../factories.js";
import { useTestApp } from "../test-app.js";
import { callOperation, fillPath, operationsOf, pathParameters, type OpenApiDocument, type OperationCall, type OperationEntry } from "../openapi-operations.js";
import { authorisationMatrix, type Caller, type MatrixRow } from "./authorisation-matrix.js";
import { buildWorld, type World } from "./authorisation-world.js";

// The matrix signs up, recovers passwords and asks for demos many times from one address.
// Webhook endpoints here point at a closed port of 127.0.0.1 (a test event is really sent): the only address tests send to.
const t = useTestApp({ DEMO_REQUEST_RATE_LIMIT_PER_MINUTE: "100000", VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "100000", WEBHOOK_ALLOW_HTTP: "1", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" });
const callers: Caller[] = ["anonymous", "otherCustomer", "customer", "admin"];

let operations: OperationEntry[];
// One world for the session callers and the token column: building it is most of the file's time.
let world: Promise<World> | undefined;
const worldOnce = () => (world ??= buildWorld(t));
beforeAll(async () => {
  const served = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  operations = operationsOf(served.json<OpenApiDocument>());
});

function tokenOf(world: World, caller: Caller): string | undefined {
  return { anonymous: undefined, otherCustomer: world.other.token, customer: world.owner.token, admin: world.admin }[caller];
}

/** An endless answer (an event stream) on a real socket: its status, then the connection is dropped. */
async function streamStatus(app: FastifyInstance, entry: OperationEntry, call: OperationCall & { token?: string }): Promise<{ statusCode: number; body: string }> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening on TCP");
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port: address.port, method: entry.method.toUpperCase(), path: fillPath(entry.path, call.params ?? {}), headers: { ...call.headers, ...(call.token ? { authorization: `Bearer ${call.token}` } : {}) } },
      (response) => {
        resolve({ statusCode: response.statusCode ?? 0, body: "" });
        response.destroy();
      },
    );
    outgoing.on("error", (error) => (outgoing.destroyed ? undefined : reject(error)));
    outgoing.end();
  });
}

async function callCell(world: World, entry: OperationEntry, row: MatrixRow, caller: Caller) {
  const built = (await row.request?.(world, caller)) ?? {};
  const token = caller === "anonymous" ? undefined : (built.token ?? tokenOf(world, caller));
  const call = { ...built, token };
  return row.stream ? streamStatus(t.app, entry, call) : callOperation(t.app, entry, call);
}

describe("the authorisation matrix", () => {
  it("has one row for every operation of the served document and none for anything else", () => {
    const labels = operations.map((entry) => entry.label);
    const declared = Object.keys(authorisationMatrix);
    expect(labels.filter((label) => !declared.includes(label)), "operations without a row in authorisation-matrix.ts").toEqual([]);
    expect(declared.filter((label) => !labels.includes(label)), "rows without an operation").toEqual([]);
    expect(labels.length).toBeGreaterThan(100);
  });

  it("declares the other customer's cell exactly where a path names a resource, and only documented statuses", () => {
    const problems: string[] = [];
    for (const { label, path, operation } of operations) {
      const row = authorisationMatrix[label];
      if (!row) continue;
      const namesResource = pathParameters(path).length > 0;
      if (namesResource && row.otherCustomer === undefined) problems.push(`${label}: no otherCustomer cell`);
      for (const caller of callers) {
        const expected = row[caller];
        if (expected !== undefined && !operation.responses[String(expected)]) problems.push(`${label}: ${caller} expects ${expected}, which the document does not list`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("answers every caller of every operation as the matrix declares", async () => {
    const world = await worldOnce();
    const mismatches: string[] = [];
    for (const entry of operations) {
      const row = authorisationMatrix[entry.label];
      if (!row) continue;
      for (const caller of callers) {
        const expected = row[caller];
        if (expected === undefined) continue;
        const response = await callCell(world, entry, row, caller);
        if (response.statusCode !== expected) mismatches.push(`${caller} ${entry.label}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("publishes the token scope of every operation that needs a login, beside its session security", () => {
    const problems: string[] = [];
    for (const { label, operation } of operations) {
      const scope = operation["x-token-scope"];
      const fromSecurity = operation.security?.flatMap((requirement) => (requirement.apiToken as string[] | undefined) ?? []) ?? [];
      if (operation.security?.length === 0) {
        if (scope !== undefined) problems.push(`${label}: public, yet declares the token scope ${scope}`);
        continue;
      }
      if (scope === undefined) problems.push(`${label}: no x-token-scope`);
      // The licence token alone (an installer's list of updates): no bearer token of any kind says which licence asks.
      const takesBearer = operation.security?.some((requirement) => "bearer" in requirement) ?? true;
      if (takesBearer && (scope === "none" ? fromSecurity.length !== 0 : fromSecurity.join() !== scope)) problems.push(`${label}: security names ${fromSecurity.join()} but x-token-scope is ${scope}`);
      if (!operation.responses["403"]?.description.includes("token/insufficient_scope")) problems.push(`${label}: 403 token/insufficient_scope not documented`);
    }
    expect(problems).toEqual([]);
  });

  /**
   * The token column: every operation × every scope, with a token holding only that scope — customer B's
   * for the customer scopes, the administrator's for the admin-only ones. The scope the operation needs
   * is read from the document. Where it matches, the token answers what the owner's session answers
   * (the matrix's own cell, with the same request); otherwise 403 token/insufficient_scope, refused in
   * onRequest before anything is looked up, so those calls carry any id. A public operation needs no
   * scope: a token answers there what the owner's session does (called with one token of each owner, as
   * the scope is never read there). A licence token beside an API token
   * speaks for the call by itself (updates' downloads), so a call carrying one answers as the session does.
   */
  it("answers every operation through a token of every scope as the document declares", async () => {
    const world = await worldOnce();
    const tokens = new Map<ApiTokenScope, { secret: string; caller: Caller }>();
    for (const scope of apiTokenScopes) {
      const caller: Caller = isAdminOnlyScope(scope) ? "admin" : "customer";
      const created = await createApiTokenFor(t.app, caller === "admin" ? world.admin : world.owner.token, [scope], { name: `Matrix ${scope}` });
      tokens.set(scope, { secret: created.secret, caller });
    }
    const anyId = "00000000-0000-4000-8000-000000000000";
    const mismatches: string[] = [];
    for (const entry of operations) {
      const row = authorisationMatrix[entry.label];
      if (!row) continue;
      const needed = entry.operation["x-token-scope"];
      const carriesLicenseToken = entry.operation.security?.some((requirement) => "licenseToken" in requirement) ?? false;
      const seenOwners = new Set<Caller>();
      for (const [scope, { secret, caller }] of tokens) {
        // A public operation never looks at the scope: one token of each owner says what tokens do there.
        if (needed === undefined && seenOwners.has(caller)) continue;
        seenOwners.add(caller);
        const matches = needed === undefined || needed === scope;
        const built = matches || carriesLicenseToken ? ((await row.request?.(world, caller)) ?? {}) : { params: Object.fromEntries(pathParameters(entry.path).map((name) => [name, anyId])) };
        if (built.token) throw new Error(`${entry.label}: a row that needs its own session cannot be called through a token`);
        const answersAsSession = matches || built.headers?.["x-license-token"] !== undefined;
        const expected = answersAsSession ? row[caller] : 403;
        const call = { ...built, token: secret };
        const response = row.stream && answersAsSession ? await streamStatus(t.app, entry, call) : await callOperation(t.app, entry, call);
        const cell = `${scope} (${caller}'s token) ${entry.label}`;
        if (response.statusCode !== expected) mismatches.push(`${cell}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`);
        else if (!answersAsSession && !response.body.includes("token/insufficient_scope")) mismatches.push(`${cell}: refused without token/insufficient_scope: ${response.body.slice(0, 160)}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});
