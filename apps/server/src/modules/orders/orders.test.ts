import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CurrentPlan, CustomPlanResult, License, Order, Page, SelectedPlan } from "@portal/contract";
import { auditEvents, licenseRequests, licenses, orders } from "../../db/schema/index.js";
import { createAdmin, createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { waitForMail } from "../../test/mail.js";
import { useTestApp } from "../../test/test-app.js";
import { orderTools } from "../../test/orders.js";


const t = useTestApp();
const tools = orderTools(t);

interface Inbox {
  items: { title: string; type: string; body: string; link: string | null }[];
}
const inboxOf = async (token: string) => json<{ data: Inbox }>(await call(t.app, { method: "GET", url: "/api/v1/notifications?pageSize=100", token })).data.items;

describe("placing an order", () => {
  it("prices a plan order from the catalogue, without tax before there is a billing address, and tells the team", async () => {
    const plan = await tools.plan(400, "EUR");
    const customer = await createCustomer(t);
    const order = await tools.order(customer.token, { planId: plan.id, quantity: 3, note: "for the lab" });
    expect(order).toMatchObject({
      status: "pending_offer",
      user: { id: customer.user.id, email: customer.email.toLowerCase() },
      items: [{ planId: plan.id, featureIds: [], description: plan.name, quantity: 3, unitPrice: "400.00", lineTotal: "1200.00" }],
      currency: "EUR",
      subtotal: "1200.00",
      discountPercent: 0,
      discountAmount: "0.00",
      taxCountry: null,
      taxRate: 0,
      taxAmount: "0.00",
      total: "1200.00",
      billingAddress: null,
      note: "for the lab",
      validUntil: null,
      offerExpired: false,
      invoiceNumber: null,
      licenseIds: [],
    });
    expect(order.number).toMatch(/^O-\d{6}$/);

    const team = await inboxOf(await tools.admin());
    expect(team.find((item) => item.title === `New order ${order.number}`)).toMatchObject({ type: "billing", link: `/admin/orders/${order.id}` });
    await waitForMail(t.dataDir, "admin@example.com", new RegExp(`New order ${order.number}`));
    const [created] = await t.app.db.select().from(auditEvents).where(and(eq(auditEvents.action, "order.created"), eq(auditEvents.targetId, order.id)));
    expect(created?.actorId).toBe(customer.user.id);

    // Until the offer the amounts follow the billing address as it is now.
    await tools.billingAddress(customer.token, "TR");
    const taxed = json<{ data: Order }>(await call(t.app, { method: "GET", url: `/api/v1/orders/${order.id}`, token: customer.token })).data;
    expect(taxed).toMatchObject({ subtotal: "1200.00", taxCountry: "TR", taxRate: 20, taxAmount: "240.00", total: "1440.00", billingAddress: null });
    await tools.billingAddress(customer.token, "DE");
    const moved = json<{ data: Order }>(await call(t.app, { method: "GET", url: `/api/v1/orders/${order.id}`, token: customer.token })).data;
    expect(moved).toMatchObject({ taxCountry: "DE", taxRate: 0, taxAmount: "0.00", total: "1200.00" });
  });

  it("taxes at the billing address's country from the start, and gives a features order one line per feature", async () => {
    const customer = await createCustomer(t);
    await tools.billingAddress(customer.token, "TR");
    const a = await tools.feature("Alpha", 5);
    const b = await tools.feature("Beta", 7.5);
    const order = await tools.order(customer.token, { featureIds: [b.id, a.id], quantity: 2 });
    expect(order.items).toEqual([
      { planId: null, featureIds: [a.id], description: a.name, quantity: 2, unitPrice: "5.00", lineTotal: "10.00" },
      { planId: null, featureIds: [b.id], description: b.name, quantity: 2, unitPrice: "7.50", lineTotal: "15.00" },
    ]);
    expect(order).toMatchObject({ currency: "USD", subtotal: "25.00", taxCountry: "TR", taxRate: 20, taxAmount: "5.00", total: "30.00", billingAddress: null });
  });

  it("refuses an administrator, unknown plans and features, another's project and bad bodies, writing nothing", async () => {
    const plan = await tools.plan();
    const customer = await createCustomer(t);
    const before = (await t.app.db.select().from(orders)).length;

    const admin = await call(t.app, { method: "POST", url: "/api/v1/orders", token: await tools.admin(), payload: { planId: plan.id } });
    expect(admin.statusCode).toBe(403);
    expect(firstError(admin).loc).toEqual(["auth/forbidden"]);
    const unknownPlan = await call(t.app, { method: "POST", url: "/api/v1/orders", token: customer.token, payload: { planId: crypto.randomUUID() } });
    expect(unknownPlan.statusCode).toBe(404);
    expect(firstError(unknownPlan).loc).toEqual(["catalogue/plan_not_found"]);
    const unknownFeature = await call(t.app, { method: "POST", url: "/api/v1/orders", token: customer.token, payload: { featureIds: [crypto.randomUUID()] } });
    expect(firstError(unknownFeature).loc).toEqual(["catalogue/unknown_feature"]);
    const other = await createCustomer(t);
    const project = json<{ data: { id: string } }>(await call(t.app, { method: "POST", url: "/api/v1/projects", token: other.token, payload: { name: "Not yours" } })).data;
    const foreignProject = await call(t.app, { method: "POST", url: "/api/v1/orders", token: customer.token, payload: { planId: plan.id, projectId: project.id } });
    expect(foreignProject.statusCode).toBe(404);

    const both = await call(t.app, { method: "POST", url: "/api/v1/orders", token: customer.token, payload: { planId: plan.id, featureIds: [crypto.randomUUID()] } });
    expect(both.statusCode).toBe(422);
    expect(firstError(both).loc).toEqual(["body", "planId"]);
    const tooMany = await call(t.app, { method: "POST", url: "/api/v1/orders", token: customer.token, payload: { planId: plan.id, quantity: 101 } });
    expect(tooMany.statusCode).toBe(422);
    expect(firstError(tooMany).loc).toEqual(["body", "quantity"]);
    const unknownField = await call(t.app, { method: "POST", url: "/api/v1/orders", token: customer.token, payload: { planId: plan.id, price: 1 } });
    expect(unknownField.statusCode).toBe(422);
    expect((await t.app.db.select().from(orders)).length).toBe(before);
  });

  it("opens a pending order when a plan is chosen on the pricing pages, or a custom plan built", async () => {
    const plan = await tools.plan(99.99);
    const customer = await createCustomer(t);
    const selected = await call(t.app, { method: "POST", url: `/api/v1/plans/${plan.id}/select`, token: customer.token });
    expect(selected.statusCode).toBe(200);
    const choice = json<{ data: SelectedPlan }>(selected).data;
    expect(choice.plan?.id).toBe(plan.id);
    const order = json<{ data: Order }>(await call(t.app, { method: "GET", url: `/api/v1/orders/${choice.orderId}`, token: customer.token })).data;
    expect(order).toMatchObject({ status: "pending_offer", items: [{ planId: plan.id, quantity: 1, unitPrice: "99.99" }], total: "99.99" });

    const a = await tools.feature("Gamma", 10);
    const b = await tools.feature("Delta", 2.5);
    const custom = await call(t.app, { method: "POST", url: "/api/v1/plans/custom", token: customer.token, payload: { featureIds: [a.id, b.id] } });
    expect(custom.statusCode).toBe(201);
    const built = json<{ data: CustomPlanResult }>(custom).data;
    expect(built).toMatchObject({ isCustom: true, price: 12.5 });
    const customOrder = json<{ data: Order }>(await call(t.app, { method: "GET", url: `/api/v1/orders/${built.orderId}`, token: customer.token })).data;
    expect(customOrder.items).toEqual([
      { planId: built.id, featureIds: [], description: `Custom plan: ${[a.name, b.name].sort().join(", ")}`, quantity: 1, unitPrice: "12.50", lineTotal: "12.50" },
    ]);
    expect(customOrder.currency).toBe("USD");
    const current = json<{ data: CurrentPlan }>(await call(t.app, { method: "GET", url: "/api/v1/plans/current", token: customer.token })).data;
    expect(current.plan?.id).toBe(built.id);
  });
});

describe("the offer", () => {
  it("needs a billing address, a future last day and an administrator", async () => {
    const plan = await tools.plan();
    const customer = await createCustomer(t);
    const order = await tools.order(customer.token, { planId: plan.id });
    const admin = await tools.admin();
    const offer = (payload: Record<string, unknown>, token = admin) => call(t.app, { method: "POST", url: `/api/v1/orders/${order.id}/offer`, token, payload });

    const noAddress = await offer({ validUntil: tools.later() });
    expect(noAddress.statusCode).toBe(409);
    expect(firstError(noAddress).loc).toEqual(["order/billing_address_required"]);
    await tools.billingAddress(customer.token, "US");

    const past = await offer({ validUntil: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(422);
    expect(firstError(past)).toMatchObject({ loc: ["body", "validUntil"], msg: "Valid until must be in the future" });
    const yesterday = await offer({ validUntil: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) });
    expect(firstError(yesterday).loc).toEqual(["body", "validUntil"]);
    const notADate = await offer({ validUntil: "soon" });
    expect(notADate.statusCode).toBe(422);
    const missing = await offer({});
    expect(firstError(missing)).toMatchObject({ loc: ["body", "validUntil"], msg: "Valid until field is required" });
    for (const discountPercent of [-1, 100.5, 12.345]) {
      const refused = await offer({ validUntil: tools.later(), discountPercent });
      expect(refused.statusCode).toBe(422);
      expect(firstError(refused).loc).toEqual(["body", "discountPercent"]);
    }
    const byCustomer = await offer({ validUntil: tools.later() }, customer.token);
    expect(byCustomer.statusCode).toBe(403);
    const unknown = await call(t.app, { method: "POST", url: `/api/v1/orders/${crypto.randomUUID()}/offer`, token: admin, payload: { validUntil: tools.later() } });
    expect(unknown.statusCode).toBe(404);
    expect(firstError(unknown).loc).toEqual(["order/not_found"]);

    const still = json<{ data: Order }>(await call(t.app, { method: "GET", url: `/api/v1/orders/${order.id}`, token: customer.token })).data;
    expect(still).toMatchObject({ status: "pending_offer", offeredAt: null, billingAddress: null });
  });

  it("copies the billing address, recomputes with price, discount and tax, mails the PDF, and may be made again", async () => {
    const plan = await tools.plan(1000);
    const customer = await createCustomer(t);
    await tools.billingAddress(customer.token, "TR");
    const order = await tools.order(customer.token, { planId: plan.id, quantity: 2 });
    expect(order.total).toBe("2400.00");

    const validUntil = tools.later(30);
    const offered = await tools.offer(order.id, { unitPrice: 850, discountPercent: 12.5, validUntil, message: "Thank you for choosing us." });
    // 2 × 850 = 1700; 12.5% off = 212.50; 20% of 1487.50 = 297.50.
    expect(offered).toMatchObject({
      status: "offered",
      items: [{ planId: plan.id, quantity: 2, unitPrice: "850.00", lineTotal: "1700.00" }],
      subtotal: "1700.00",
      discountPercent: 12.5,
      discountAmount: "212.50",
      taxCountry: "TR",
      taxRate: 20,
      taxAmount: "297.50",
      total: "1785.00",
      billingAddress: { line1: "TR Street 1", line2: "", city: "Capital", postalCode: "12345", country: "TR", taxLocation: "TR tax office" },
      offerMessage: "Thank you for choosing us.",
      validUntil,
      offerExpired: false,
    });
    expect(offered.offeredAt).not.toBeNull();

    const mail = await waitForMail(t.dataDir, customer.email.toLowerCase(), new RegExp(`Your offer for order ${order.number}`));
    expect(mail.body).toContain("USD 1785.00");
    const raw = await tools.rawMail(mail.file);
    expect(raw).toMatch(/Content-Type: application\/pdf/i);
    expect(raw).toContain(`offer-${order.number}.pdf`);
    const inbox = await inboxOf(customer.token);
    expect(inbox.find((item) => item.title === `Your offer for order ${order.number}`)).toMatchObject({ type: "billing", link: `/billing/orders/${order.id}` });

    // The address is a copy: moving afterwards changes neither the address nor the tax of the offer.
    await tools.billingAddress(customer.token, "DE");
    const unchanged = json<{ data: Order }>(await call(t.app, { method: "GET", url: `/api/v1/orders/${order.id}`, token: customer.token })).data;
    expect(unchanged).toMatchObject({ taxCountry: "TR", total: "1785.00", billingAddress: { country: "TR" } });

    // Made again while offered: today's address (DE, no tax by default), the price kept when not given.
    const again = await tools.offer(order.id, { discountPercent: 0 });
    expect(again).toMatchObject({ status: "offered", subtotal: "1700.00", taxCountry: "DE", taxRate: 0, taxAmount: "0.00", total: "1700.00", offerMessage: null });
  });

  it("collapses a features order into one custom plan line at the negotiated price", async () => {
    const customer = await createCustomer(t);
    await tools.billingAddress(customer.token, "US");
    const a = await tools.feature("Export", 30);
    const b = await tools.feature("Audit", 20);
    const order = await tools.order(customer.token, { featureIds: [a.id, b.id], quantity: 3 });
    const offered = await tools.offer(order.id, { unitPrice: 45 });
    expect(offered.items).toEqual([
      {
        planId: null,
        featureIds: [a.id, b.id].sort(),
        description: `Custom plan: ${[a.name, b.name].sort().join(", ")}`,
        quantity: 3,
        unitPrice: "45.00",
        lineTotal: "135.00",
      },
    ]);
    // US: 10%.
    expect(offered).toMatchObject({ subtotal: "135.00", taxRate: 10, taxAmount: "13.50", total: "148.50" });
  });
});

describe("accepting, paying and cancelling", () => {
  it("lets only the owner accept, and only while the offer is valid", async () => {
    const plan = await tools.plan();
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    await tools.billingAddress(customer.token, "US");
    const order = await tools.order(customer.token, { planId: plan.id });
    const accept = (token: string) => call(t.app, { method: "POST", url: `/api/v1/orders/${order.id}/accept`, token });

    const early = await accept(customer.token);
    expect(early.statusCode).toBe(409);
    expect(firstError(early).loc).toEqual(["order/invalid_transition"]);
    await tools.offer(order.id);
    expect(firstError(await accept(other.token)).loc).toEqual(["order/not_found"]);
    expect((await accept(await tools.admin())).statusCode).toBe(404);

    await t.app.db.update(orders).set({ validUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, order.id));
    const shown = json<{ data: Order }>(await call(t.app, { method: "GET", url: `/api/v1/orders/${order.id}`, token: customer.token })).data;
    expect(shown.offerExpired).toBe(true);
    const late = await accept(customer.token);
    expect(late.statusCode).toBe(409);
    expect(firstError(late).loc).toEqual(["order/offer_expired"]);

    await tools.offer(order.id);
    const accepted = await tools.accept(order.id, customer.token);
    expect(accepted).toMatchObject({ status: "accepted", offerExpired: false });
    expect(accepted.acceptedAt).not.toBeNull();
    expect(firstError(await accept(customer.token)).loc).toEqual(["order/invalid_transition"]);
    // Accepted, the offer cannot be remade.
    const remade = await call(t.app, { method: "POST", url: `/api/v1/orders/${order.id}/offer`, token: await tools.admin(), payload: { validUntil: tools.later() } });
    expect(firstError(remade).loc).toEqual(["order/invalid_transition"]);
    const team = await inboxOf(await tools.admin());
    expect(team.some((item) => item.title === `Offer accepted: ${order.number}`)).toBe(true);
  });

  it("marks paid: an invoice number, licences issued as an approved request's, in one go", async () => {
    const plan = await tools.plan(250, "USD", { durationDays: 90, maxActivations: 4 });
    const customer = await createCustomer(t);
    await tools.billingAddress(customer.token, "US");
    const project = json<{ data: { id: string; name: string } }>(await call(t.app, { method: "POST", url: "/api/v1/projects", token: customer.token, payload: { name: "Factory" } })).data;
    const placed = await tools.order(customer.token, { planId: plan.id, quantity: 2, projectId: project.id });
    expect(placed.projectName).toBe("Factory");
    await tools.offer(placed.id);
    const admin = await tools.admin();

    const byCustomer = await call(t.app, { method: "POST", url: `/api/v1/orders/${placed.id}/mark-paid`, token: customer.token, payload: { reference: "mine" } });
    expect(byCustomer.statusCode).toBe(403);
    const noReference = await call(t.app, { method: "POST", url: `/api/v1/orders/${placed.id}/mark-paid`, token: admin, payload: { reference: "  " } });
    expect(firstError(noReference)).toMatchObject({ loc: ["body", "reference"], msg: "Payment reference field is required" });

    // An offer not yet accepted may be marked paid too: the money is what counts.
    const paid = await tools.markPaid(placed.id, "SWIFT 2026-001");
    const year = new Date().getUTCFullYear();
    expect(paid).toMatchObject({ status: "paid", paymentReference: "SWIFT 2026-001" });
    expect(paid.invoiceNumber).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    expect(paid.paidAt).not.toBeNull();
    expect(paid.licenseIds).toHaveLength(2);

    const mine = json<{ data: Page<License> }>(await call(t.app, { method: "GET", url: "/api/v1/licenses?pageSize=100", token: customer.token })).data.items;
    const issued = mine.filter((license) => paid.licenseIds.includes(license.id));
    expect(issued).toHaveLength(2);
    for (const license of issued) {
      expect(license).toMatchObject({ planId: plan.id, maxActivations: 4, projectId: project.id });
      expect(Math.round((Date.parse(license.expiresAt) - Date.parse(license.issuedAt)) / 86_400_000)).toBe(90);
    }
    const [request] = await t.app.db.select().from(licenseRequests).where(eq(licenseRequests.note, `Order ${placed.number}`));
    expect(request).toMatchObject({ status: "approved", quantity: 2, planId: plan.id, requesterId: customer.user.id });
    const [approval] = await t.app.db.select().from(auditEvents).where(and(eq(auditEvents.action, "license_request.approved"), eq(auditEvents.targetId, request!.id)));
    expect(approval?.details).toMatchObject({ orderId: placed.id, licenseIds: expect.arrayContaining(paid.licenseIds) });
    const [paidEvent] = await t.app.db.select().from(auditEvents).where(and(eq(auditEvents.action, "order.paid"), eq(auditEvents.targetId, placed.id)));
    expect(paidEvent?.details).toMatchObject({ invoiceNumber: paid.invoiceNumber, reference: "SWIFT 2026-001" });

    const inbox = await inboxOf(customer.token);
    expect(inbox.some((item) => item.title === "Your licence request was approved")).toBe(true);
    expect(inbox.find((item) => item.title === `Payment received for order ${placed.number}`)?.body).toContain(paid.invoiceNumber!);
    await waitForMail(t.dataDir, customer.email.toLowerCase(), /Payment received/);

    const twice = await call(t.app, { method: "POST", url: `/api/v1/orders/${placed.id}/mark-paid`, token: admin, payload: { reference: "again" } });
    expect(twice.statusCode).toBe(409);
    expect(firstError(twice).loc).toEqual(["order/invalid_transition"]);
    const cancelPaid = await call(t.app, { method: "POST", url: `/api/v1/orders/${placed.id}/cancel`, token: admin, payload: {} });
    expect(firstError(cancelPaid).loc).toEqual(["order/invalid_transition"]);
    expect((await t.app.db.select().from(licenses).where(eq(licenses.requestId, request!.id))).length).toBe(2);
  });

  it("turns a paid features order into the customer's own plan holding those features", async () => {
    const customer = await createCustomer(t);
    await tools.billingAddress(customer.token, "GB");
    const a = await tools.feature("Sync", 3);
    const b = await tools.feature("Backup", 4);
    const order = await tools.order(customer.token, { featureIds: [a.id, b.id] });
    await tools.offer(order.id);
    await tools.accept(order.id, customer.token);
    const paid = await tools.markPaid(order.id);
    const license = json<{ data: License }>(await call(t.app, { method: "GET", url: `/api/v1/licenses/${paid.licenseIds[0]}`, token: customer.token })).data;
    expect(license.features.map((feature) => feature.id).sort()).toEqual([a.id, b.id].sort());
    expect(license.planName).toBe("Custom plan");
  });

  it("cancels: the customer before payment (the team hears), the team any time before (the customer hears)", async () => {
    const plan = await tools.plan();
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    await tools.billingAddress(customer.token, "US");
    const mine = await tools.order(customer.token, { planId: plan.id });

    const foreign = await call(t.app, { method: "POST", url: `/api/v1/orders/${mine.id}/cancel`, token: other.token, payload: {} });
    expect(firstError(foreign).loc).toEqual(["order/not_found"]);
    const tooLong = await call(t.app, { method: "POST", url: `/api/v1/orders/${mine.id}/cancel`, token: customer.token, payload: { reason: "x".repeat(2001) } });
    expect(tooLong.statusCode).toBe(422);
    const cancelled = json<{ data: Order }>(
      await call(t.app, { method: "POST", url: `/api/v1/orders/${mine.id}/cancel`, token: customer.token, payload: { reason: "Changed my mind" } }),
    ).data;
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Changed my mind" });
    expect((await inboxOf(await tools.admin())).some((item) => item.title === `Order ${mine.number} cancelled`)).toBe(true);
    const again = await call(t.app, { method: "POST", url: `/api/v1/orders/${mine.id}/cancel`, token: customer.token, payload: {} });
    expect(firstError(again).loc).toEqual(["order/invalid_transition"]);
    const offerCancelled = await call(t.app, { method: "POST", url: `/api/v1/orders/${mine.id}/offer`, token: await tools.admin(), payload: { validUntil: tools.later() } });
    expect(firstError(offerCancelled).loc).toEqual(["order/invalid_transition"]);

    const second = await tools.accept((await tools.offer((await tools.order(customer.token, { planId: plan.id })).id)).id, customer.token);
    const byTeam = json<{ data: Order }>(await call(t.app, { method: "POST", url: `/api/v1/orders/${second.id}/cancel`, token: await tools.admin(), payload: {} })).data;
    expect(byTeam).toMatchObject({ status: "cancelled", cancelReason: null });
    expect((await inboxOf(customer.token)).some((item) => item.title === `Your order ${second.number} was cancelled`)).toBe(true);
  });
});

describe("reading orders", () => {
  it("lists a customer's own orders, every order for the team, with filters, search and sorts in SQL", async () => {
    const plan = await tools.plan(10);
    const dear = await tools.plan(500);
    const customer = await createCustomer(t);
    const other = await createCustomer(t, { firstname: "Grace", lastname: "Hopper" });
    await tools.billingAddress(customer.token, "US");
    const first = await tools.order(customer.token, { planId: plan.id });
    const second = await tools.order(customer.token, { planId: dear.id });
    const theirs = await tools.order(other.token, { planId: plan.id });
    await tools.offer(second.id);

    const list = async (token: string, query: string) => {
      const answer = await call(t.app, { method: "GET", url: `/api/v1/orders?${query}`, token });
      expect(answer.statusCode, answer.body).toBe(200);
      return json<{ data: Page<Order> }>(answer).data;
    };
    const own = await list(customer.token, "pageSize=100");
    expect(own.items.map((order) => order.id).sort()).toEqual([first.id, second.id].sort());
    // A customer's userId filter cannot widen the view.
    expect((await list(customer.token, `userId=${other.user.id}`)).items.map((order) => order.id).sort()).toEqual([first.id, second.id].sort());
    expect((await list(customer.token, "status=offered")).items.map((order) => order.id)).toEqual([second.id]);
    expect((await list(customer.token, "sort=total&order=asc")).items.map((order) => order.id)).toEqual([first.id, second.id]);
    expect((await list(customer.token, "sort=number&order=desc")).items.map((order) => order.id)).toEqual([second.id, first.id]);
    expect((await list(customer.token, `q=${first.number}`)).items.map((order) => order.id)).toEqual([first.id]);

    const admin = await tools.admin();
    const everything = await list(admin, "pageSize=100");
    expect(everything.items.map((order) => order.id)).toEqual(expect.arrayContaining([first.id, second.id, theirs.id]));
    expect((await list(admin, `userId=${other.user.id}`)).items.map((order) => order.id)).toEqual([theirs.id]);
    expect((await list(admin, `q=${encodeURIComponent(other.email.toLowerCase())}`)).items.map((order) => order.id)).toEqual([theirs.id]);
    expect((await list(admin, `q=${encodeURIComponent("grace hop")}`)).items.map((order) => order.id)).toEqual([theirs.id]);
    const sorted = await list(admin, "sort=status&order=asc&pageSize=100");
    expect(sorted.items.map((order) => order.status)).toEqual([...sorted.items.map((order) => order.status)].sort());
    const paged = await list(admin, "pageSize=1&page=2&sort=createdAt&order=desc");
    expect(paged).toMatchObject({ page: 2, pageSize: 1, total: everything.total });

    const refused = await call(t.app, { method: "GET", url: "/api/v1/orders?sort=price", token: admin });
    expect(refused.statusCode).toBe(422);
    const badStatus = await call(t.app, { method: "GET", url: "/api/v1/orders?status=lost", token: admin });
    expect(badStatus.statusCode).toBe(422);
    const foreign = await call(t.app, { method: "GET", url: `/api/v1/orders/${theirs.id}`, token: customer.token });
    expect(foreign.statusCode).toBe(404);
    expect(firstError(foreign).loc).toEqual(["order/not_found"]);
    expect((await call(t.app, { method: "GET", url: `/api/v1/orders/${theirs.id}`, token: admin })).statusCode).toBe(200);
  });

  it("finds an order by its invoice number", async () => {
    const plan = await tools.plan(10);
    const customer = await createCustomer(t);
    await tools.billingAddress(customer.token, "US");
    const paid = await tools.markPaid((await tools.acceptedOrder(customer, plan)).id);
    const found = json<{ data: Page<Order> }>(await call(t.app, { method: "GET", url: `/api/v1/orders?q=${paid.invoiceNumber}`, token: await tools.admin() })).data;
    expect(found.items.map((order) => order.id)).toEqual([paid.id]);
  });
});

describe("the team", () => {
  it("notifies every active administrator of a new order", async () => {
    const second = await createAdmin(t);
    const plan = await tools.plan();
    const customer = await createCustomer(t);
    const order = await tools.order(customer.token, { planId: plan.id });
    expect((await inboxOf(second.token)).some((item) => item.title === `New order ${order.number}`)).toBe(true);
  });
});

describe("the document", () => {
  it("is the offer while offered or accepted, the invoice once paid, and nothing before an offer or once cancelled", async () => {
    const plan = await tools.plan(75);
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    await tools.billingAddress(customer.token, "TR");
    const order = await tools.order(customer.token, { planId: plan.id });
    const download = (token: string, id = order.id) => call(t.app, { method: "GET", url: `/api/v1/orders/${id}/document`, token });

    const before = await download(customer.token);
    expect(before.statusCode).toBe(404);
    expect(firstError(before).loc).toEqual(["order/no_document"]);

    await tools.offer(order.id);
    for (const token of [customer.token, await tools.admin()]) {
      const offer = await download(token);
      expect(offer.statusCode).toBe(200);
      expect(offer.headers["content-type"]).toBe("application/pdf");
      expect(offer.headers["content-disposition"]).toBe(`attachment; filename="offer-${order.number}.pdf"`);
      expect(offer.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
    expect(firstError(await download(other.token)).loc).toEqual(["order/not_found"]);
    await tools.accept(order.id, customer.token);
    expect((await download(customer.token)).headers["content-disposition"]).toBe(`attachment; filename="offer-${order.number}.pdf"`);

    const paid = await tools.markPaid(order.id);
    const invoice = await download(customer.token);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers["content-disposition"]).toBe(`attachment; filename="${paid.invoiceNumber}.pdf"`);

    const cancelled = await tools.order(customer.token, { planId: plan.id });
    await tools.offer(cancelled.id);
    await call(t.app, { method: "POST", url: `/api/v1/orders/${cancelled.id}/cancel`, token: customer.token, payload: {} });
    const gone = await download(customer.token, cancelled.id);
    expect(gone.statusCode).toBe(404);
    expect(firstError(gone).loc).toEqual(["order/no_document"]);
  });
});
