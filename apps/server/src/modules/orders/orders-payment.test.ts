import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Order } from "@portal/contract";
import { invoiceCounters, licenseRequests, licenses, orders } from "../../db/schema/index.js";
import { createAdmin, createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";
import { orderTools } from "../../test/orders.js";


// Its own database: the first invoice of the year is given here, so its number is known.
const t = useTestApp();
const tools = orderTools(t);
const year = new Date().getUTCFullYear();
const invoice = (sequence: number) => `INV-${year}-${String(sequence).padStart(6, "0")}`;

describe("marking orders paid", () => {
  it("writes nothing when issuing the licences fails: no payment, no invoice number spent, no request, no licence", async () => {
    const plan = await tools.plan(100);
    const customer = await createCustomer(t);
    await tools.billingAddress(customer.token, "TR");
    const order = await tools.acceptedOrder(customer, plan, 3);

    await t.app.db.execute(sql.raw(`
      create function portal_test_refuse_license() returns trigger language plpgsql as $$
      begin raise exception 'licence insert refused by the test'; end $$;
      create trigger portal_test_refuse_license before insert on licenses for each row execute function portal_test_refuse_license();
    `));
    try {
      const failed = await call(t.app, { method: "POST", url: `/api/v1/orders/${order.id}/mark-paid`, token: await tools.admin(), payload: { reference: "Wire 1" } });
      expect(failed.statusCode).toBe(500);
      expect(firstError(failed).loc).toEqual(["common/internal"]);
    } finally {
      await t.app.db.execute(sql.raw("drop trigger portal_test_refuse_license on licenses; drop function portal_test_refuse_license();"));
    }

    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "accepted", invoiceNumber: null, paidAt: null, paymentReference: null, licenseRequestId: null });
    expect(await t.app.db.select().from(invoiceCounters)).toEqual([]);
    expect(await t.app.db.select().from(licenseRequests).where(eq(licenseRequests.requesterId, customer.user.id))).toEqual([]);
    expect(await t.app.db.select().from(licenses).where(eq(licenses.ownerId, customer.user.id))).toEqual([]);

    const paid = await tools.markPaid(order.id);
    expect(paid).toMatchObject({ status: "paid", invoiceNumber: invoice(1) });
    expect(paid.licenseIds).toHaveLength(3);
  });

  it("gives administrators marking orders paid at the same instant distinct consecutive invoice numbers", async () => {
    const plan = await tools.plan(20);
    const admins = await Promise.all(Array.from({ length: 5 }, () => createAdmin(t)));
    const ready: Order[] = [];
    for (const _ of admins) {
      const customer = await createCustomer(t);
      await tools.billingAddress(customer.token, "US");
      ready.push(await tools.acceptedOrder(customer, plan, 2));
    }
    const [before] = await t.app.db.select().from(invoiceCounters);
    const answers = await Promise.all(
      ready.map((order, index) => call(t.app, { method: "POST", url: `/api/v1/orders/${order.id}/mark-paid`, token: admins[index]!.token, payload: { reference: `Batch ${index}` } })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const numbers = answers.map((answer) => json<{ data: Order }>(answer).data.invoiceNumber!).sort();
    const last = before?.lastNumber ?? 0;
    expect(numbers).toEqual(Array.from({ length: ready.length }, (_, index) => invoice(last + index + 1)));
    for (const answer of answers) expect(json<{ data: Order }>(answer).data.licenseIds).toHaveLength(2);
  });

  it("pays an order marked paid twice at the same instant once: one 200, one 409, its licences issued once", async () => {
    const plan = await tools.plan(20);
    const customer = await createCustomer(t);
    await tools.billingAddress(customer.token, "US");
    const order = await tools.acceptedOrder(customer, plan, 2);
    const [first, second] = await Promise.all([createAdmin(t), createAdmin(t)]);
    const answers = await Promise.all(
      [first!, second!].map((admin) => call(t.app, { method: "POST", url: `/api/v1/orders/${order.id}/mark-paid`, token: admin.token, payload: { reference: "Same wire" } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(firstError(refused).loc).toEqual(["order/invalid_transition"]);
    const requests = await t.app.db.select().from(licenseRequests).where(eq(licenseRequests.requesterId, customer.user.id));
    expect(requests).toHaveLength(1);
    expect(await t.app.db.select().from(licenses).where(eq(licenses.ownerId, customer.user.id))).toHaveLength(2);
    const paid = json<{ data: Order }>(answers.find((answer) => answer.statusCode === 200)!).data;
    const [counter] = await t.app.db.select().from(invoiceCounters);
    expect(paid.invoiceNumber).toBe(invoice(counter!.lastNumber));
  });
});
