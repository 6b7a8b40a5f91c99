import { totp } from "@portal/test-support";
import {
  enableTwoFactor,
  expect,
  loginThroughUi,
  mailedLink,
  PASSWORD,
  readyAccount,
  registerThroughApi,
  test,
  uniqueEmail,
} from "./support";

test.describe("auth screens against the real server", () => {
  test("sign-up puts the server's auth/email_taken on the email field", async ({ page, request, allowFailedRequests }) => {
    allowFailedRequests(/\/api\/v1\/auth\/register$/);
    const email = uniqueEmail("taken");
    await registerThroughApi(request, email);

    await page.goto("/auth/signup");
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Taken");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await page.getByLabel("Repeat password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    const emailField = page.getByLabel("Email");
    await expect(emailField).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("This email is already registered. Please use a different email or try logging in.")).toBeVisible();
  });

  test("two-factor step: a wrong code is refused, the authenticator's code lets the user in", async ({
    page,
    request,
    allowFailedRequests,
  }) => {
    allowFailedRequests(/\/api\/v1\/auth\/token$/);
    const email = await readyAccount(request, "twofactor", "Tess");
    const { secret } = await enableTwoFactor(request, email);

    await page.goto("/auth/login");
    await loginThroughUi(page, email, PASSWORD);
    const step = page.getByTestId("two-factor-step");
    await expect(step.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
    await expect(page.getByText("Two-factor authentication is required for this account.")).toBeVisible();

    // Its code for the step after the one enabling it spent: accepted now, unlike a reused one.
    const good = totp(secret, 1);
    const wrong = good === "000000" ? "111111" : "000000";
    await step.locator("input").first().click();
    await page.keyboard.type(wrong);
    await step.getByRole("button", { name: "Verify" }).click();
    await expect(step.getByRole("alert")).toHaveText("Invalid two-factor authentication code. Please try again.");

    await step.locator("input").first().click();
    await page.keyboard.type(good);
    await step.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Tess" })).toBeVisible();
  });

  test("recover password: request a link, open it from the mail, choose a new password, log in with it", async ({
    page,
    request,
    allowFailedRequests,
  }) => {
    allowFailedRequests(/\/api\/v1\/auth\/reset-password$/);
    const email = await readyAccount(request, "recover", "Robin");

    // A link without a token, and one with a bad token, say so.
    await page.goto("/auth/recover-password-email");
    await expect(page.getByRole("heading", { level: 1, name: "This link is incomplete" })).toBeVisible();
    await page.goto("/auth/recover-password-email?token=not-a-token");
    await page.getByRole("textbox", { name: "New password", exact: true }).fill("N3w-password!");
    await page.getByLabel("Repeat new password").fill("N3w-password!");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("This link is invalid or has expired. Please request a new one.")).toBeVisible();

    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/auth\/recover-password$/);
    await page.getByRole("button", { name: "Send recovery link" }).click();
    await expect(page.getByText("Email field is required")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send recovery link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();

    const link = await mailedLink(email, "/auth/recover-password-email");
    expect(link, "password reset e-mail").toBeTruthy();
    await page.goto(link!.pathname + link!.search);
    await page.getByRole("textbox", { name: "New password", exact: true }).fill("N3w-password!");
    await page.getByLabel("Repeat new password").fill("N3w-password!");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText("Your password has been changed. You can now log in.")).toBeVisible();

    await loginThroughUi(page, email, "N3w-password!");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
