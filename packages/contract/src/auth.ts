import { z } from "zod";
import { emailField, requiredText, timestamp } from "./common.js";
import { messageOf } from "./messages.js";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_CHANGE_MIN_UNIQUE_CHARACTERS = 6;

/** Sign-up rule of spec section 5, part by part (the forms tick them off as the password is typed). */
export function passwordRuleChecks(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    letter: /\p{L}/u.test(password),
    number: /\p{N}/u.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
  };
}

/** Sign-up rule of spec section 5: 8+ characters with a letter, a number and a special character. */
export function meetsPasswordRequirements(password: string): boolean {
  return password.length <= PASSWORD_MAX_LENGTH && Object.values(passwordRuleChecks(password)).every(Boolean);
}

export const userStatus = z.enum(["pending", "active", "locked", "disabled"]);
export type UserStatus = z.infer<typeof userStatus>;

export const userSchema = z
  .object({
    id: z.uuid(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    userName: z.string(),
    isAdmin: z.boolean(),
    d_created: timestamp,
    status: userStatus,
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userSchema>;

const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

/** A chosen userName; an e-mail-shaped one is only accepted when it is the account's own e-mail. */
export const userNameField = z
  .string({ error: messageOf("validation.userNameNotText") })
  .trim()
  .refine((value) => (value.length >= 3 && value.length <= 32 && USERNAME_PATTERN.test(value)) || value.includes("@"), {
    error: messageOf("validation.userNameRule"),
  });

/** The names of a person, with sign-up's own messages (spec section 5) wherever they are asked. */
export const firstnameField = requiredText("First name", 100, { required: "validation.firstnameRequired", tooLong: "validation.firstnameTooLong" });
export const lastnameField = requiredText("Last name", 100, { required: "validation.lastnameRequired", tooLong: "validation.lastnameTooLong" });

const passwordField = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? messageOf("validation.passwordRequired") : messageOf("validation.passwordNotText"),
  })
  .min(1, { error: messageOf("validation.passwordRequired") })
  .max(1024, { error: messageOf("validation.passwordTooLong") });

/** A new password and its repetition, as the sign-up and password-reset forms ask them (spec section 5). */
export const newPasswordFields = {
  password: passwordField.refine(meetsPasswordRequirements, { error: messageOf("validation.passwordRule") }),
  repeatPassword: z.string().min(1, { error: messageOf("validation.repeatPasswordRequired") }),
};

/** A form with `newPasswordFields`, checked that the repetition matches (the error lands on the repeated field). */
export function withRepeatedPassword<T extends z.ZodType<{ password: string; repeatPassword: string }>>(form: T) {
  return form.refine((values) => values.password === values.repeatPassword, {
    error: messageOf("validation.passwordsDontMatch"),
    path: ["repeatPassword"],
  });
}

export const registerBodySchema = z
  .strictObject({
    firstname: firstnameField,
    lastname: lastnameField,
    email: emailField,
    userName: z.union([userNameField, z.literal("").transform(() => undefined), z.null().transform(() => undefined)]).optional(),
    password: passwordField,
  })
  .meta({ id: "RegisterBody" });
export type RegisterBody = z.input<typeof registerBodySchema>;

/** OAuth2 password-grant form: clients built for that flow also send grant_type, scope and client fields. */
export const tokenBodySchema = z
  .strictObject({
    username: requiredText("Username", 254),
    password: passwordField,
    otp: z.string().trim().max(32).optional(),
    grant_type: z.literal("password").optional(),
    scope: z.string().max(200).optional(),
    client_id: z.string().max(200).optional(),
    client_secret: z.string().max(200).optional(),
  })
  .meta({ id: "TokenForm" });
export type TokenBody = z.input<typeof tokenBodySchema>;

export const tokenAnswerSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal("bearer"),
    expires_in: z.number().int(),
    user: userSchema,
  })
  .meta({ id: "TokenAnswer" });
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

export const updateMeBodySchema = z
  .strictObject({
    firstname: firstnameField.optional(),
    lastname: lastnameField.optional(),
    userName: userNameField.optional(),
  })
  .meta({ id: "UpdateMeBody" });
export type UpdateMeBody = z.input<typeof updateMeBodySchema>;

/** The web sign-up form: the server's body plus the repeated password, checked before sending. */
export const signUpFormSchema = withRepeatedPassword(
  z.object({
    firstname: firstnameField,
    lastname: lastnameField,
    email: emailField,
    userName: z.union([userNameField, z.literal("")]).optional(),
    ...newPasswordFields,
  }),
);
export type SignUpForm = z.input<typeof signUpFormSchema>;

/** Password-change rule of spec section 5: at least 6 different characters. */
export function countUniqueCharacters(password: string): number {
  return new Set(Array.from(password)).size;
}

const tokenField = z
  .string({ error: messageOf("validation.tokenRequired") })
  .trim()
  .min(1, { error: messageOf("validation.tokenRequired") })
  .max(200, { error: messageOf("validation.tokenInvalid") });

export const verifyEmailBodySchema = z.strictObject({ token: tokenField }).meta({ id: "VerifyEmailBody" });
export const emailOnlyBodySchema = z.strictObject({ email: emailField }).meta({ id: "EmailBody" });

export const resetPasswordBodySchema = z
  .strictObject({ token: tokenField, password: passwordField })
  .meta({ id: "ResetPasswordBody" });

export const changePasswordBodySchema = z
  .strictObject({
    oldPassword: z
      .string({ error: messageOf("accounts.validation.oldPasswordRequired") })
      .min(1, { error: messageOf("accounts.validation.oldPasswordRequired") })
      .max(1024),
    newPassword: z
      .string({ error: messageOf("accounts.validation.newPasswordRequired") })
      .min(1, { error: messageOf("accounts.validation.newPasswordRequired") })
      .max(1024),
    confirmPassword: z.string().max(1024).optional(),
  })
  .meta({ id: "ChangePasswordBody" });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** The web password-change form: every rule of spec section 5, checked before sending. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, { error: messageOf("accounts.validation.oldPasswordRequired") }),
    newPassword: z
      .string()
      .min(1, { error: messageOf("accounts.validation.newPasswordRequired") })
      .refine((value) => countUniqueCharacters(value) >= PASSWORD_CHANGE_MIN_UNIQUE_CHARACTERS, {
        error: messageOf("accounts.validation.uniqueCharacters"),
      })
      .refine(meetsPasswordRequirements, { error: messageOf("validation.passwordRule") }),
    confirmPassword: z.string().min(1, { error: messageOf("accounts.validation.confirmPasswordRequired") }),
  })
  .refine((form) => form.newPassword !== form.oldPassword, {
    error: messageOf("accounts.validation.mustDiffer"),
    path: ["newPassword"],
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: messageOf("accounts.validation.confirmMismatch"),
    path: ["confirmPassword"],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

export const twoFactorCodeBodySchema = z
  .strictObject({
    code: z
      .string({ error: messageOf("accounts.validation.codeRequired") })
      .trim()
      .min(1, { error: messageOf("accounts.validation.codeRequired") })
      .max(32, { error: messageOf("accounts.validation.codeInvalid") }),
  })
  .meta({ id: "TwoFactorCodeBody" });

export const twoFactorSetupSchema = z
  .object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() })
  .meta({ id: "TwoFactorSetup" });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnabledSchema = z
  .object({ enabled: z.literal(true), recoveryCodes: z.array(z.string()) })
  .meta({ id: "TwoFactorEnabled" });

export const RECOVERY_CODE_COUNT = 10;
