import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AddCardForm } from "../components/add-card-form";
import { click, field, mount, stubBrowserApis, type as typeInto, unmount, waitFor } from "@/test/dom";
import { cardFormSchema, formatCardNumber, toPaymentMethodBody } from "../lib/card-form";

// @testing-library/dom is not installed (only its React wrapper is), so these tests render with
// react-dom and drive the DOM directly, as components/__tests__/data-table.test.tsx does.

beforeAll(stubBrowserApis);
afterEach(unmount);

const VALID_VISA = "4111 1111 1111 1111";
const nextYear = new Date().getUTCFullYear() + 1;

function renderForm() {
  const onDone = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  mount(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <AddCardForm onDone={onDone} onCancel={() => undefined} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onDone };
}

function mockFetch() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
    new Response(
      JSON.stringify({
        status: "success",
        data: { id: "7f1d1c9e-8d5b-4c43-9a53-0d3c1f2b9a10", holderName: "Ada Lovelace", brand: "visa", last4: "1111", expMonth: 12, expYear: nextYear, isDefault: true, createdAt: new Date().toISOString() },
      }),
      { status: 201, headers: { "content-type": "application/json" } },
    ),
  );
}

function type(label: string, value: string) {
  typeInto(field(label), value);
}

function button(name: string) {
  return [...document.querySelectorAll("button")].find((candidate) => candidate.textContent === name);
}

function choose(label: string, option: string) {
  click(field(label));
  click([...document.querySelectorAll('[role="option"]')].find((candidate) => candidate.textContent === option));
}

const text = () => document.body.textContent ?? "";

describe("add card form", { timeout: 30_000 }, () => {
  it("checks the full number in the browser and sends only holder, brand, last four digits, expiry and the default flag", async () => {
    const fetchSpy = mockFetch();
    const { onDone } = renderForm();

    type("Card holder", "Ada Lovelace");
    type("Card number", VALID_VISA.replace(/ /g, ""));
    expect(field("Card number").value).toBe(VALID_VISA);
    choose("Expiry month", "12");
    choose("Expiry year", String(nextYear));
    click(field("Use as my default card"));
    click(button("Add card"));

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe("/api/v1/payment-methods");
    expect(init?.method).toBe("POST");
    const raw = String(init?.body);
    // The exact body: nothing but the display details of the card.
    expect(JSON.parse(raw)).toStrictEqual({ holderName: "Ada Lovelace", brand: "visa", last4: "1111", expMonth: 12, expYear: nextYear, isDefault: true });
    // And the full number (in any spacing) or a security code never appears in what is sent.
    expect(raw).not.toContain("4111111111111111");
    expect(raw).not.toContain("4111 1111");
    expect(raw).not.toMatch(/number|cvv|cvc|securityCode/i);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it("refuses a number that fails the Luhn check and sends nothing", async () => {
    const fetchSpy = mockFetch();
    renderForm();

    type("Card holder", "Ada Lovelace");
    type("Card number", "4111111111111112");
    choose("Expiry month", "12");
    choose("Expiry year", String(nextYear));
    click(button("Add card"));

    await waitFor(() => expect(text()).toContain("This card number is not valid. Check the digits."));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("asks for every field before sending", async () => {
    const fetchSpy = mockFetch();
    renderForm();
    click(button("Add card"));
    await waitFor(() => expect(text()).toContain("Enter the card number"));
    expect(text()).toContain("This field is required");
    expect(text()).toContain("Choose the expiry month");
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("card form rules", () => {
  const base = { holderName: "Ada", number: VALID_VISA, expMonth: 12, expYear: nextYear, isDefault: false };

  it("refuses an expired card on the expiry year", () => {
    const result = cardFormSchema.safeParse({ ...base, expMonth: 1, expYear: 2001 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["expYear"], message: "commerce.validation.cardExpired" })]);
  });

  it("builds the body from the checked card only, with brand and last four digits", () => {
    const card = cardFormSchema.parse({ ...base, number: "5555 5555 5555 4444" });
    const body = toPaymentMethodBody({ ...card, cvv: "123" } as typeof card);
    expect(body).toStrictEqual({ holderName: "Ada", brand: "mastercard", last4: "4444", expMonth: 12, expYear: nextYear, isDefault: false });
  });

  it("groups the digits as they are typed (American Express 4-6-5)", () => {
    expect(formatCardNumber("4111111111111111")).toBe("4111 1111 1111 1111");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("41x1-11")).toBe("4111 1");
  });
});
