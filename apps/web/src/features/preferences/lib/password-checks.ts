import { PASSWORD_CHANGE_MIN_UNIQUE_CHARACTERS, PASSWORD_MIN_LENGTH, countUniqueCharacters } from "@portal/contract";

/** The rules of a new password (spec section 5 and 9), checked live as the user types. */
export function newPasswordChecks(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    letter: /\p{L}/u.test(password),
    number: /\p{N}/u.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
    unique: countUniqueCharacters(password) >= PASSWORD_CHANGE_MIN_UNIQUE_CHARACTERS,
  };
}

export type NewPasswordRule = keyof ReturnType<typeof newPasswordChecks>;
