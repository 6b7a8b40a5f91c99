import { describe, expect, it } from "vitest";
import { countryName, formatAmount, formatPercent } from "../lib/money";
import { documentFileName, documentKind, displayStatus, canAccept, canCancel } from "../lib/order-state";

// Intl puts narrow no-break spaces and direction marks in some languages' numbers: compare without them.
const plain = (text: string) => text.replace(/[\u200e\u200f\u061c\u00a0\u202f]/g, " ").replace(/ +/g, " ").trim();

describe("order amounts", () => {
  it("shows dollars in English and lira in Turkish, from the decimal strings as they are", () => {
    expect(formatAmount("1200.00", "USD", "en")).toBe("$1,200.00");
    expect(formatAmount("1234567.89", "TRY", "tr")).toBe("₺1.234.567,89");
    expect(formatAmount("0.10", "EUR", "en")).toBe("€0.10");
  });

  it("keeps the order's currency whatever the interface language", () => {
    expect(formatAmount("1200.00", "USD", "tr")).toBe("$1.200,00");
    expect(plain(formatAmount("99.50", "TRY", "en"))).toBe("TRY 99.50");
  });

  it("writes Persian digits in Persian", () => {
    const persian = plain(formatAmount("1200.50", "USD", "fa"));
    expect(persian).toContain("۱٬۲۰۰٫۵۰");
    expect(persian).not.toMatch(/[0-9]/);
  });

  it("does not round through floating point: large amounts stay exact", () => {
    expect(formatAmount("90071992547409.93", "USD", "en")).toBe("$90,071,992,547,409.93");
  });

  it("shows a negative amount (a discount) in the language's way", () => {
    expect(formatAmount("-120.00", "USD", "en")).toBe("-$120.00");
  });

  it("falls back to the text and code for an unknown currency or a malformed amount", () => {
    expect(formatAmount("12.00", "NOPE", "en")).toBe("12.00 NOPE");
    expect(formatAmount("abc", "USD", "en")).toBe("abc USD");
  });

  it("formats percentages and country names in the interface language", () => {
    expect(formatPercent(20, "en")).toBe("20%");
    expect(formatPercent(7.5, "en")).toBe("7.5%");
    expect(formatPercent(20, "tr")).toBe("%20");
    expect(plain(formatPercent(10, "fa"))).toContain("۱۰");
    expect(countryName("TR", "en")).toBe("Türkiye");
    expect(countryName("US", "tr")).toBe("Amerika Birleşik Devletleri");
    expect(countryName(null, "en")).toBe("");
  });
});

describe("order state", () => {
  it("shows an offer past its date as expired, and only a valid offer may be accepted", () => {
    expect(displayStatus({ status: "offered", offerExpired: true })).toBe("expired");
    expect(displayStatus({ status: "offered", offerExpired: false })).toBe("offered");
    expect(canAccept({ status: "offered", offerExpired: false })).toBe(true);
    expect(canAccept({ status: "offered", offerExpired: true })).toBe(false);
    expect(canAccept({ status: "pending_offer", offerExpired: false })).toBe(false);
    expect(canCancel({ status: "accepted" })).toBe(true);
    expect(canCancel({ status: "paid" })).toBe(false);
  });

  it("has an offer PDF while offered or accepted, an invoice once paid, nothing before", () => {
    expect(documentKind({ status: "pending_offer" })).toBeNull();
    expect(documentKind({ status: "cancelled" })).toBeNull();
    expect(documentKind({ status: "accepted" })).toBe("offer");
    expect(documentKind({ status: "paid" })).toBe("invoice");
    expect(documentFileName({ status: "paid", number: "O-000007", invoiceNumber: "INV-2026-000001" })).toBe("INV-2026-000001.pdf");
    expect(documentFileName({ status: "offered", number: "O-000007", invoiceNumber: null })).toBe("offer-O-000007.pdf");
  });
});
