import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { User } from "@portal/contract";
import { call, json } from "./http.js";
import { linkToken, waitForMail } from "./mail.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from "./test-app.js";

/**
 * Accounts made through the API, as a person makes them: sign-up, the mailed link, approval, login.
 * For tests whose subject is that flow; every other test makes its accounts with ./factories.ts.
 */

export const GOOD_PASSWORD = "Str0ng-pass!";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

/** A signed-in account: the user as the API presents it, a bearer token, and what it logs in with. */
export interface Customer {
  user: User;
  token: string;
  email: string;
  password: string;
}

export interface NewUser {
  firstname?: string;
  lastname?: string;
  email?: string;
  userName?: string;
  password?: string;
}

export async function registerUser(app: FastifyInstance, overrides: NewUser = {}) {
  const body = {
    firstname: "Ada",
    lastname: "Lovelace",
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    ...overrides,
  };
  const response = await app.inject({ method: "POST", url: "/api/v1/auth/register", payload: body });
  return { response, body };
}

export async function loginRequest(app: FastifyInstance, username: string, password: string, extra: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/v1/auth/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ username, password, ...extra }).toString(),
  });
}

export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await loginRequest(app, username, password);
  if (response.statusCode !== 200) throw new Error(`login as ${username} failed: ${response.statusCode} ${response.body}`);
  return json<{ data: { access_token: string } }>(response).data.access_token;
}

/** The first administrator's token from a real login, with its auth.login event (./factories.ts `adminToken` writes a session without). */
export function loginAsAdmin(app: FastifyInstance): Promise<string> {
  return loginAs(app, ADMIN_EMAIL, ADMIN_PASSWORD);
}

/** Opens the verification link mailed at sign-up, as the user would. */
export async function verifyEmailOf(testApp: TestApp, email: string): Promise<void> {
  const mail = await waitForMail(testApp.dataDir, email, /verify your e-mail/i);
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/v1/auth/verify-email",
    payload: { token: linkToken(mail) },
  });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
}

/** A customer who signed up, opened the mailed link, was approved by the administrator and logged in: five calls and a mail. */
export async function signUpCustomer(testApp: TestApp, overrides: NewUser = {}): Promise<Customer> {
  const { app } = testApp;
  const { response, body } = await registerUser(app, overrides);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const user = json<{ data: { user: User } }>(response).data.user;
  await verifyEmailOf(testApp, body.email);
  const approval = await call(app, {
    method: "POST",
    url: `/api/v1/users/${user.id}/approve`,
    token: await loginAsAdmin(app),
  });
  if (approval.statusCode !== 200) throw new Error(`approve failed: ${approval.statusCode} ${approval.body}`);
  const token = await loginAs(app, body.email, body.password);
  return { user: json<{ data: User }>(approval).data, token, email: body.email, password: body.password };
}
