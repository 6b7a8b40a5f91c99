import { describe, expect, it } from "vitest";
import { operationsOf, type OpenApiDocument } from "./openapi/operations.js";
import { adminToken, createCustomer } from "./test/factories.js";
import { json } from "./test/http.js";
import { useTestApp } from "./test/test-app.js";

const t = useTestApp();

const hostileBodies: { label: string; payload: string; contentType: string }[] = [
  { label: "empty JSON object", payload: "{}", contentType: "application/json" },
  { label: "JSON null", payload: "null", contentType: "application/json" },
  { label: "JSON array", payload: "[1,2,3]", contentType: "application/json" },
  { label: "JSON string", payload: '"text"', contentType: "application/json" },
  { label: "broken JSON", payload: '{"a":', contentType: "application/json" },
  { label: "wrong types", payload: JSON.stringify({ name: 42, price: "free", email: [], code: {}, featureIds: "x", quantity: -Number.MAX_VALUE, durationDays: 1.5 }), contentType: "application/json" },
  { label: "prototype pollution", payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', contentType: "application/json" },
  { label: "long strings", payload: JSON.stringify({ name: "x".repeat(100_000), email: `${"a".repeat(5000)}@x.io`, key: "k".repeat(10_000) }), contentType: "application/json" },
  { label: "form body", payload: "a=1&a=2&name[]=x", contentType: "application/x-www-form-urlencoded" },
];

describe("every route refuses bad input with a 4xx envelope, never a 500", () => {
  it("holds for each documented route, as a customer and as an admin", async () => {
    const document = json<OpenApiDocument>(await t.app.inject({ method: "GET", url: "/api/openapi.json" }));
    const customer = await createCustomer(t);
    const tokens = { customer: customer.token, admin: await adminToken(t.app) };
    const failures: string[] = [];
    let calls = 0;

    for (const { path: template, method: lowerCaseMethod } of operationsOf(document)) {
      // Logging out would end the sessions this test runs on.
      if (template.endsWith("/auth/logout")) continue;
      const method = lowerCaseMethod.toUpperCase();
      for (const idValue of ["5b1e2b56-f886-4e6a-a7f6-92924aea4819", "not-a-uuid", "%00"]) {
        const url = template.replace(/\{[^}]+\}/g, idValue);
        for (const [role, token] of Object.entries(tokens)) {
          const bodies = method === "GET" || method === "DELETE" ? [undefined] : hostileBodies;
          for (const body of bodies) {
            const response = await t.app.inject({
              method: method as "GET",
              url: `${url}?page=-1&pageSize=abc&sort=__proto__&q=${"%".repeat(3)}`,
              headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": body.contentType } : {}) },
              ...(body ? { payload: body.payload } : {}),
            });
            calls++;
            const label = `${role} ${method} ${url} ${body?.label ?? ""}`;
            if (response.statusCode >= 500) failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 200)}`);
            else if (response.statusCode >= 400) {
              const detail = (response.json() as { detail?: unknown }).detail;
              if (!Array.isArray(detail) || detail.length === 0) failures.push(`${label} → ${response.statusCode} without detail`);
              if (/at \w+ \(|node_modules|select .* from/i.test(response.body)) failures.push(`${label} leaks internals`);
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    // The session of the customer still works: nothing above changed who they are.
    const me = await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers: { authorization: `Bearer ${customer.token}` } });
    expect(json<{ data: { isAdmin: boolean } }>(me).data.isAdmin).toBe(false);
  }, 300_000);
});
