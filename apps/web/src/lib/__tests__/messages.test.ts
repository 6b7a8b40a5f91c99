import {
  billingAddressBodySchema,
  emailField,
  englishOf,
  featureBodySchema,
  messageCatalogue,
  messageFromEnglish,
  messageOf,
  planBodySchema,
  signUpFormSchema,
  type MessageKey,
} from "@portal/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { changeLanguage, i18n, languages, loadEnglishFeature } from "../i18n";
import { translateMessage } from "../messages";
import en from "@/locales/en";
import es from "@/locales/es";
import fa from "@/locales/fa";
import ptBR from "@/locales/pt-BR";
import tr from "@/locales/tr";
import zhCN from "@/locales/zh-CN";

const t = i18n.t.bind(i18n);
const keys = Object.keys(messageCatalogue) as MessageKey[];
const locales: Record<string, unknown> = { en, es, fa, "pt-BR": ptBR, tr, "zh-CN": zhCN };

/** Sample values for a key's `{{parameters}}`. */
function sampleParams(key: MessageKey): Record<string, string> {
  const names = [...messageCatalogue[key].matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
  return Object.fromEntries(names.map((name, at) => [name, `${name}${at}`]));
}

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  return schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
}

describe("the message catalogue", () => {
  it("gives every key its own English text", () => {
    const byText = new Map<string, MessageKey[]>();
    for (const key of keys) byText.set(messageCatalogue[key], [...(byText.get(messageCatalogue[key]) ?? []), key]);
    expect([...byText.values()].filter((shared) => shared.length > 1)).toEqual([]);
  });

  it("finds the key and parameters of every English text the server answers", () => {
    for (const key of keys) {
      const params = sampleParams(key);
      expect(messageFromEnglish(englishOf(messageOf(key, params))), key).toEqual({ key, params });
    }
  });

  it("has every key in each of the six languages", () => {
    expect(Object.keys(locales).sort()).toEqual(languages.map((language) => language.code).sort());
    for (const [code, messages] of Object.entries(locales)) {
      for (const key of keys) {
        const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
        expect(typeof text === "string" && text.trim() !== "", `${code}: ${key}`).toBe(true);
      }
    }
  });
});

describe("translateMessage", () => {
  // The features whose English comes with their pages hold some keys (tickets.validation…).
  beforeAll(() => Promise.all((["tickets", "updates", "logMonitor", "faq", "mfa", "outbox"] as const).map(loadEnglishFeature)));

  it("translates every sign-up message of spec section 5", () => {
    const found = new Set<string>([
      ...messagesOf(signUpFormSchema, { firstname: "", lastname: "", email: "", password: "", repeatPassword: "" }),
      ...messagesOf(signUpFormSchema, { firstname: "A", lastname: "B", email: "not-an-email", userName: "x", password: "short", repeatPassword: "x" }),
      ...messagesOf(signUpFormSchema, { firstname: "A", lastname: "B", email: "a@b.co", password: "Passw0rd!", repeatPassword: "Other0rd!" }),
      ...messagesOf(z.object({ email: emailField }), { email: "nope" }),
      ...messagesOf(signUpFormSchema, { firstname: "x".repeat(101), lastname: "y".repeat(101), email: "a@b.co", password: "Passw0rd!", repeatPassword: "Passw0rd!" }),
    ]);
    const english = [...found].map(englishOf);
    expect(english).toContain("Email field is required");
    expect(english).toContain("Email should be valid");
    expect(english).toContain("Passwords don't match");
    for (const message of found) expect(translateMessage(message, t), message).toBe(englishOf(message));
  });

  it("says a schema's message and the server's English for it alike", () => {
    const messages = [
      ...messagesOf(featureBodySchema, { name: "", price: -1 }),
      ...messagesOf(featureBodySchema, { name: "x".repeat(121), price: 1.234 }),
      ...messagesOf(planBodySchema, { name: "a", price: 1, currency: "GBP", billingPeriod: "daily", durationDays: 0, maxActivations: 0, maxReleasesPer30Days: -1 }),
      ...messagesOf(planBodySchema, { name: "a", price: 1, currency: "USD", billingPeriod: "once", durationDays: 1.5, maxActivations: 100_001 }),
      ...messagesOf(billingAddressBodySchema, { line1: "", city: "", postalCode: "", country: "XX", taxLocation: "" }),
    ];
    expect(messages.length).toBeGreaterThan(10);
    for (const message of messages) {
      expect(translateMessage(message, t), message).not.toMatch(/validation\./);
      expect(translateMessage(englishOf(message), t), message).toBe(translateMessage(message, t));
    }
  });

  it("translates families of messages and keeps unknown text", () => {
    expect(translateMessage("Name field is required", t)).toBe("This field is required");
    expect(translateMessage("Name must be at most 120 characters", t)).toBe("Use at most 120 characters");
    expect(translateMessage("commerce.validation.cardExpired", t)).toBe("This card has expired");
    expect(translateMessage("Email field is required", t)).toBe(t("validation.emailRequired"));
    expect(translateMessage("Something else", t)).toBe("Something else");
    expect(translateMessage(undefined, t)).toBeUndefined();
  });

  it("leaves a translated text as it is, so a server's message translated twice stays the same", async () => {
    try {
      for (const { code } of languages) {
        await changeLanguage(code, { persist: false });
        for (const key of keys) {
          const once = translateMessage(messageOf(key, sampleParams(key)), t);
          expect(once, `${code}: ${key}`).not.toBe(key);
          expect(translateMessage(once, t), `${code}: ${key}`).toBe(once);
        }
      }
    } finally {
      await changeLanguage("en", { persist: false });
    }
  });
});
