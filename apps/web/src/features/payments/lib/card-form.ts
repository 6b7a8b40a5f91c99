import {
  detectCardBrand,
  expMonthField,
  expYearField,
  isCardExpired,
  messageOf,
  passesLuhn,
  paymentMethodBodySchema,
  requiredText,
  type PaymentMethodBody,
} from "@portal/contract";
import { z } from "zod";

/**
 * The add-card form. The full card number is typed here and checked here (Luhn, brand, expiry);
 * the request built by `toPaymentMethodBody` carries only what a card shows: holder, brand, last
 * four digits, expiry month and year, and the default flag. There is no security-code field at
 * all: nothing is charged through this form, so the code is never even asked for.
 */

export const cardFormSchema = z
  .object({
    holderName: requiredText("Card holder name", 120),
    number: z
      .string()
      .transform((value) => value.replace(/\D/g, ""))
      .refine((digits) => digits.length > 0, { error: messageOf("commerce.validation.cardNumberRequired"), abort: true })
      .refine((digits) => passesLuhn(digits), { error: messageOf("commerce.validation.cardNumberInvalid") }),
    expMonth: expMonthField,
    expYear: expYearField,
    isDefault: z.boolean(),
  })
  .refine((card) => typeof card.expMonth !== "number" || typeof card.expYear !== "number" || !isCardExpired(card.expMonth, card.expYear), {
    error: messageOf("commerce.validation.cardExpired"),
    path: ["expYear"],
  });

export type CardFormValues = z.input<typeof cardFormSchema>;
export type CardFormOutput = z.output<typeof cardFormSchema>;

/** Month and year start unset: the visitor picks them. */
export const emptyCardForm: Partial<CardFormValues> = { holderName: "", number: "", isDefault: false };

/** Only the display details of a checked card: built field by field, so nothing else can slip in. */
export function toPaymentMethodBody(card: CardFormOutput): PaymentMethodBody {
  const digits = card.number.replace(/\D/g, "");
  const body: PaymentMethodBody = {
    holderName: card.holderName,
    brand: detectCardBrand(digits),
    last4: digits.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    isDefault: card.isDefault,
  };
  // The contract's own schema refuses `number`, `cvv` and friends: a last guard before sending.
  paymentMethodBodySchema.parse(body);
  return body;
}

/** "4242424242424242" → "4242 4242 4242 4242"; American Express as 4-6-5. At most 19 digits. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 19);
  if (detectCardBrand(digits) === "amex") {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(" ");
  }
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}
