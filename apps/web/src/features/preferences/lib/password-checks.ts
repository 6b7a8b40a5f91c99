import { PASSWORD_CHANGE_MIN_UNIQUE_CHARACTERS, countUniqueCharacters, passwordRuleChecks } from "@portal/contract";

/** The rules of a new password (spec section 5 and 9): sign-up's, and 6 different characters. */
export function newPasswordChecks(password: string) {
  return { ...passwordRuleChecks(password), unique: countUniqueCharacters(password) >= PASSWORD_CHANGE_MIN_UNIQUE_CHARACTERS };
}

export type NewPasswordRule = keyof ReturnType<typeof newPasswordChecks>;
