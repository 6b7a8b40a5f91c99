import { messageFromEnglish, readMessage, type MessageParams } from "@portal/contract";
import type { ParseKeys, TFunction } from "i18next";

/**
 * A validation message in the interface language. A schema's message (the contract's, or a form's
 * own rule) is a key of the contract's message catalogue, and every key is a translation key of
 * ours; a server 422 says the same messages in English, which the catalogue turns back into their
 * keys. Any other text is shown as it is.
 */
export function translateMessage(text: string, t: TFunction): string;
export function translateMessage(text: string | undefined, t: TFunction): string | undefined;
export function translateMessage(text: string | undefined, t: TFunction): string | undefined {
  if (!text) return undefined;
  const found = readMessage(text) ?? messageFromEnglish(text);
  if (!found) return text;
  // Parameters as text, as a 422's English gives them back: a schema's limit reads the same either way.
  const params: MessageParams = Object.fromEntries(Object.entries(found.params).map(([name, value]) => [name, String(value)]));
  // `satisfies`: a key the catalogue gains without an English translation does not compile.
  return t(found.key satisfies ParseKeys, params);
}
