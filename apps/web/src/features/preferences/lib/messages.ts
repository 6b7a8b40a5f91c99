import { CHANGE_PASSWORD_MESSAGES } from "@portal/contract";
import type { ParseKeys, TFunction } from "i18next";
import { translateMessage } from "@/lib/validation-messages";

/**
 * The English texts of the contract's password-change and 2FA schemas (and the server's 422s for
 * the same fields), translated by their exact text; everything else goes to the shared table.
 */
const keyByMessage: Record<string, ParseKeys> = {
  "Old password field is required": "accounts.validation.oldPasswordRequired",
  "New password field is required": "accounts.validation.newPasswordRequired",
  "Confirm password field is required": "accounts.validation.confirmPasswordRequired",
  [CHANGE_PASSWORD_MESSAGES.mustDiffer]: "accounts.validation.mustDiffer",
  [CHANGE_PASSWORD_MESSAGES.confirmMismatch]: "accounts.validation.confirmMismatch",
  [CHANGE_PASSWORD_MESSAGES.uniqueCharacters]: "accounts.validation.uniqueCharacters",
  "Code field is required": "accounts.validation.codeRequired",
};

export function translateFormMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  const key = Object.hasOwn(keyByMessage, message) ? keyByMessage[message] : undefined;
  return key ? t(key) : translateMessage(message, t);
}
