/**
 * English: the default and fallback language, and the shape every other locale must match
 * (the type `Messages` below makes a missing or extra key a compile error; a unit test checks it
 * at run time too).
 */
import areas from "./areas";
import core from "./core";
import logMonitor from "./log-monitor";
import tickets from "./tickets";
import updates from "./updates";
import faq from "./faq";
import mfa from "./mfa";
import outbox from "./outbox";

// The ticket, update, log monitor, FAQ, MFA authenticator and outbox screens' strings load with those pages
// (lib/i18n loadEnglishFeature); the ticket dropdown's few come with the areas.
const en = { ...core, ...areas, tickets: { ...areas.tickets, ...tickets }, updates, logMonitor, faq, mfa, outbox };

export default en;

/**
 * Same keys as English, every value a string: a locale that misses or adds a key does not compile.
 * A counted message (`x_one`, `x_other`) may add the plural forms English does without (Spanish and
 * Portuguese `x_many`: Intl.PluralRules' categories of the language; a unit test asks for them).
 */
type ExtraPluralForms<T> = { [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${"zero" | "two" | "few" | "many"}` : never]?: string };
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> } & ExtraPluralForms<T>;
export type Messages = DeepStrings<typeof en>;
