import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errorCatalogue, type User } from "@portal/contract";
import { auditEvents, sessions, users } from "../../db/schema/index.js";
import { GOOD_PASSWORD, signUpCustomer, loginAs, loginRequest, registerUser, uniqueEmail } from "../../test/accounts.js";
import { adminToken } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.targetId, targetId))
    .orderBy(auditEvents.id);
  return rows.map((row) => row.action);
}

describe("POST /api/v1/auth/register", () => {
  it("creates a pending account whose userName falls back to the e-mail", async () => {
    const email = uniqueEmail("Mixed.Case").replace("mixed", "MIXED");
    const { response } = await registerUser(t.app, { email: `  ${email} ` });
    expect(response.statusCode).toBe(201);
    const body = json<{ status: string; data: { user: User } }>(response);
    expect(body.status).toBe("success");
    expect(body.data.user).toMatchObject({
      email: email.toLowerCase(),
      userName: email.toLowerCase(),
      firstname: "Ada",
      lastname: "Lovelace",
      isAdmin: false,
      status: "pending",
      emailVerified: false,
      twoFactorEnabled: false,
    });
    expect(new Date(body.data.user.d_created).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    expect(await auditActions(body.data.user.id)).toEqual(["auth.register"]);
  });

  it("keeps a chosen userName", async () => {
    const { response } = await registerUser(t.app, { userName: "ada_l-1.x" });
    expect(response.statusCode).toBe(201);
    expect(json<{ data: { user: User } }>(response).data.user.userName).toBe("ada_l-1.x");
  });

  it.each([
    ["firstname", { firstname: undefined }, "First name field is required"],
    ["lastname", { lastname: "   " }, "Last name field is required"],
    ["email", { email: undefined }, "Email field is required"],
    ["email", { email: "not-an-email" }, "Email should be valid"],
    ["password", { password: "" }, "Password field is required"],
    ["userName", { userName: "x" }, "Username must be 3 to 32 letters, numbers, dots, hyphens or underscores"],
    ["userName", { userName: "has space" }, "Username must be 3 to 32 letters, numbers, dots, hyphens or underscores"],
  ])("refuses a bad %s with 422 naming the field", async (field, overrides, message) => {
    const before = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(users);
    const { response } = await registerUser(t.app, overrides as Record<string, string | undefined>);
    expect(response.statusCode).toBe(422);
    expect(json<{ detail: unknown[] }>(response).detail).toContainEqual({ loc: ["body", field], msg: message, type: "error" });
    const after = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(after).toEqual(before);
  });

  it("refuses a userName shaped like someone else's e-mail", async () => {
    const { response } = await registerUser(t.app, { userName: "other@example.com" });
    expect(response.statusCode).toBe(422);
    expect(firstError(response).loc).toEqual(["body", "userName"]);
  });

  it("refuses unknown fields", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { firstname: "A", lastname: "B", email: uniqueEmail(), password: GOOD_PASSWORD, isAdmin: true },
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toEqual({ loc: ["body", "isAdmin"], msg: 'Unknown field "isAdmin"', type: "error" });
  });

  it.each(["short1!", "onlyletters!!", "12345678!", "NoSpecial123", "a".repeat(120) + "1!" + "b".repeat(10)])(
    "refuses the weak password %s with auth/password_requirements",
    async (password) => {
      const { response } = await registerUser(t.app, { password });
      expect(response.statusCode).toBe(422);
      expect(json(response)).toEqual({
        detail: [
          {
            loc: ["auth/password_requirements"],
            msg: errorCatalogue["auth/password_requirements"].message,
            type: "error",
          },
        ],
      });
    },
  );

  it("refuses a taken e-mail whatever its case, and a taken userName whatever its case", async () => {
    const email = uniqueEmail();
    expect((await registerUser(t.app, { email, userName: "TakenName" })).response.statusCode).toBe(201);

    const sameEmail = await registerUser(t.app, { email: email.toUpperCase() });
    expect(sameEmail.response.statusCode).toBe(409);
    expect(firstError(sameEmail.response).loc).toEqual(["auth/email_taken"]);

    const sameName = await registerUser(t.app, { userName: "takenname" });
    expect(sameName.response.statusCode).toBe(409);
    expect(firstError(sameName.response)).toEqual({
      loc: ["auth/username_taken"],
      msg: errorCatalogue["auth/username_taken"].message,
      type: "error",
    });
  });

  it("gives one winner and one 409 when two sign-ups race for the same e-mail", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all([registerUser(t.app, { email }), registerUser(t.app, { email })]);
    const statuses = answers.map(({ response }) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });
});

