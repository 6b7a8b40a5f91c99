import type { TFunction } from "i18next";
import { translateMessage } from "./validation-messages";

/**
 * The English texts of the catalogue, project and payment schemas (packages/contract), which the
 * forms show for their own checks and the server sends in its 422 answers, mapped to translation
 * keys. Families of messages ("<Label> field is required", "<Label> must be at most N characters")
 * are matched by pattern; anything unknown is shown as it is.
 */
const exact = {
  "Price must be a number": "commerce.validation.priceNumber",
  "Price cannot be negative": "commerce.validation.priceNegative",
  "Price is too large": "commerce.validation.priceTooLarge",
  "Price can have at most two decimals": "commerce.validation.priceDecimals",
  "Currency must be USD, EUR or TRY": "commerce.validation.currency",
  "Billing period must be monthly, yearly or once": "commerce.validation.billingPeriod",
  "Duration must be a number of days": "commerce.validation.durationNumber",
  "Duration must be a whole number of days": "commerce.validation.durationNumber",
  "Duration must be at least 1 day": "commerce.validation.durationRange",
  "Duration must be at most 36500 days": "commerce.validation.durationRange",
  "Max activations must be a number": "commerce.validation.activationsRange",
  "Max activations must be a whole number": "commerce.validation.activationsRange",
  "Max activations must be at least 1": "commerce.validation.activationsRange",
  "Max activations must be at most 100000": "commerce.validation.activationsRange",
  "Releases per 30 days must be a number": "commerce.validation.releasesRange",
  "Releases per 30 days cannot be negative": "commerce.validation.releasesRange",
  "Choose at least one feature": "commerce.validation.chooseFeature",
  "Last four digits are required": "commerce.validation.last4",
  "Last four digits must be 4 digits": "commerce.validation.last4",
  "Expiry month is required": "commerce.validation.expMonth",
  "Expiry month must be 1 to 12": "commerce.validation.expMonth",
  "Expiry year is required": "commerce.validation.expYear",
  "Expiry year is not valid": "commerce.validation.expYear",
  "This card has expired": "commerce.validation.cardExpired",
  "The full card number and security code are never sent to the server": "commerce.validation.fullNumberRefused",
  "Country field is required": "commerce.validation.countryRequired",
  "Country must be an ISO 3166 two-letter code": "commerce.validation.country",
} as const satisfies Record<string, `commerce.validation.${string}`>;

export function commerceMessageKey(message: string): (typeof exact)[keyof typeof exact] | "commerce.validation.required" | "commerce.validation.tooLong" | undefined {
  if (Object.hasOwn(exact, message)) return exact[message as keyof typeof exact];
  if (/ field is required$/.test(message) || / must be text$/.test(message)) return "commerce.validation.required";
  if (/ must be at most \d+ characters$/.test(message)) return "commerce.validation.tooLong";
  return undefined;
}

/** A schema or server message in the interface language. */
export function translateCommerceMessage(message: string | undefined, t: TFunction): string | undefined {
  if (message === undefined) return undefined;
  // Our own form schemas use translation keys as their messages.
  if (message.startsWith("commerce.")) return t(message as never);
  const key = commerceMessageKey(message);
  if (key === "commerce.validation.tooLong") return t(key, { max: /(\d+) characters$/.exec(message)?.[1] ?? "" });
  if (key) return t(key);
  return translateMessage(message, t);
}
