import { afterEach, describe, expect, it, vi } from "vitest";
import { actionsFor, runUserAction } from "../api/users";

describe("which actions an account offers", () => {
  it("pending: approve, disable, grant admin", () => {
    expect(actionsFor({ status: "pending", isAdmin: false, emailVerified: true })).toEqual(["approve", "disable", "grantAdmin"]);
  });
  it("active: lock, disable; an admin can be revoked", () => {
    expect(actionsFor({ status: "active", isAdmin: true, emailVerified: true })).toEqual(["lock", "disable", "revokeAdmin"]);
  });
  it("locked: unlock (never lock again), disable", () => {
    expect(actionsFor({ status: "locked", isAdmin: false, emailVerified: true })).toEqual(["unlock", "disable", "grantAdmin"]);
  });
  it("disabled: enable only, plus admin rights", () => {
    expect(actionsFor({ status: "disabled", isAdmin: false, emailVerified: true })).toEqual(["enable", "grantAdmin"]);
  });
  it("an unverified e-mail, in any state: mark it verified", () => {
    expect(actionsFor({ status: "pending", isAdmin: false, emailVerified: false })).toEqual(["approve", "verifyEmail", "disable", "grantAdmin"]);
    expect(actionsFor({ status: "active", isAdmin: false, emailVerified: false })).toEqual(["verifyEmail", "lock", "disable", "grantAdmin"]);
  });
});

describe("the calls behind the actions", () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = () => new Response(JSON.stringify({ status: "success", data: { id: "u1" } }), { status: 200, headers: { "content-type": "application/json" } });

  it.each([
    ["approve", "POST", "/api/v1/users/u1/approve", undefined],
    ["lock", "POST", "/api/v1/users/u1/lock", undefined],
    ["unlock", "POST", "/api/v1/users/u1/unlock", undefined],
    ["verifyEmail", "POST", "/api/v1/users/u1/verify-email", undefined],
    ["disable", "PATCH", "/api/v1/users/u1", { status: "disabled" }],
    ["enable", "PATCH", "/api/v1/users/u1", { status: "active" }],
    ["grantAdmin", "PATCH", "/api/v1/users/u1", { isAdmin: true }],
    ["revokeAdmin", "PATCH", "/api/v1/users/u1", { isAdmin: false }],
  ] as const)("%s → %s %s", async (action, method, path, body) => {
    const fetchMock = vi.fn<typeof fetch>(async () => answer());
    vi.stubGlobal("fetch", fetchMock);
    await runUserAction("u1", action);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(path);
    expect(init?.method).toBe(method);
    expect(init?.body === undefined ? undefined : JSON.parse(String(init.body))).toEqual(body);
  });

  it("approveAndVerify approves, then marks the e-mail verified", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => answer());
    vi.stubGlobal("fetch", fetchMock);
    await runUserAction("u1", "approveAndVerify");
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual(["POST /api/v1/users/u1/approve", "POST /api/v1/users/u1/verify-email"]);
  });
});
