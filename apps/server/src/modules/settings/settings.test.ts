import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defaultUserSettings, type UserSettings } from "@portal/contract";
import { auditEvents, userSettings } from "../../db/schema/index.js";
import { rowCounts } from "../../test/database.js";
import { createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";

const t = useTestApp();
const url = "/api/v1/settings";

async function read(token: string): Promise<UserSettings> {
  const response = await call(t.app, { method: "GET", url, token });
  expect(response.statusCode).toBe(200);
  return json<{ data: UserSettings }>(response).data;
}

describe("user settings", () => {
  it("answers the defaults to a user who never saved any, without storing a row", async () => {
    const customer = await createCustomer(t);
    const fresh = await call(t.app, { method: "GET", url, token: customer.token });
    expect(json<{ data: UserSettings }>(fresh).data).toEqual(defaultUserSettings);
    expect(fresh.headers["last-modified"]).toBeUndefined();
    expect(fresh.headers["cache-control"]).toBe("no-store");
    expect(defaultUserSettings).toEqual({ theme: "light", language: "en", sidebarCollapsed: false, tableDensity: "comfortable", timeZone: null });
    const rows = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, customer.user.id));
    expect(rows).toHaveLength(0);
  });

  it("stores every field, answers what it stored and records one audit event", async () => {
    const customer = await createCustomer(t);
    const wanted: UserSettings = { theme: "dark", language: "tr", sidebarCollapsed: true, tableDensity: "compact", timeZone: "Europe/Istanbul" };
    const saved = await call(t.app, { method: "PUT", url, token: customer.token, payload: wanted });
    expect(saved.statusCode).toBe(200);
    expect(json<{ data: UserSettings }>(saved).data).toEqual(wanted);
    expect(await read(customer.token)).toEqual(wanted);
    // Saved settings say when: the web applies them at login only then.
    const reread = await call(t.app, { method: "GET", url, token: customer.token });
    const savedAt = Date.parse(String(reread.headers["last-modified"]));
    expect(Math.abs(savedAt - Date.now())).toBeLessThan(60_000);
    expect(saved.headers["last-modified"]).toBe(reread.headers["last-modified"]);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "settings.updated"), eq(auditEvents.targetId, customer.user.id)));
    expect(events).toHaveLength(1);
    expect(events[0]!.actorId).toBe(customer.user.id);
    expect(events[0]!.details).toEqual({ changed: ["language", "sidebarCollapsed", "tableDensity", "theme", "timeZone"] });
  });

  it("changes only the fields sent, and a null time zone goes back to the device's", async () => {
    const customer = await createCustomer(t);
    await call(t.app, { method: "PUT", url, token: customer.token, payload: { theme: "auto", timeZone: "America/New_York" } });
    const partial = await call(t.app, { method: "PUT", url, token: customer.token, payload: { tableDensity: "compact" } });
    expect(json<{ data: UserSettings }>(partial).data).toEqual({ ...defaultUserSettings, theme: "auto", timeZone: "America/New_York", tableDensity: "compact" });
    await call(t.app, { method: "PUT", url, token: customer.token, payload: { timeZone: null } });
    expect(await read(customer.token)).toEqual({ ...defaultUserSettings, theme: "auto", tableDensity: "compact" });
    await call(t.app, { method: "PUT", url, token: customer.token, payload: { timeZone: "UTC" } });
    expect((await read(customer.token)).timeZone).toBe("UTC");
  });

  it("keeps an empty PUT harmless: it answers the current settings", async () => {
    const customer = await createCustomer(t);
    const response = await call(t.app, { method: "PUT", url, token: customer.token, payload: {} });
    expect(response.statusCode).toBe(200);
    expect(json<{ data: UserSettings }>(response).data).toEqual(defaultUserSettings);
  });

  it.each([
    ["an unknown time zone", { timeZone: "Mars/Olympus_Mons" }, "timeZone", /Unknown time zone/],
    ["a time zone of the wrong type", { timeZone: 3 }, "timeZone", /IANA zone/],
    ["an offset instead of a zone", { timeZone: "+03:00" }, "timeZone", /Unknown time zone/],
    ["an unknown theme", { theme: "sepia" }, "theme", /light, dark or auto/],
    ["an unknown density", { tableDensity: "cozy" }, "tableDensity", /comfortable or compact/],
    ["an unsupported language", { language: "de" }, "language", /Language must be one of/],
    ["a language in the wrong case", { language: "pt-br" }, "language", /Language must be one of/],
    ["a sidebar flag that is not a boolean", { sidebarCollapsed: "true" }, "sidebarCollapsed", /true or false/],
    ["an unknown field", { fontSize: 14 }, undefined, undefined],
  ])("refuses %s with 422 naming the field, and changes nothing", async (_name, payload, field, message) => {
    const customer = await createCustomer(t);
    await call(t.app, { method: "PUT", url, token: customer.token, payload: { theme: "dark" } });
    const before = await rowCounts(t, { auditEvents });
    const response = await call(t.app, { method: "PUT", url, token: customer.token, payload: { language: "es", ...payload } });
    expect(response.statusCode).toBe(422);
    const error = firstError(response);
    expect(error.loc[0]).toBe("body");
    if (field) expect(error.loc).toContain(field);
    if (message) expect(error.msg).toMatch(message);
    expect(await read(customer.token)).toEqual({ ...defaultUserSettings, theme: "dark" });
    expect(await rowCounts(t, { auditEvents })).toEqual(before);
  });

  it("refuses a body that is not an object", async () => {
    const customer = await createCustomer(t);
    const response = await call(t.app, { method: "PUT", url, token: customer.token, payload: ["dark"] });
    expect(response.statusCode).toBe(422);
  });

  it("answers 401 to an anonymous caller on both methods", async () => {
    expect((await call(t.app, { method: "GET", url })).statusCode).toBe(401);
    expect((await call(t.app, { method: "PUT", url, payload: { theme: "dark" } })).statusCode).toBe(401);
  });

  it("keeps each user's settings to that user", async () => {
    const first = await createCustomer(t);
    const second = await createCustomer(t);
    await call(t.app, { method: "PUT", url, token: first.token, payload: { theme: "dark", timeZone: "Asia/Tokyo" } });
    await call(t.app, { method: "PUT", url, token: second.token, payload: { language: "fa" } });
    expect(await read(second.token)).toEqual({ ...defaultUserSettings, language: "fa" });
    expect(await read(first.token)).toEqual({ ...defaultUserSettings, theme: "dark", timeZone: "Asia/Tokyo" });
  });

  it("loses no field when two saves of different fields race", async () => {
    const customer = await createCustomer(t);
    await Promise.all([
      call(t.app, { method: "PUT", url, token: customer.token, payload: { theme: "dark" } }),
      call(t.app, { method: "PUT", url, token: customer.token, payload: { tableDensity: "compact" } }),
      call(t.app, { method: "PUT", url, token: customer.token, payload: { timeZone: "Europe/Lisbon" } }),
    ]);
    expect(await read(customer.token)).toEqual({ ...defaultUserSettings, theme: "dark", tableDensity: "compact", timeZone: "Europe/Lisbon" });
  });
});
