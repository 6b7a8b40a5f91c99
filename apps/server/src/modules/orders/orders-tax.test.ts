import { describe, expect, it } from "vitest";
import { createCustomer } from "../../test/factories.js";
import { useTestApp } from "../../test/test-app.js";
import { orderTools } from "../../test/orders.js";


/** Tax follows the country of the billing address copied into the offer, at the configured rates. */
async function offeredTotal(tools: ReturnType<typeof orderTools>, country: string) {
  const plan = await tools.plan(1000);
  const customer = await createCustomer(tools.testApp);
  await tools.billingAddress(customer.token, country);
  const order = await tools.order(customer.token, { planId: plan.id });
  return tools.offer(order.id);
}

describe("tax by the billing address's country, default rates", () => {
  const t = useTestApp();
  const tools = orderTools(t);
  it.each([
    ["TR", 20, "200.00", "1200.00"],
    ["US", 10, "100.00", "1100.00"],
    ["DE", 0, "0.00", "1000.00"],
  ])("%s", async (country, rate, tax, total) => {
    expect(await offeredTotal(tools, country)).toMatchObject({ taxCountry: country, taxRate: rate, taxAmount: tax, total, subtotal: "1000.00" });
  });
});

describe("tax by the billing address's country, TAX_RATES set", () => {
  const t = useTestApp({ TAX_RATES: "TR:20,US:10,DE:19" });
  const tools = orderTools(t);
  it("taxes Germany at 19% and still nothing for a country not listed", async () => {
    expect(await offeredTotal(tools, "DE")).toMatchObject({ taxCountry: "DE", taxRate: 19, taxAmount: "190.00", total: "1190.00" });
    expect(await offeredTotal(tools, "FR")).toMatchObject({ taxCountry: "FR", taxRate: 0, taxAmount: "0.00", total: "1000.00" });
  });
});
