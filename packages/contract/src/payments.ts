import { z } from "zod";
import { requiredText, timestamp } from "./common.js";
import { messageCatalogue, messageOf } from "./messages.js";

export const cardBrands = ["visa", "mastercard", "amex", "troy", "discover", "other"] as const;

/** Luhn checksum: used by the web form on the full number, which never leaves the browser. */
export function passesLuhn(cardNumber: string): boolean {
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function detectCardBrand(cardNumber: string): (typeof cardBrands)[number] {
  const digits = cardNumber.replace(/\D/g, "");
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^9792/.test(digits)) return "troy";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "other";
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  return expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
}

export const paymentMethodSchema = z
  .object({
    id: z.uuid(),
    holderName: z.string(),
    brand: z.enum(cardBrands),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    isDefault: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: "PaymentMethod" });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const FULL_CARD_NUMBER_REFUSED = messageCatalogue["commerce.validation.fullNumberRefused"];

/** A card's expiry, as the API takes it and the add-card form picks it. */
export const expMonthField = z
  .number({ error: messageOf("commerce.validation.expMonthRequired") })
  .int()
  .min(1, { error: messageOf("commerce.validation.expMonth") })
  .max(12, { error: messageOf("commerce.validation.expMonth") });
export const expYearField = z
  .number({ error: messageOf("commerce.validation.expYearRequired") })
  .int()
  .min(2000, { error: messageOf("commerce.validation.expYear") })
  .max(2100, { error: messageOf("commerce.validation.expYear") });

// Named so the refusal is explicit rather than a generic "unknown field".
const forbiddenCardFields = ["number", "cardNumber", "cvv", "cvc", "cvv2", "securityCode"] as const;

export const paymentMethodBodySchema = z
  .object({
    holderName: requiredText("Card holder name", 120),
    brand: z.enum(cardBrands, { error: messageOf("commerce.validation.brand", { brands: cardBrands.join(", ") }) }),
    last4: z.string({ error: messageOf("commerce.validation.last4Required") }).regex(/^\d{4}$/, { error: messageOf("commerce.validation.last4") }),
    expMonth: expMonthField,
    expYear: expYearField,
    isDefault: z.boolean().optional(),
    ...Object.fromEntries(forbiddenCardFields.map((field) => [field, z.never({ error: messageOf("commerce.validation.fullNumberRefused") }).optional()])),
  })
  .strict()
  .refine((card) => !isCardExpired(card.expMonth, card.expYear), { error: messageOf("commerce.validation.cardExpired"), path: ["expYear"] })
  .meta({ id: "PaymentMethodBody" });
export type PaymentMethodBody = {
  holderName: string;
  brand: (typeof cardBrands)[number];
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault?: boolean;
};

/** ISO 3166-1 alpha-2 codes. */
export const countryCodes = [
  "AD","AE","AF","AG","AI","AL","AM","AO","AQ","AR","AS","AT","AU","AW","AX","AZ","BA","BB","BD","BE","BF","BG","BH","BI","BJ","BL","BM","BN","BO","BQ","BR","BS","BT","BV","BW","BY","BZ","CA","CC","CD","CF","CG","CH","CI","CK","CL","CM","CN","CO","CR","CU","CV","CW","CX","CY","CZ","DE","DJ","DK","DM","DO","DZ","EC","EE","EG","EH","ER","ES","ET","FI","FJ","FK","FM","FO","FR","GA","GB","GD","GE","GF","GG","GH","GI","GL","GM","GN","GP","GQ","GR","GS","GT","GU","GW","GY","HK","HM","HN","HR","HT","HU","ID","IE","IL","IM","IN","IO","IQ","IR","IS","IT","JE","JM","JO","JP","KE","KG","KH","KI","KM","KN","KP","KR","KW","KY","KZ","LA","LB","LC","LI","LK","LR","LS","LT","LU","LV","LY","MA","MC","MD","ME","MF","MG","MH","MK","ML","MM","MN","MO","MP","MQ","MR","MS","MT","MU","MV","MW","MX","MY","MZ","NA","NC","NE","NF","NG","NI","NL","NO","NP","NR","NU","NZ","OM","PA","PE","PF","PG","PH","PK","PL","PM","PN","PR","PS","PT","PW","PY","QA","RE","RO","RS","RU","RW","SA","SB","SC","SD","SE","SG","SH","SI","SJ","SK","SL","SM","SN","SO","SR","SS","ST","SV","SX","SY","SZ","TC","TD","TF","TG","TH","TJ","TK","TL","TM","TN","TO","TR","TT","TV","TW","TZ","UA","UG","UM","US","UY","UZ","VA","VC","VE","VG","VI","VN","VU","WF","WS","YE","YT","ZA","ZM","ZW",
] as const;

export const billingAddressBodySchema = z
  .strictObject({
    line1: requiredText("Address line 1", 200),
    line2: z.string().trim().max(200, { error: messageOf("validation.tooLong", { label: "Address line 2", max: 200 }) }).optional(),
    city: requiredText("City", 120),
    postalCode: requiredText("Postal code", 20),
    country: z
      .string({ error: messageOf("commerce.validation.countryRequired") })
      .trim()
      .toUpperCase()
      .pipe(z.enum(countryCodes, { error: messageOf("commerce.validation.country") })),
    taxLocation: requiredText("Tax location", 120),
  })
  .meta({ id: "BillingAddressBody" });
export type BillingAddressBody = z.input<typeof billingAddressBodySchema>;

export const billingAddressSchema = z
  .object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
    taxLocation: z.string(),
    updatedAt: timestamp,
  })
  .nullable()
  .meta({ id: "BillingAddress" });
export type BillingAddress = z.infer<typeof billingAddressSchema>;

export { ENTERPRISE_PAYMENT } from "./enterprise-payment.js";
