import { billingAddressBodySchema, featureBodySchema, planBodySchema } from "@portal/contract";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { commerceMessageKey, translateCommerceMessage } from "../commerce-messages";

const t = i18n.t.bind(i18n);

/** Every message a schema gives for these inputs. */
function messagesOf(schema: { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } }, input: unknown): string[] {
  return schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
}

describe("catalogue and payment messages", () => {
  it("every message the forms can meet from the contract's schemas has a translation key", () => {
    const messages = [
      ...messagesOf(featureBodySchema, { name: "", price: -1 }),
      ...messagesOf(featureBodySchema, { name: "x".repeat(121), price: 1.234 }),
      ...messagesOf(planBodySchema, { name: "a", price: 1, currency: "GBP", billingPeriod: "daily", durationDays: 0, maxActivations: 0, maxReleasesPer30Days: -1 }),
      ...messagesOf(planBodySchema, { name: "a", price: 1, currency: "USD", billingPeriod: "once", durationDays: 1.5, maxActivations: 100_001 }),
      ...messagesOf(billingAddressBodySchema, { line1: "", city: "", postalCode: "", country: "XX", taxLocation: "" }),
    ];
    expect(messages.length).toBeGreaterThan(10);
    for (const message of messages) expect(commerceMessageKey(message), message).toBeDefined();
  });

  it("translates families of messages and keeps unknown text", () => {
    expect(translateCommerceMessage("Name field is required", t)).toBe("This field is required");
    expect(translateCommerceMessage("Name must be at most 120 characters", t)).toBe("Use at most 120 characters");
    expect(translateCommerceMessage("commerce.validation.cardExpired", t)).toBe("This card has expired");
    expect(translateCommerceMessage("Something else", t)).toBe("Something else");
    expect(translateCommerceMessage(undefined, t)).toBeUndefined();
  });
});
