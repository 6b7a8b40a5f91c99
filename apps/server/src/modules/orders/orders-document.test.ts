import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../../db/schema/index.js";
import { createCustomer } from "../../test/factories.js";
import { call } from "../../test/http.js";
import { waitForMail } from "../../test/mail.js";
import { orderTools } from "../../test/orders.js";
import { pdfText } from "../../test/pdf.js";
import { useTestApp } from "../../test/test-app.js";

// The real renderer (no stand-in): the PDFs' text is read back with pdf.js.
const t = useTestApp({ COMPANY_NAME: "Acme Licensing Ltd", COMPANY_ADDRESS: "1 Market Street, Springfield", COMPANY_TAX_ID: "GB123456789", COMPANY_EMAIL: "billing@acme.example" });
const tools = orderTools(t);

const download = async (id: string, token: string) => {
  const answer = await call(t.app, { method: "GET", url: `/api/v1/orders/${id}/document`, token });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers["content-type"]).toBe("application/pdf");
  return { answer, text: await pdfText(answer.rawPayload) };
};

describe("offer and invoice PDFs", () => {
  it("print the seller, the buyer's address as offered, the lines, discount, tax and total, and the invoice number", async () => {
    const plan = await tools.plan(600);
    const customer = await createCustomer(t, { firstname: "Grace", lastname: "Hopper" });
    await tools.billingAddress(customer.token, "US");
    const order = await tools.order(customer.token, { planId: plan.id, quantity: 2 });
    const offered = await tools.offer(order.id, { discountPercent: 10, message: "Valid for the whole team." });
    // 1200 − 120 = 1080; 10% US tax = 108; total 1188.
    expect(offered).toMatchObject({ subtotal: "1200.00", discountAmount: "120.00", taxAmount: "108.00", total: "1188.00" });

    const offer = await download(order.id, customer.token);
    expect(offer.answer.headers["content-disposition"]).toBe(`attachment; filename="offer-${order.number}.pdf"`);
    for (const expected of ["Offer", order.number, "Acme Licensing Ltd", "GB123456789", "billing@acme.example", "Grace Hopper", "US Street 1", "US tax office", plan.name, "1,200.00", "120.00", "108.00", "1,188.00", "Valid for the whole team."]) {
      expect(offer.text).toContain(expected);
    }

    // The customer moves: the invoice still shows the address the offer was made to.
    await tools.billingAddress(customer.token, "DE");
    await tools.accept(order.id, customer.token);
    const paid = await tools.markPaid(order.id, "SWIFT-77");
    const invoice = await download(order.id, await tools.admin());
    expect(invoice.answer.headers["content-disposition"]).toBe(`attachment; filename="${paid.invoiceNumber}.pdf"`);
    for (const expected of ["Invoice", paid.invoiceNumber!, order.number, "Grace Hopper", "US Street 1", "SWIFT-77", "1,188.00"]) expect(invoice.text).toContain(expected);
    expect(invoice.text).not.toContain("DE Street 1");
  });

  it("is written in the customer's language", async () => {
    const plan = await tools.plan(100);
    const customer = await createCustomer(t, { firstname: "Ayşe", lastname: "Yılmaz" });
    const saved = await call(t.app, { method: "PUT", url: "/api/v1/settings", token: customer.token, payload: { language: "tr" } });
    expect(saved.statusCode, saved.body).toBe(200);
    await tools.billingAddress(customer.token, "TR");
    const order = await tools.order(customer.token, { planId: plan.id });
    await tools.offer(order.id);
    const offer = await download(order.id, customer.token);
    expect(offer.text).toContain("Teklif");
    expect(offer.text).toContain("Ayşe Yılmaz");
    const paid = await tools.markPaid(order.id);
    const invoice = await download(order.id, customer.token);
    expect(invoice.text).toContain("Fatura");
    expect(invoice.text).toContain(paid.invoiceNumber!);
  });

  it("rides with the offer's e-mail as a real PDF attachment", async () => {
    const plan = await tools.plan(50);
    const customer = await createCustomer(t);
    await tools.billingAddress(customer.token, "TR");
    const order = await tools.order(customer.token, { planId: plan.id });
    await tools.offer(order.id);
    const mail = await waitForMail(t.dataDir, customer.email.toLowerCase(), new RegExp(`Your offer for order ${order.number}`));
    expect(await tools.rawMail(mail.file)).toContain(`offer-${order.number}.pdf`);
    const [job] = await t.app.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, "mail"), sql`${jobs.payload}->>'to' = ${customer.email.toLowerCase()}`, sql`${jobs.payload}->>'subject' like 'Your offer%'`));
    const attachment = (job!.payload as { attachments: { filename: string; contentType: string; contentBase64: string }[] }).attachments[0]!;
    expect(attachment).toMatchObject({ filename: `offer-${order.number}.pdf`, contentType: "application/pdf" });
    const text = await pdfText(Buffer.from(attachment.contentBase64, "base64"));
    expect(text).toContain(order.number);
    expect(text).toContain("TR Street 1");
  });
});