describe("POST /api/v1/auth/token", () => {
  it("logs the first admin in with a form body and answers the spec's fields", async () => {
    const response = await loginRequest(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = json<{ status: string; data: { access_token: string; token_type: string; expires_in: number; user: User } }>(response);
    expect(body.status).toBe("success");
    expect(body.data.token_type).toBe("bearer");
    expect(body.data.expires_in).toBe(480 * 60);
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true, status: "active" });

    const me = await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: body.data.access_token });
    expect(me.statusCode).toBe(200);
    const user = json<{ data: User }>(me).data;
    for (const field of ["firstname", "lastname", "email", "isAdmin", "d_created", "userName"]) {
      expect(user).toHaveProperty(field);
    }
  });

  it("stores only the SHA-256 of the token", async () => {
    const token = await adminToken(t.app);
    const rows = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it("accepts the userName instead of the e-mail, in any case, and a JSON body", async () => {
    const customer = await signUpCustomer(t, { userName: "Grace_H" });
    expect(await loginAs(t.app, "grace_h", customer.password)).toBeTruthy();
    const asJson = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/token",
      payload: { username: customer.email.toUpperCase(), password: customer.password, grant_type: "password" },
    });
    expect(asJson.statusCode).toBe(200);
  });

  it("answers unknown user and wrong password alike", async () => {
    const unknown = await loginRequest(t.app, "nobody@example.com", GOOD_PASSWORD);
    const wrong = await loginRequest(t.app, ADMIN_EMAIL, "Wrong-pass-1!");
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({
        detail: [{ loc: ["auth/invalid_credentials"], msg: errorCatalogue["auth/invalid_credentials"].message, type: "error" }],
      });
    }
  });

  it("spends about the same time on an unknown user as on a wrong password", async () => {
    const time = async (username: string) => {
      const started = performance.now();
      await loginRequest(t.app, username, "Wrong-pass-1!");
      return performance.now() - started;
    };
    const customer = await signUpCustomer(t);
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let round = 0; round < 6; round++) {
      unknown.push(await time(`ghost${round}@example.com`));
      wrong.push(await time(customer.email));
      // A right password resets the count before the fifth wrong one would lock the account.
      if (round === 2) await loginAs(t.app, customer.email, customer.password);
    }
    // The fastest of each: what the work costs without the pauses a busy machine adds to any one call.
    const ratio = Math.min(...unknown) / Math.min(...wrong);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it("refuses a pending account with auth/registration_status and changes nothing but the audit log", async () => {
    const { response, body } = await registerUser(t.app);
    const user = json<{ data: { user: User } }>(response).data.user;
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const refused = await loginRequest(t.app, body.email, body.password);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({
      detail: [{ loc: ["auth/registration_status"], msg: errorCatalogue["auth/registration_status"].message, type: "error" }],
    });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(before);
    const sessionCount = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(sessionCount).toHaveLength(0);
    expect(await auditActions(user.id)).toEqual(["auth.register", "auth.login_failed"]);
  });

  it("locks the account after five wrong passwords in a row, then refuses even the right one with 423", async () => {
    const customer = await signUpCustomer(t);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await loginRequest(t.app, customer.email, "Wrong-pass-1!");
      expect(response.statusCode).toBe(401);
    }
    const locked = await loginRequest(t.app, customer.email, customer.password);
    expect(locked.statusCode).toBe(423);
    expect(firstError(locked)).toEqual({
      loc: ["auth/account_locked"],
      msg: errorCatalogue["auth/account_locked"].message,
      type: "error",
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row?.status).toBe("locked");
    const actions = await auditActions(customer.user.id);
    expect(actions.filter((action) => action === "user.locked")).toHaveLength(1);
    // The token issued before the lock stops working too.
    const me = await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: customer.token });
    expect(me.statusCode).toBe(423);
  });

  it("resets the failure count after a successful login", async () => {
    const customer = await signUpCustomer(t);
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) await loginRequest(t.app, customer.email, "Wrong-pass-1!");
      expect((await loginRequest(t.app, customer.email, customer.password)).statusCode).toBe(200);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row).toMatchObject({ status: "active", failedLoginCount: 0 });
  });

  it("refuses a disabled account", async () => {
    const customer = await signUpCustomer(t);
    await t.database.db.update(users).set({ status: "disabled" }).where(eq(users.id, customer.user.id));
    const response = await loginRequest(t.app, customer.email, customer.password);
    expect(response.statusCode).toBe(403);
    expect(firstError(response).loc).toEqual(["auth/account_disabled"]);
  });

  it.each([
    ["no body", undefined, undefined],
    ["a missing password", "username=a%40b.co", "application/x-www-form-urlencoded"],
    ["an unknown field", "username=a&password=b&role=admin", "application/x-www-form-urlencoded"],
    ["broken JSON", "{", "application/json"],
    ["an array", "[1,2]", "application/json"],
    ["a repeated field", "username=a&username=b&password=c", "application/x-www-form-urlencoded"],
  ])("answers %s with a 4xx envelope", async (_label, payload, contentType) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/token",
      ...(payload !== undefined ? { payload } : {}),
      headers: contentType ? { "content-type": contentType } : {},
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(json<{ detail: unknown[] }>(response).detail.length).toBeGreaterThan(0);
  });
});

