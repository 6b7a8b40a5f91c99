import { describe, expect, it } from "vitest";
import { auditEvents, webhookEndpoints } from "../../db/schema/index.js";
import { rowCounts } from "../../test/database.js";
import { adminToken } from "../../test/factories.js";
import { call, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";

// The production settings: https:// only, no private networks. Only creation is tried (never a
// delivery), and every host below is an address literal or a localhost name: nothing is resolved or sent.
const t = useTestApp({ JOB_POLL_INTERVAL_MS: "50" });

const create = async (url: string) =>
  call(t.app, { method: "POST", url: "/api/v1/webhook-endpoints", token: await adminToken(t.app), payload: { url, events: ["*"] } });

describe("webhook endpoint addresses", () => {
  it("refuses plain http:// unless WEBHOOK_ALLOW_HTTP, naming the field, storing nothing", async () => {
    const before = await rowCounts(t, { endpoints: webhookEndpoints, audit: auditEvents });
    const response = await create("http://93.184.215.14/hook");
    expect(response.statusCode).toBe(422);
    expect(json<{ detail: { loc: string[] }[] }>(response).detail[0]!.loc).toEqual(["webhook/insecure_url", "url"]);
    expect(await rowCounts(t, { endpoints: webhookEndpoints, audit: auditEvents })).toEqual(before);
  });

  it.each([
    "https://127.0.0.1/hook",
    "https://127.1/hook",
    "https://2130706433/hook",
    "https://0x7f000001/hook",
    "https://10.0.0.5/hook",
    "https://172.16.8.1/hook",
    "https://192.168.0.10:8443/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/hook",
    "https://224.0.0.1/hook",
    "https://0.0.0.0/hook",
    "https://255.255.255.255/hook",
    "https://[::1]/hook",
    "https://[::]/hook",
    "https://[fe80::1]/hook",
    "https://[fd00::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[::ffff:a9fe:a9fe]/hook",
    "https://[64:ff9b::a00:1]/hook",
    "https://localhost/hook",
    "https://LOCALHOST./hook",
    "https://api.localhost/hook",
  ])("refuses %s at creation (422 webhook/forbidden_address on url), storing nothing", async (url) => {
    const before = await rowCounts(t, { endpoints: webhookEndpoints, audit: auditEvents });
    const response = await create(url);
    expect(response.statusCode, response.body).toBe(422);
    expect(json<{ detail: { loc: string[] }[] }>(response).detail[0]!.loc).toEqual(["webhook/forbidden_address", "url"]);
    expect(await rowCounts(t, { endpoints: webhookEndpoints, audit: auditEvents })).toEqual(before);
  });

  it("refuses a forbidden address on a change too, changing nothing", async () => {
    const token = await adminToken(t.app);
    // A public address literal: accepted without resolving anything; disabled, so nothing is ever sent to it.
    const created = await call(t.app, { method: "POST", url: "/api/v1/webhook-endpoints", token, payload: { url: "https://93.184.215.14/hook", events: ["webhook.test"], enabled: false } });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint } = json<{ data: { endpoint: { id: string; url: string } } }>(created).data;
    const patched = await call(t.app, { method: "PATCH", url: `/api/v1/webhook-endpoints/${endpoint.id}`, token, payload: { url: "https://[::ffff:10.0.0.1]/hook" } });
    expect(json<{ detail: { loc: string[] }[] }>(patched).detail[0]!.loc).toEqual(["webhook/forbidden_address", "url"]);
    const after = await call(t.app, { method: "GET", url: `/api/v1/webhook-endpoints/${endpoint.id}`, token });
    expect(json<{ data: { url: string } }>(after).data.url).toBe("https://93.184.215.14/hook");
    await t.app.db.delete(webhookEndpoints);
  });
});
