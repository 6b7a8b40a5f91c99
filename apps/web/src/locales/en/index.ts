/**
 * English: the default and fallback language, and the shape every other locale must match
 * (the type `Messages` below makes a missing or extra key a compile error; a unit test checks it
 * at run time too).
 */
import areas from "./areas";
import core from "./core";
import tickets from "./tickets";
import faq from "./faq";
import mfa from "./mfa";

// The ticket screens' strings load with those pages (lib/i18n loadEnglishTickets), beside the dropdown's in the areas.
// The FAQ's and the MFA authenticator's strings come with their pages too (loadEnglishFaq, loadEnglishMfa).
const en = { ...core, ...areas, tickets: { ...areas.tickets, ...tickets }, faq, mfa };

export default en;

/** Same keys as English, every value a string: a locale that misses or adds a key does not compile. */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type Messages = DeepStrings<typeof en>;
