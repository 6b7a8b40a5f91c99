import { emailField, signUpFormSchema, USERNAME_RULE_MESSAGE } from "@portal/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { i18n } from "../i18n";
import { translateMessage, translationKeyOf } from "../validation-messages";

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("contract messages the visitor can meet are all translated", () => {
  it("the spelled-out username rule still matches the contract", () => {
    expect(translationKeyOf(USERNAME_RULE_MESSAGE)).toBe("validation.userNameRule");
  });

  it("every sign-up message of spec section 5 has a translation", () => {
    const found = new Set<string>([
      ...messagesOf(signUpFormSchema.safeParse({ firstname: "", lastname: "", email: "", password: "", repeatPassword: "" })),
      ...messagesOf(
        signUpFormSchema.safeParse({ firstname: "A", lastname: "B", email: "not-an-email", userName: "x", password: "short", repeatPassword: "x" }),
      ),
      ...messagesOf(
        signUpFormSchema.safeParse({ firstname: "A", lastname: "B", email: "a@b.co", password: "Passw0rd!", repeatPassword: "Other0rd!" }),
      ),
      ...messagesOf(z.object({ email: emailField }).safeParse({ email: "nope" })),
      ...messagesOf(
        signUpFormSchema.safeParse({ firstname: "x".repeat(101), lastname: "y".repeat(101), email: "a@b.co", password: "Passw0rd!", repeatPassword: "Passw0rd!" }),
      ),
    ]);
    expect(found).toContain("Email field is required");
    expect(found).toContain("Email should be valid");
    expect(found).toContain("Passwords don't match");
    for (const message of found) expect(translationKeyOf(message), message).toBeDefined();
  });

  it("an unknown message is shown as it is", () => {
    expect(translateMessage("Something else", i18n.t)).toBe("Something else");
    expect(translateMessage("Email field is required", i18n.t)).toBe(i18n.t("validation.emailRequired"));
  });
});
