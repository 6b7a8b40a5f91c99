import { z } from "zod";
import { messageOf } from "./messages.js";
import { timestamp } from "./common.js";

/**
 * Whether the system authenticator has a secret yet (and since when): asked first, so the page offers
 * the setup instead of asking for a code that cannot exist. Reveals nothing of the secret.
 */
export const mfaStatusSchema = z
  .object({ configured: z.boolean(), provisionedAt: timestamp.nullable() })
  .meta({ id: "MfaStatus" });
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** The system authenticator's code: RFC 6238, SHA-1, six digits, a new one every 30 seconds. */
export const MFA_CODE_DIGITS = 6;
export const MFA_PERIOD_SECONDS = 30;

export const mfaCurrentCodeSchema = z
  .object({
    code: z.string().regex(/^\d{6}$/),
    /** Whole seconds until the code changes (1..period). */
    remainingSeconds: z.number().int().min(1),
    period: z.number().int().positive(),
  })
  .meta({ id: "MfaCurrentCode" });
export type MfaCurrentCode = z.infer<typeof mfaCurrentCodeSchema>;

/**
 * Spec section 5: "code required". Any other text is checked against the authenticator and, when
 * it is not its code, answered 400 `mfa/invalid_code` (spaces between the digits are ignored).
 */
export const mfaVerifyBodySchema = z
  .strictObject({
    code: z
      .string({ error: messageOf("accounts.validation.codeRequired") })
      .trim()
      .min(1, { error: messageOf("accounts.validation.codeRequired") })
      .max(32, { error: messageOf("accounts.validation.codeInvalid") }),
  })
  .meta({ id: "MfaVerifyBody" });
export type MfaVerifyBody = z.input<typeof mfaVerifyBodySchema>;

export const mfaVerifyAnswerSchema = z.object({ valid: z.literal(true) }).meta({ id: "MfaVerifyAnswer" });

/** The only answer that carries the secret (inside the otpauth URL), once, when it is made. */
export const mfaProvisioningSchema = z
  .object({ otpauthUrl: z.string(), qrDataUrl: z.string() })
  .meta({ id: "MfaProvisioning" });
export type MfaProvisioning = z.infer<typeof mfaProvisioningSchema>;
