import { describe, expect, it } from "vitest";
import { defaultNotificationSettings, notificationTypes, type NotificationSettings } from "@portal/contract";
import { createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";

const t = useTestApp();

describe("notification settings", () => {
  it("starts from the defaults for all ten types and saves only what is sent", async () => {
    const customer = await createCustomer(t);
    const initial = json<{ data: NotificationSettings }>(
      await call(t.app, { method: "GET", url: "/api/v1/notification-settings", token: customer.token }),
    ).data;
    expect(initial).toEqual(defaultNotificationSettings);
    expect(Object.keys(initial.channels).sort()).toEqual([...notificationTypes].sort());

    const saved = await call(t.app, {
      method: "PUT",
      url: "/api/v1/notification-settings",
      token: customer.token,
      payload: { channels: { product_news: { email: true }, billing: { inApp: false } }, emailSubscriptions: { newsletter: true } },
    });
    expect(saved.statusCode).toBe(200);
    const reread = json<{ data: NotificationSettings }>(
      await call(t.app, { method: "GET", url: "/api/v1/notification-settings", token: customer.token }),
    ).data;
    expect(reread.channels.product_news).toEqual({ email: true, inApp: true });
    expect(reread.channels.billing).toEqual({ email: true, inApp: false });
    expect(reread.emailSubscriptions.newsletter).toBe(true);
    expect(reread.channels.security_alerts).toEqual(defaultNotificationSettings.channels.security_alerts);
  });

  it("keeps each user's settings to that user", async () => {
    const first = await createCustomer(t);
    const second = await createCustomer(t);
    await call(t.app, { method: "PUT", url: "/api/v1/notification-settings", token: first.token, payload: { emailSubscriptions: { events: true } } });
    const other = json<{ data: NotificationSettings }>(
      await call(t.app, { method: "GET", url: "/api/v1/notification-settings", token: second.token }),
    ).data;
    expect(other.emailSubscriptions.events).toBe(false);
  });

  it.each([
    [{ channels: { unknown_type: { email: true } } }],
    [{ channels: { billing: { email: "yes" } } }],
    [{ emailSubscriptions: { spam: true } }],
  ])("refuses %j with 422", async (payload) => {
    const customer = await createCustomer(t);
    const response = await call(t.app, { method: "PUT", url: "/api/v1/notification-settings", token: customer.token, payload });
    expect(response.statusCode).toBe(422);
    expect(firstError(response).loc[0]).toBe("body");
  });
});
