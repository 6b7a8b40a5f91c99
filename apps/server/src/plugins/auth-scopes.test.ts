import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { authPlugin } from "./auth.js";

/** A bare app with the auth plugin: declaring routes is enough, nothing is called. */
async function declaring(register: (app: ReturnType<typeof Fastify>) => void): Promise<void> {
  const app = Fastify();
  await app.register(async (api) => {
    await api.register(authPlugin);
    register(api as unknown as ReturnType<typeof Fastify>);
  });
  try {
    await app.ready();
  } finally {
    await app.close();
  }
}

describe("route token scopes", () => {
  it("refuses to start with a non-public route that declares no scope", async () => {
    await expect(declaring((app) => app.get("/forgotten", async () => "x"))).rejects.toThrow(/GET \/forgotten: declare the API token scope/);
    await expect(declaring((app) => app.post("/admin-thing", { config: { access: "admin" } }, async () => "x"))).rejects.toThrow(/declare the API token scope/);
  });

  it("refuses an unknown scope, an admin-only scope on a customer route and a scope on a public route", async () => {
    await expect(declaring((app) => app.get("/odd", { config: { scope: "everything" as never } }, async () => "x"))).rejects.toThrow(/unknown API token scope/);
    await expect(declaring((app) => app.get("/log", { config: { scope: "audit:read" } }, async () => "x"))).rejects.toThrow(/admin-only scope "audit:read"/);
    await expect(declaring((app) => app.get("/open", { config: { access: "public", scope: "read" } }, async () => "x"))).rejects.toThrow(/public route needs no token scope/);
  });

  it("starts with every route declared", async () => {
    await expect(
      declaring((app) => {
        app.get("/open", { config: { access: "public" } }, async () => "x");
        app.get("/mine", { config: { scope: "read" } }, async () => "x");
        app.get("/log", { config: { access: "admin", scope: "audit:read" } }, async () => "x");
        app.post("/password", { config: { scope: "none" } }, async () => "x");
      }),
    ).resolves.toBeUndefined();
  });
});
