import { request as httpRequest } from "node:http";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../test-app.js";
import { callOperation, fillPath, operationsOf, pathParameters, type OpenApiDocument, type OperationCall, type OperationEntry } from "../openapi-operations.js";
import { authorisationMatrix, type Caller, type MatrixRow } from "./authorisation-matrix.js";
import { buildWorld, type World } from "./authorisation-world.js";

// The matrix signs up, recovers passwords and asks for demos many times from one address.
// Webhook endpoints here point at a closed port of 127.0.0.1 (a test event is really sent): the only address tests send to.
const t = useTestApp({ DEMO_REQUEST_RATE_LIMIT_PER_MINUTE: "100000", VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "100000", WEBHOOK_ALLOW_HTTP: "1", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" });
const callers: Caller[] = ["anonymous", "otherCustomer", "customer", "admin"];

let operations: OperationEntry[];
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
    const world = await buildWorld(t);
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
});
