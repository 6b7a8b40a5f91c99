import { errorCatalogue, errorCodes, type ErrorCode } from "@portal/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../api-client";
import { errorCodeOf, isRefusedTwoFactorCode, parseApiError, parseErrorBody } from "../errors";
import { changeLanguage, i18n, languages } from "../i18n";

const t = i18n.t;
const UNEXPECTED = "An unexpected error occurred. Please try again.";

/** Spec section 8, "Auth codes", copied verbatim: the parser must give exactly these. */
const specAuthCodes: Record<string, { type: "error" | "warning" | "info"; message: string }> = {
  "auth/registration_status": { type: "error", message: "Your registration is pending approval. Please check back later!." },
  "auth/old_password_incorrect": { type: "error", message: "Old password is incorrect" },
  "auth/invalid_credentials": { type: "error", message: "Invalid email or password. Please try again." },
  "auth/email_taken": { type: "error", message: "This email is already registered. Please use a different email or try logging in." },
  "auth/username_taken": { type: "error", message: "This username is already taken. Please choose a different username." },
  "auth/password_requirements": {
    type: "error",
    message:
      "Password does not meet the requirements. Please ensure it has at least 8 characters, including letters, numbers, and special characters.",
  },
  "auth/email_verification": { type: "warning", message: "Please verify your email address before logging in." },
  "auth/account_locked": {
    type: "error",
    message: "Your account has been locked due to multiple failed login attempts. Please contact support.",
  },
  "auth/token_expired": { type: "info", message: "Your session has expired. Please log in again." },
  "auth/2fa_required": { type: "info", message: "Two-factor authentication is required for this account." },
  "auth/2fa_invalid": { type: "error", message: "Invalid two-factor authentication code. Please try again." },
};

function response(body: unknown, status = 400) {
  return new ApiError("response", { status, body });
}

