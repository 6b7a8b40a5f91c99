import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { LicenseRequest, Plan } from "@portal/contract";
import { licenses, notifications } from "../../db/schema/index.js";
import { adminToken, createCustomer } from "../../test/factories.js";
import { call, json } from "../../test/http.js";
import { outbox } from "../../test/mail.js";
import { useTestApp } from "../../test/test-app.js";
import { sendExpiryReminders } from "./expiry-reminders.js";

const t = useTestApp();

describe("licence expiry reminders", () => {
  it("sends the nearest reminder once, in-app and by e-mail as the customer's settings say", async () => {
    const admin = await adminToken(t.app);
    const plan = json<{ data: Plan }>(
      await call(t.app, {
        method: "POST",
        url: "/api/v1/plans",
        token: admin,
        payload: { name: "Short plan", price: 1, currency: "USD", billingPeriod: "once", durationDays: 5, maxActivations: 1 },
      }),
    ).data;
    const customer = await createCustomer(t);
    const request = json<{ data: LicenseRequest }>(
      await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload: { planId: plan.id, quantity: 2 } }),
    ).data;
    await call(t.app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: admin });
    const [, second] = await t.database.db.select().from(licenses).where(eq(licenses.ownerId, customer.user.id));
    await call(t.app, { method: "POST", url: `/api/v1/licenses/${second!.id}/deactivate`, token: admin });
    // The customer keeps e-mail for licence expiry (the default) but turns off in-app.
    await call(t.app, { method: "PUT", url: "/api/v1/notification-settings", token: customer.token, payload: { channels: { license_expiry: { inApp: false } } } });

    const mailing = t.app.mailing;
    expect(await sendExpiryReminders(t.database.db, mailing)).toBe(1);
    expect(await sendExpiryReminders(t.database.db, mailing)).toBe(0);
    const inApp = await t.database.db.select().from(notifications).where(eq(notifications.type, "license_expiry"));
    expect(inApp).toHaveLength(0);
    const deadline = Date.now() + 3000;
    let reminders = [] as Awaited<ReturnType<typeof outbox>>;
    while (reminders.length === 0 && Date.now() < deadline) {
      reminders = (await outbox(t.dataDir)).filter((mail) => mail.to.includes(customer.email) && /expires in 5 days/.test(mail.subject));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(reminders).toHaveLength(1);

    // Four days later the 1-day reminder is due as well.
    expect(await sendExpiryReminders(t.database.db, mailing, new Date(Date.now() + 4.5 * 86_400_000))).toBe(1);
  });
});
