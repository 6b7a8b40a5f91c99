import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { adminToken, createCustomer } from "../test/factories.js";
import { useTestApp } from "../test/test-app.js";
import { callOperation, pathParameters } from "../test/openapi-operations.js";
import { COMMITTED_DOCUMENT, formatOpenApiDocument, generateOpenApiDocument } from "./document.js";
import { isPublicOperation, operationsOf, type OpenApiDocument } from "./operations.js";

const t = useTestApp();
const committedPath = fileURLToPath(new URL(`../../../../${COMMITTED_DOCUMENT}`, import.meta.url));

describe("the OpenAPI document", () => {
  it("is committed as docs/openapi.json exactly as the code generates it", async () => {
    const generated = await generateOpenApiDocument();
    const committed = await readFile(committedPath, "utf8").catch(() => "");
    expect(committed === generated, `${COMMITTED_DOCUMENT} is out of date: run \`npm run openapi\` and commit the result`).toBe(true);
    // The running server serves the same document, whatever its configuration.
    const served = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(formatOpenApiDocument(served.json()) === generated, "the served document differs from the generated one").toBe(true);
  });

  it("passes a standard OpenAPI 3.1 validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(await generateOpenApiDocument()));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("names, summarises and tags every operation and documents its refusals with the error envelope", async () => {
    const document = JSON.parse(await generateOpenApiDocument()) as OpenApiDocument;
    expect(document.servers).toEqual([expect.objectContaining({ url: "/" })]);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);

    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);

    const problems: string[] = [];
    for (const { label, operation } of operations) {
      if (!operation.operationId || !/^[a-z][A-Za-z]+$/.test(operation.operationId)) problems.push(`${label}: operationId`);
      if (!operation.summary || operation.summary.length < 8) problems.push(`${label}: summary`);
      if (!operation.tags?.length) problems.push(`${label}: tags`);
      const refusals = Object.entries(operation.responses).filter(([status]) => status.startsWith("4"));
      const isPublic = isPublicOperation(operation);
      // Only a public operation without input (health, the public key) has nothing to refuse.
      const takesInput = Boolean(operation.requestBody || operation.parameters?.length);
      if (refusals.length === 0 && (!isPublic || takesInput)) problems.push(`${label}: no 4xx answer`);
      if (!isPublic && !operation.responses["401"]) problems.push(`${label}: needs a login but documents no 401`);
      if (operation.requestBody && !operation.responses["422"]) problems.push(`${label}: takes a body but documents no 422`);
      for (const [status, answer] of refusals) {
        if (answer.content?.["application/json"]?.schema?.$ref !== "#/components/schemas/ErrorEnvelope") problems.push(`${label}: ${status} is not an ErrorEnvelope`);
        if (!answer.description.includes("`")) problems.push(`${label}: ${status} names no error`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("documents every status an operation answers to anonymous callers, customers and admins", async () => {
    const document = JSON.parse(await generateOpenApiDocument()) as OpenApiDocument;
    const customer = await createCustomer(t);
    const callers: Record<string, string | undefined> = { anonymous: undefined, customer: customer.token, admin: await adminToken(t.app) };
    const undocumented: string[] = [];
    for (const { path, method, operation, label } of operationsOf(document)) {
      // Logging out would end the sessions this test calls with.
      if (operation.operationId === "logout") continue;
      const params = Object.fromEntries(pathParameters(path).map((name) => [name, "5b1e2b56-f886-4e6a-a7f6-92924aea4819"]));
      for (const [caller, token] of Object.entries(callers)) {
        // An admin's live stream stays open until the client leaves; its own tests cover its answers.
        if (caller === "admin" && operation.responses["200"]?.content?.["text/event-stream"]) continue;
        const response = await callOperation(t.app, { method, path }, { params, token, ...(operation.requestBody ? { payload: {} } : {}) });
        const documented = operation.responses[String(response.statusCode)];
        if (response.statusCode < 500 && !documented) {
          undocumented.push(`${caller} ${label} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
        // And under the content type it is served with.
        const served = String(response.headers["content-type"] ?? "");
        if (documented?.content && served && !Object.keys(documented.content).some((type) => type.split(";")[0] === served.split(";")[0])) {
          undocumented.push(`${caller} ${label} → ${response.statusCode} as ${served}, documented as ${Object.keys(documented.content).join(", ")}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  }, 120_000);

  it("declares downloads under the content types they are served with, not application/octet-stream for all", async () => {
    const document = JSON.parse(await generateOpenApiDocument()) as OpenApiDocument;
    const served = (operationId: string) =>
      operationsOf(document)
        .filter(({ operation }) => operation.operationId === operationId)
        .map(({ operation }) => Object.keys(operation.responses["200"]?.content ?? {}))[0];
    expect(served("downloadUpdatePackage")).toEqual(["application/zip"]);
    expect(served("downloadUpdateFile")).toEqual(["application/zip", "application/octet-stream"]);
    expect(served("downloadTicketAttachment")).toEqual(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "text/plain; charset=utf-8", "application/zip"]);
    expect(served("downloadLicenseFile")).toEqual(["text/plain"]);
  });
});
