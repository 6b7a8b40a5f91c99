import { changePasswordFormSchema, defaultNotificationSettings, englishOf, type NotificationSettings } from "@portal/contract";
import { describe, expect, it } from "vitest";
import { changeLanguage, i18n } from "@/lib/i18n";
import { settingsPatch } from "../api/notification-settings";
import { translateMessage } from "@/lib/messages";
import { newPasswordChecks } from "../lib/password-checks";
import { recoveryCodesText } from "../lib/recovery-codes";

const clone = (settings: NotificationSettings): NotificationSettings => structuredClone(settings);

describe("notification settings: PUT only what changed", () => {
  it("sends nothing when nothing changed", () => {
    expect(settingsPatch(defaultNotificationSettings, clone(defaultNotificationSettings))).toBeUndefined();
  });

  it("sends only the switched channels and subscriptions", () => {
    const edited = clone(defaultNotificationSettings);
    edited.channels.billing.inApp = !edited.channels.billing.inApp;
    edited.channels.product_news.email = !edited.channels.product_news.email;
    edited.emailSubscriptions.events = !edited.emailSubscriptions.events;
    expect(settingsPatch(defaultNotificationSettings, edited)).toEqual({
      channels: {
        billing: { inApp: !defaultNotificationSettings.channels.billing.inApp },
        product_news: { email: !defaultNotificationSettings.channels.product_news.email },
      },
      emailSubscriptions: { events: !defaultNotificationSettings.emailSubscriptions.events },
    });
  });

  it("a switch turned back is no change", () => {
    const edited = clone(defaultNotificationSettings);
    edited.channels.messaging.email = !edited.channels.messaging.email;
    edited.channels.messaging.email = !edited.channels.messaging.email;
    expect(settingsPatch(defaultNotificationSettings, edited)).toBeUndefined();
  });
});

describe("password change form (contract schema, spec section 5)", () => {
  const parse = (form: { oldPassword: string; newPassword: string; confirmPassword: string }) => {
    const result = changePasswordFormSchema.safeParse(form);
    const first: Record<string, string> = {};
    for (const issue of result.success ? [] : result.error.issues) first[issue.path.join(".")] ??= englishOf(issue.message);
    return first;
  };

  it("requires the three fields", () => {
    expect(parse({ oldPassword: "", newPassword: "", confirmPassword: "" })).toMatchObject({
      oldPassword: "Old password field is required",
      newPassword: "New password field is required",
      confirmPassword: "Confirm password field is required",
    });
  });

  it("new differs from old, confirmation matches, 6 unique characters", () => {
    expect(parse({ oldPassword: "Str0ng-pass!", newPassword: "Str0ng-pass!", confirmPassword: "x" })).toMatchObject({
      newPassword: "New password must be different from the old password",
      confirmPassword: "Confirm password does not match new password",
    });
    expect(parse({ oldPassword: "Str0ng-pass!", newPassword: "aaaa1!aa", confirmPassword: "aaaa1!aa" }).newPassword).toBe(
      "Password must contain at least 6 unique characters",
    );
    expect(parse({ oldPassword: "Str0ng-pass!", newPassword: "An0ther-secret!", confirmPassword: "An0ther-secret!" })).toEqual({});
  });

  it("every message of the schema is translated in every language", async () => {
    const messages = [
      "Old password field is required",
      "New password field is required",
      "Confirm password field is required",
      "New password must be different from the old password",
      "Confirm password does not match new password",
      "Password must contain at least 6 unique characters",
      "Code field is required",
    ];
    try {
      for (const language of ["tr", "es", "zh-CN", "fa", "pt-BR"] as const) {
        await changeLanguage(language, { persist: false });
        for (const message of messages) expect(translateMessage(message, i18n.t), `${language}: ${message}`).not.toBe(message);
      }
    } finally {
      await changeLanguage("en", { persist: false });
    }
    for (const message of messages) expect(translateMessage(message, i18n.t)).toBe(message);
    expect(translateMessage(undefined, i18n.t)).toBeUndefined();
  });

  it("the live checklist follows the rules", () => {
    expect(newPasswordChecks("aaaa")).toEqual({ length: false, letter: true, number: false, special: false, unique: false });
    expect(newPasswordChecks("An0ther-secret!")).toEqual({ length: true, letter: true, number: true, special: true, unique: true });
  });
});

describe("recovery codes file", () => {
  it("is a header, a blank line and one code a line", () => {
    expect(recoveryCodesText("Codes for a@b.c", ["aaaaa-bbbbb", "ccccc-ddddd"])).toBe("Codes for a@b.c\n\naaaaa-bbbbb\nccccc-ddddd\n");
  });
});