describe("tokens", () => {
  it("answers auth/not_authenticated for a missing, malformed or unknown token", async () => {
    for (const authorization of [undefined, "Bearer", "Basic abc", "Bearer not-a-token"]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/v1/auth/me",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(firstError(response).loc).toEqual(["auth/not_authenticated"]);
    }
  });

  it("answers auth/token_expired (info) once the session has expired", async () => {
    const customer = await signUpCustomer(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, customer.user.id));
    const response = await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: customer.token });
    expect(response.statusCode).toBe(401);
    expect(firstError(response)).toEqual({
      loc: ["auth/token_expired"],
      msg: "Your session has expired. Please log in again.",
      type: "info",
    });
  });

  it("honours TOKEN_TTL_MINUTES", async () => {
    const [row] = await t.database.db
      .select({ lifetime: sql<number>`extract(epoch from (${sessions.expiresAt} - ${sessions.createdAt}))::int` })
      .from(sessions)
      .limit(1);
    expect(row?.lifetime).toBeGreaterThanOrEqual(480 * 60 - 2);
    expect(row?.lifetime).toBeLessThanOrEqual(480 * 60 + 2);
  });

  it("logout revokes only the token it carries", async () => {
    const customer = await signUpCustomer(t);
    const second = await loginAs(t.app, customer.email, customer.password);
    const loggedOut = await call(t.app, { method: "POST", url: "/api/v1/auth/logout", token: customer.token });
    expect(loggedOut.statusCode).toBe(200);
    expect(json(loggedOut)).toEqual({ status: "success", data: { loggedOut: true } });
    const reused = await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: customer.token });
    expect(reused.statusCode).toBe(401);
    expect(firstError(reused).loc).toEqual(["auth/not_authenticated"]);
    expect((await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: second })).statusCode).toBe(200);
    expect(await auditActions(customer.user.id)).toContain("auth.register");
  });
});

describe("PUT /api/v1/auth/me", () => {
  it("changes names and userName, and records the change", async () => {
    const customer = await signUpCustomer(t);
    const response = await call(t.app, {
      method: "PUT",
      url: "/api/v1/auth/me",
      token: customer.token,
      payload: { firstname: "Augusta", lastname: "King", userName: "augusta" },
    });
    expect(response.statusCode).toBe(200);
    expect(json<{ data: User }>(response).data).toMatchObject({ firstname: "Augusta", lastname: "King", userName: "augusta" });
    expect(await auditActions(customer.user.id)).toContain("user.profile_updated");
  });

  it("keeps the e-mail fallback as userName when sent back unchanged", async () => {
    const customer = await signUpCustomer(t);
    const response = await call(t.app, {
      method: "PUT",
      url: "/api/v1/auth/me",
      token: customer.token,
      payload: { userName: customer.email, firstname: "Same" },
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses another account's userName, unknown fields and the e-mail or admin flag", async () => {
    const first = await signUpCustomer(t, { userName: "first_one" });
    const second = await signUpCustomer(t);
    const taken = await call(t.app, { method: "PUT", url: "/api/v1/auth/me", token: second.token, payload: { userName: "FIRST_ONE" } });
    expect(taken.statusCode).toBe(409);
    expect(firstError(taken).loc).toEqual(["auth/username_taken"]);

    for (const payload of [{ isAdmin: true }, { email: "new@example.com" }]) {
      const refused = await call(t.app, { method: "PUT", url: "/api/v1/auth/me", token: second.token, payload });
      expect(refused.statusCode).toBe(422);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, second.user.id));
    expect(row).toMatchObject({ isAdmin: false, email: second.email });
    expect(first.user.userName).toBe("first_one");
  });

  it("needs a login", async () => {
    const response = await t.app.inject({ method: "PUT", url: "/api/v1/auth/me", payload: { firstname: "X" } });
    expect(response.statusCode).toBe(401);
  });
});

describe("audit trail of authentication", () => {
  it("records login success, failure and logout with IP and user agent", async () => {
    const customer = await signUpCustomer(t);
    await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/token",
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "audit-test/1.0" },
      payload: new URLSearchParams({ username: customer.email, password: "Nope-nope-1!" }).toString(),
    });
    await call(t.app, { method: "POST", url: "/api/v1/auth/logout", token: customer.token });
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, customer.user.id))
      .orderBy(auditEvents.id);
    const actions = rows.map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.register", "auth.login", "auth.login_failed", "auth.logout"]));
    const failure = rows.find((row) => row.action === "auth.login_failed");
    expect(failure).toMatchObject({ ip: "127.0.0.1", userAgent: "audit-test/1.0", details: { reason: "wrong_password" } });
  });
});
