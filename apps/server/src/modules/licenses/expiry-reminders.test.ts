import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { LicenseRequest, Plan } from "@portal/contract";
import { licenseExpiryNotices, licenses, notifications } from "../../db/schema/index.js";
import { adminToken, createCustomer, createTrialPlan, issueLicenses, startTrialOf } from "../../test/factories.js";
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

  it("reminds of a trial's end 3 days and 1 day before, once each, pointing at the pricing page; standard licences keep 30, 7 and 1", async () => {
    const customer = await createCustomer(t);
    const { plan } = await createTrialPlan(t, { trialDays: 14 });
    const trial = await startTrialOf(t.app, customer.token, plan.id);
    const { licenses: [standard] } = await issueLicenses(t, { customer });
    const db = t.database.db;
    const mailing = t.app.mailing;
    const endsIn = (id: string, hours: number) => db.update(licenses).set({ expiresAt: sql`now() + make_interval(hours => ${hours})` }).where(eq(licenses.id, id));
    const reminders = () => db.select().from(notifications).where(and(eq(notifications.userId, customer.user.id), eq(notifications.type, "license_expiry"))).orderBy(notifications.createdAt);
    const noticesOf = async (id: string) => (await db.select().from(licenseExpiryNotices).where(eq(licenseExpiryNotices.licenseId, id))).map((notice) => notice.daysBefore).sort((a, b) => a - b);

    // Five days left on both: the standard licence has crossed its 7-day line, the trial none of its own.
    await endsIn(trial.id, 5 * 24);
    await endsIn(standard!.id, 5 * 24);
    await sendExpiryReminders(db, mailing);
    expect(await noticesOf(trial.id)).toEqual([]);
    expect(await noticesOf(standard!.id)).toEqual([7]);
    expect((await reminders()).map((reminder) => reminder.title)).toEqual(["Your licence expires in 5 days"]);

    // Two and a half days left: the trial's 3-day reminder, once; nothing new for the standard licence.
    await endsIn(trial.id, 60);
    await endsIn(standard!.id, 60);
    await sendExpiryReminders(db, mailing);
    await sendExpiryReminders(db, mailing);
    expect(await noticesOf(trial.id)).toEqual([3]);
    expect(await noticesOf(standard!.id)).toEqual([7]);
    const [, threeDays] = await reminders();
    expect(await reminders()).toHaveLength(2);
    expect(threeDays).toMatchObject({ title: `Your trial of ${plan.name} ends in 3 days`, link: "/pricing-plans" });
    expect(threeDays!.body).toContain(trial.key);

    // Half a day left: the 1-day reminder of each, once.
    await endsIn(trial.id, 12);
    await endsIn(standard!.id, 12);
    await sendExpiryReminders(db, mailing);
    await sendExpiryReminders(db, mailing);
    expect(await noticesOf(trial.id)).toEqual([1, 3]);
    expect(await noticesOf(standard!.id)).toEqual([1, 7]);
    const titles = (await reminders()).map((reminder) => reminder.title);
    expect(titles).toHaveLength(4);
    expect(titles.slice(2).sort()).toEqual([`Your trial of ${plan.name} ends in 1 day`, "Your licence expires in 1 day"].sort());

    // The mail says the same, with the pricing page's address.
    const deadline = Date.now() + 3000;
    let mailed = [] as Awaited<ReturnType<typeof outbox>>;
    while (mailed.length < 2 && Date.now() < deadline) {
      mailed = (await outbox(t.dataDir)).filter((mail) => mail.to.includes(customer.email) && mail.subject.startsWith(`Your trial of ${plan.name} ends in`));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(mailed).toHaveLength(2);
    for (const mail of mailed) expect(mail.body).toContain("https://portal.example.com/pricing-plans");
  });
});
