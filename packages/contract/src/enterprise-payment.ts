/**
 * Spec section 9: enterprise manual payment. No zod here (payments.ts re-exports this): the web's
 * logged-in layout shows it, and a value from a module of schemas brought every schema and zod along.
 */
export const ENTERPRISE_PAYMENT = { businessHours: "9:00-18:00", replyWithinHours: 2 } as const;
