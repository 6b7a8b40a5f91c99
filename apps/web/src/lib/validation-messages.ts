import type { TFunction } from "i18next";

/**
 * The contract's zod schemas and the server's 422 answers carry English messages. The ones a
 * visitor can meet are translated here by their exact English text; any other text is shown as is.
 * (The texts are spelled out rather than imported so the login page does not pull every schema and
 * zod into its bundle; a unit test checks they still match the contract.)
 */
const keyByMessage = {
  "Email field is required": "validation.emailRequired",
  "Email should be valid": "validation.emailInvalid",
  "First name field is required": "validation.firstnameRequired",
  "Last name field is required": "validation.lastnameRequired",
  "Password field is required": "validation.passwordRequired",
  "Repeat password field is required": "validation.repeatPasswordRequired",
  "Passwords don't match": "validation.passwordsDontMatch",
  "Password must be at least 8 characters and include a letter, a number and a special character":
    "validation.passwordRule",
  "Username must be 3 to 32 letters, numbers, dots, hyphens or underscores": "validation.userNameRule",
  "First name must be at most 100 characters": "validation.firstnameTooLong",
  "Last name must be at most 100 characters": "validation.lastnameTooLong",
  "Password is too long": "validation.passwordTooLong",
} as const satisfies Record<string, `validation.${string}`>;

type ValidationKey = (typeof keyByMessage)[keyof typeof keyByMessage];

export function translationKeyOf(message: string): ValidationKey | undefined {
  return Object.hasOwn(keyByMessage, message) ? keyByMessage[message as keyof typeof keyByMessage] : undefined;
}

export function translateMessage(message: string, t: TFunction): string {
  const key = translationKeyOf(message);
  return key ? t(key) : message;
}
