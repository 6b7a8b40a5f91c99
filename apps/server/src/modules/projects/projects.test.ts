import { describe, expect, it } from "vitest";
import type { Page, Project } from "@portal/contract";
import { createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";

const t = useTestApp();

describe("projects", () => {
  it("creates, lists, renames and deletes my projects", async () => {
    const customer = await createCustomer(t);
    const created = await call(t.app, { method: "POST", url: "/api/v1/projects", token: customer.token, payload: { name: "Head office", description: "HQ" } });
    expect(created.statusCode).toBe(201);
    const project = json<{ data: Project }>(created).data;
    expect(project).toMatchObject({ name: "Head office", description: "HQ" });

    await call(t.app, { method: "POST", url: "/api/v1/projects", token: customer.token, payload: { name: "Branch" } });
    const listed = json<{ data: Page<Project> }>(await call(t.app, { method: "GET", url: "/api/v1/projects?sort=name&order=asc", token: customer.token })).data;
    expect(listed.items.map((item) => item.name)).toEqual(["Branch", "Head office"]);

    const renamed = await call(t.app, { method: "PUT", url: `/api/v1/projects/${project.id}`, token: customer.token, payload: { name: "Headquarters" } });
    expect(json<{ data: Project }>(renamed).data).toMatchObject({ name: "Headquarters", description: "HQ" });

    const clash = await call(t.app, { method: "POST", url: "/api/v1/projects", token: customer.token, payload: { name: "branch" } });
    expect(clash.statusCode).toBe(409);
    expect(firstError(clash).loc).toEqual(["project/name_taken"]);

    expect((await call(t.app, { method: "DELETE", url: `/api/v1/projects/${project.id}`, token: customer.token })).statusCode).toBe(200);
    expect((await call(t.app, { method: "GET", url: `/api/v1/projects/${project.id}`, token: customer.token })).statusCode).toBe(404);
  });

  it("never shows or changes another customer's project: 404", async () => {
    const owner = await createCustomer(t);
    const stranger = await createCustomer(t);
    const project = json<{ data: Project }>(
      await call(t.app, { method: "POST", url: "/api/v1/projects", token: owner.token, payload: { name: "Private" } }),
    ).data;
    for (const [method, payload] of [["GET", undefined], ["PUT", { name: "Mine now" }], ["DELETE", undefined]] as const) {
      const response = await call(t.app, { method, url: `/api/v1/projects/${project.id}`, token: stranger.token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, method).toBe(404);
    }
    const strangerList = json<{ data: Page<Project> }>(await call(t.app, { method: "GET", url: "/api/v1/projects", token: stranger.token })).data;
    expect(strangerList.total).toBe(0);
    // The same name is free for somebody else.
    expect((await call(t.app, { method: "POST", url: "/api/v1/projects", token: stranger.token, payload: { name: "Private" } })).statusCode).toBe(201);
  });

  it("refuses a project without a name", async () => {
    const customer = await createCustomer(t);
    const response = await call(t.app, { method: "POST", url: "/api/v1/projects", token: customer.token, payload: { name: "  " } });
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toMatchObject({ loc: ["body", "name"], msg: "Name field is required" });
  });
});
