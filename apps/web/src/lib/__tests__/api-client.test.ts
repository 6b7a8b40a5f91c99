import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiClient, ApiError, buildUrl, onUnauthorized, setLoginNavigator } from "../api-client";
import { REQUEST_TIMEOUT_MS } from "../config";

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });
}

function stubFetch(impl: (...args: FetchArgs) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function headersOf(call: FetchArgs | undefined): Headers {
  return new Headers(call?.[1]?.headers);
}

describe("api client (spec section 7)", () => {
  const navigate = vi.fn<(path: string) => void>();

  beforeEach(() => {
    navigate.mockReset();
    setLoginNavigator(navigate);
    window.history.replaceState(null, "", "/dashboard");
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("uses the base '/' for relative and absolute-path calls, with query parameters", () => {
    expect(buildUrl("api/v1/auth/me")).toBe("/api/v1/auth/me");
    expect(buildUrl("/api/v1/users", { status: "pending", q: "a@b.c", page: 2, empty: "", none: undefined })).toBe(
      "/api/v1/users?status=pending&q=a%40b.c&page=2",
    );
  });

  it("sends no Authorization header without a token, a bearer header with one", async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ status: "success", data: 1 }));
    await apiClient.get("api/v1/health");
    expect(headersOf(fetchMock.mock.calls[0]).get("authorization")).toBeNull();

    window.localStorage.setItem("token", "tok-123");
    await apiClient.get("api/v1/auth/me");
    expect(headersOf(fetchMock.mock.calls[1]).get("authorization")).toBe("Bearer tok-123");
    expect(headersOf(fetchMock.mock.calls[1]).get("accept")).toBe("application/json");
  });

  it("returns the parsed JSON answer", async () => {
    stubFetch(async () => jsonResponse({ status: "success", data: { id: 1 } }));
    await expect(apiClient.get("api/v1/x")).resolves.toEqual({ status: "success", data: { id: 1 } });
  });

  it("sends JSON bodies by default, and PUT, PATCH and DELETE", async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ status: "success", data: null }));
    await apiClient.post("api/v1/auth/register", { email: "a@b.c" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/v1/auth/register");
    expect(init?.method).toBe("POST");
    expect(headersOf(fetchMock.mock.calls[0]).get("content-type")).toBe("application/json");
    expect(init?.body).toBe('{"email":"a@b.c"}');

    await apiClient.put("api/v1/auth/me", { firstname: "A" });
    await apiClient.patch("api/v1/users/1", { x: 1 });
    await apiClient.delete("api/v1/projects/1");
    expect(fetchMock.mock.calls.map((call) => call[1]?.method)).toEqual(["POST", "PUT", "PATCH", "DELETE"]);
    expect(fetchMock.mock.calls[3]?.[1]?.body).toBeUndefined();

    await apiClient.delete("api/v1/updates/1/verifications", undefined, { licenseId: "2" });
    expect(fetchMock.mock.calls[4]?.[1]?.method).toBe("DELETE");
    expect(headersOf(fetchMock.mock.calls[4]).get("content-type")).toBe("application/json");
    expect(fetchMock.mock.calls[4]?.[1]?.body).toBe('{"licenseId":"2"}');
  });

  it("posts forms url-encoded", async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ status: "success", data: null }));
    await apiClient.postForm("api/v1/auth/token", { username: "a@b.c", password: "p&ss word", otp: undefined });
    expect(headersOf(fetchMock.mock.calls[0]).get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(String(fetchMock.mock.calls[0]?.[1]?.body)).toBe("username=a%40b.c&password=p%26ss+word");
  });

  it("posts multipart form data and lets the browser set the boundary", async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ status: "success", data: null }));
    const form = new FormData();
    form.append("file", new Blob(["KEY\nDATA"]), "licence.req");
    await apiClient.postMultipart("api/v1/req/auth", form);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
    expect(headersOf(fetchMock.mock.calls[0]).get("content-type")).toBeNull();
  });

  it("turns an error answer into an ApiError with its status and parsed body", async () => {
    const body = { detail: [{ loc: ["auth/email_taken"], msg: "taken", type: "error" }] };
    stubFetch(async () => jsonResponse(body, 409));
    const error = await apiClient.post("api/v1/auth/register", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "response", status: 409, body });
  });

  it("keeps a non-JSON error body as text", async () => {
    stubFetch(async () => new Response("Bad gateway", { status: 502, headers: { "content-type": "text/plain" } }));
    await expect(apiClient.get("api/v1/x")).rejects.toMatchObject({ kind: "response", status: 502, body: "Bad gateway" });
  });

  it("a 401 clears the token and goes to /auth/login", async () => {
    window.localStorage.setItem("token", "expired");
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    stubFetch(async () => jsonResponse({ detail: [{ loc: ["auth/token_expired"], msg: "", type: "info" }] }, 401));
    await expect(apiClient.get("api/v1/auth/me")).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith("/auth/login");
    stop();
  });

  it("a 401 on the login page itself does not navigate again", async () => {
    window.history.replaceState(null, "", "/auth/login?redirect=%2Fadmin%2Fusers");
    stubFetch(async () => jsonResponse({ detail: [{ loc: ["auth/invalid_credentials"], msg: "", type: "error" }] }, 401));
    await expect(apiClient.postForm("api/v1/auth/token", { username: "x", password: "y" })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(["auth/invalid_credentials", "auth/2fa_required", "auth/2fa_invalid", "auth/2fa_code_reused", "license/invalid_token"])(
    "a 401 about what was sent (%s) keeps the session",
    async (code) => {
      window.localStorage.setItem("token", "tok");
      stubFetch(async () => jsonResponse({ detail: [{ loc: [code], msg: "", type: "error" }] }, 401));
      await expect(apiClient.post("api/v1/x", {})).rejects.toMatchObject({ status: 401 });
      expect(window.localStorage.getItem("token")).toBe("tok");
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it("a 401 without a code, or with a session code, ends the session", async () => {
    for (const body of [undefined, { detail: "Unauthorized" }, { detail: [{ loc: ["auth/not_authenticated"], msg: "" }] }]) {
      window.localStorage.setItem("token", "tok");
      stubFetch(async () => (body === undefined ? new Response(null, { status: 401 }) : jsonResponse(body, 401)));
      await expect(apiClient.get("api/v1/x")).rejects.toMatchObject({ status: 401 });
      expect(window.localStorage.getItem("token")).toBeNull();
    }
    expect(navigate).toHaveBeenCalledTimes(3);
  });

  it("other error statuses keep the token", async () => {
    window.localStorage.setItem("token", "tok");
    stubFetch(async () => jsonResponse({ detail: [{ loc: ["auth/forbidden"], msg: "", type: "error" }] }, 403));
    await expect(apiClient.get("api/v1/users")).rejects.toMatchObject({ status: 403 });
    expect(window.localStorage.getItem("token")).toBe("tok");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a network failure is 'no response'", async () => {
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiClient.get("api/v1/x")).rejects.toMatchObject({ kind: "no-response" });
  });

  it("aborts after the 300000 ms timeout and reports 'no response'", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    stubFetch(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener("abort", () => reject(signal?.reason));
        }),
    );
    const pending = apiClient.get("api/v1/slow").catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    await expect(pending).resolves.toMatchObject({ kind: "no-response" });
  });

  it("a caller's own abort is passed through, not turned into an error toast", async () => {
    stubFetch(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const pending = apiClient.get("api/v1/x", { signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort(new DOMException("cancelled", "AbortError"));
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("a request that cannot be built is a 'setup' failure and is never sent", async () => {
    const fetchMock = stubFetch(async () => jsonResponse({}));
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(apiClient.post("api/v1/x", circular)).rejects.toMatchObject({ kind: "setup" });
    await expect(apiClient.get("https://evil.example/api")).rejects.toMatchObject({ kind: "setup" });
    await expect(apiClient.get("//evil.example/api")).rejects.toMatchObject({ kind: "setup" });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