describe("error parser (spec section 8)", () => {
  beforeAll(async () => {
    await changeLanguage("en", { persist: false });
  });

  it.each(Object.entries(specAuthCodes))("%s gives the spec's message and type", (code, expected) => {
    const parsed = parseApiError(response({ detail: [{ loc: [code], msg: "server text", type: "error" }] }), t);
    expect(parsed.message).toBe(expected.message);
    expect(parsed.type).toBe(expected.type);
    expect(parsed.code).toBe(code);
  });

  describe.each(errorCodes)("catalogue code %s", (code: ErrorCode) => {
    const expected = { message: errorCatalogue[code].message, type: errorCatalogue[code].type };

    it("in a detail list", () => {
      const parsed = parseErrorBody({ detail: [{ loc: [code], msg: "ignored", type: "info" }] }, t, 400);
      expect(parsed).toMatchObject({ ...expected, code, status: 400 });
    });

    it("as a single detail item", () => {
      expect(parseErrorBody({ detail: { loc: [code], msg: "ignored", type: "info" } }, t)).toMatchObject({ ...expected, code });
    });

    it("with loc as a bare string and no text", () => {
      expect(parseErrorBody({ detail: { loc: code } }, t)).toMatchObject({ ...expected, code });
    });

    it("is what errorCodeOf reports", () => {
      expect(errorCodeOf(response({ detail: [{ loc: [code], msg: "", type: "error" }] }))).toBe(code);
    });
  });

  it("translates the code's message into the current language", async () => {
    await changeLanguage("tr", { persist: false });
    try {
      const parsed = parseApiError(response({ detail: [{ loc: ["auth/invalid_credentials"], msg: "x", type: "error" }] }), i18n.t);
      expect(parsed.message).toBe(i18n.t("errors.codes.auth/invalid_credentials"));
      expect(parsed.message).not.toBe(specAuthCodes["auth/invalid_credentials"]!.message);
      expect(parseApiError(new ApiError("no-response"), i18n.t).message).not.toBe(
        "No response received from server. Please check your connection.",
      );
    } finally {
      await changeLanguage("en", { persist: false });
    }
  });

  it("a reused 2FA code says so, as a warning, in every language, and is a refusal of the code field", async () => {
    const body = { detail: [{ loc: ["auth/2fa_code_reused"], msg: "server text", type: "warning" }] };
    const english = parseErrorBody(body, t, 401);
    expect(english).toMatchObject({ type: "warning", code: "auth/2fa_code_reused" });
    expect(english.message).toBe("This two-factor code has already been used. Wait for the next code in your authenticator app and enter that one.");
    try {
      for (const language of languages.filter((entry) => entry.code !== "en")) {
        await changeLanguage(language.code, { persist: false });
        const parsed = parseErrorBody(body, i18n.t, 401);
        expect(parsed.type, language.code).toBe("warning");
        expect(parsed.message, language.code).not.toBe(english.message);
        expect(parsed.message, language.code).not.toBe(i18n.t("errors.codes.auth/2fa_invalid"));
      }
    } finally {
      await changeLanguage("en", { persist: false });
    }
    expect(isRefusedTwoFactorCode("auth/2fa_code_reused")).toBe(true);
    expect(isRefusedTwoFactorCode("auth/2fa_invalid")).toBe(true);
    expect(isRefusedTwoFactorCode("auth/2fa_required")).toBe(false);
  });

  it("an unknown code with text shows the text, with the item's type", () => {
    const parsed = parseErrorBody({ detail: [{ loc: ["billing/card_expired"], msg: "Card expired", type: "warning" }] }, t);
    expect(parsed).toMatchObject({ message: "Card expired", type: "warning" });
    expect(parsed.code).toBeUndefined();
  });

  it("an unknown code without text gives the generic message", () => {
    expect(parseErrorBody({ detail: [{ loc: ["billing/card_expired"], msg: "", type: "error" }] }, t)).toMatchObject({
      message: UNEXPECTED,
      type: "error",
    });
    expect(parseErrorBody({ detail: [{ loc: ["billing/card_expired"] }] }, t).message).toBe(UNEXPECTED);
  });

  it("an invalid type on an unknown item falls back to error", () => {
    expect(parseErrorBody({ detail: [{ loc: ["x/y"], msg: "Text", type: "fatal" }] }, t).type).toBe("error");
  });

  it("a plain-text detail is shown as it is", () => {
    expect(parseErrorBody({ detail: "Service is down for maintenance" }, t)).toMatchObject({
      message: "Service is down for maintenance",
      type: "error",
    });
  });

  it("a list of plain strings is shown line by line", () => {
    expect(parseErrorBody({ detail: ["First problem", "Second problem"] }, t).message).toBe("First problem\nSecond problem");
  });

  it.each([
    ["no body", undefined],
    ["a body without detail", { message: "nope" }],
    ["detail null", { detail: null }],
    ["an empty list", { detail: [] }],
    ["an empty string", { detail: "  " }],
    ["a number", { detail: 42 }],
    ["an HTML page from a proxy", "<html>Bad gateway</html>"],
  ])("%s gives the generic message", (_label, body) => {
    expect(parseErrorBody(body, t)).toMatchObject({ message: UNEXPECTED, type: "error" });
  });

  it("a 422 item names its field and its known message is translated", () => {
    const parsed = parseErrorBody(
      { detail: [{ loc: ["body", "email"], msg: "Email should be valid", type: "error" }] },
      t,
      422,
    );
    expect(parsed.items[0]).toEqual({ message: "Email should be valid", type: "error", field: "email" });
    expect(parsed.status).toBe(422);
  });

  it("a 422 item with an unknown message keeps the server's text", () => {
    const parsed = parseErrorBody({ detail: [{ loc: ["body", "userName"], msg: "Something specific", type: "error" }] }, t);
    expect(parsed.items[0]).toEqual({ message: "Something specific", type: "error", field: "userName" });
  });

  it("several items: every distinct message, the most severe type, the first code", () => {
    const parsed = parseErrorBody(
      {
        detail: [
          { loc: ["auth/2fa_required"], msg: "", type: "info" },
          { loc: ["auth/email_verification"], msg: "", type: "warning" },
          { loc: ["auth/2fa_required"], msg: "", type: "info" },
        ],
      },
      t,
    );
    expect(parsed.message).toBe(
      "Two-factor authentication is required for this account.\nPlease verify your email address before logging in.",
    );
    expect(parsed.type).toBe("warning");
    expect(parsed.code).toBe("auth/2fa_required");
    expect(parsed.items).toHaveLength(3);
    expect(parseErrorBody({ detail: [{ loc: ["auth/2fa_required"] }, { loc: ["auth/account_locked"] }] }, t).type).toBe("error");
  });

  it("no response received", () => {
    expect(parseApiError(new ApiError("no-response"), t)).toMatchObject({
      message: "No response received from server. Please check your connection.",
      type: "error",
    });
  });

  it("request setup failure", () => {
    expect(parseApiError(new ApiError("setup"), t)).toMatchObject({
      message: "Error setting up request. Please try again.",
      type: "error",
    });
  });

  it("anything else thrown gives the generic message", () => {
    expect(parseApiError(new TypeError("boom"), t).message).toBe(UNEXPECTED);
    expect(parseApiError("a string", t).message).toBe(UNEXPECTED);
    expect(parseApiError(undefined, t).message).toBe(UNEXPECTED);
  });

  it("errorCodeOf ignores what is not a coded answer", () => {
    expect(errorCodeOf(new ApiError("no-response"))).toBeUndefined();
    expect(errorCodeOf(response({ detail: [{ loc: ["body", "email"], msg: "x" }] }))).toBeUndefined();
    expect(errorCodeOf(new Error("x"))).toBeUndefined();
    expect(errorCodeOf(response({ detail: { loc: ["auth/account_locked"] } }))).toBe("auth/account_locked");
  });
});
