import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, setLoginNavigator } from "@/lib/api-client";
import { progressPercent, uploadMultipart, type UploadProgress } from "@/lib/upload";
import { FakeXhr } from "@/test/fake-xhr";

const xhr = () => FakeXhr.last!;

describe("uploadMultipart", () => {
  beforeEach(() => {
    FakeXhr.last = undefined;
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("posts the form with the bearer token and reports bytes sent of the total", async () => {
    localStorage.setItem("token", "secret-token");
    const seen: UploadProgress[] = [];
    const form = new FormData();
    form.append("body", "hello");
    const done = uploadMultipart<{ data: { id: string } }>("api/v1/tickets/t1/messages", form, { onProgress: (progress) => seen.push(progress) });

    expect(xhr().method).toBe("POST");
    expect(xhr().url).toBe("/api/v1/tickets/t1/messages");
    expect(xhr().headers.Authorization).toBe("Bearer secret-token");
    expect(xhr().headers.Accept).toBe("application/json");
    expect(xhr().body).toBe(form);
    // No Content-Type of our own: the browser writes the multipart boundary.
    expect(xhr().headers["Content-Type"]).toBeUndefined();

    xhr().progress(0, 2048);
    xhr().progress(1024, 2048);
    xhr().progress(2048, 2048);
    xhr().answer(201, { status: "success", data: { id: "m1" } });

    await expect(done).resolves.toEqual({ status: "success", data: { id: "m1" } });
    expect(seen).toEqual([
      { loaded: 0, total: 2048 },
      { loaded: 1024, total: 2048 },
      { loaded: 2048, total: 2048 },
    ]);
    expect(seen.map(progressPercent)).toEqual([0, 50, 100]);
  });

  it("sends no Authorization header without a stored token", () => {
    void uploadMultipart("api/v1/tickets", new FormData()).catch(() => undefined);
    expect(xhr().headers.Authorization).toBeUndefined();
  });

  it("turns an error envelope into an ApiError carrying status and body, as api-client does", async () => {
    const done = uploadMultipart("api/v1/tickets", new FormData());
    const envelope = { detail: [{ loc: ["ticket/attachment_type"], msg: "Attachments can be …", type: "error" }] };
    xhr().answer(415, envelope);
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "response", status: 415, body: envelope });
  });

  it("a 401 that ends the session forgets the token and goes to the login page", async () => {
    const navigate = vi.fn();
    setLoginNavigator(navigate);
    localStorage.setItem("token", "stale");
    const done = uploadMultipart("api/v1/tickets", new FormData());
    xhr().answer(401, { detail: [{ loc: ["auth/token_expired"], msg: "expired", type: "error" }] });
    await expect(done).rejects.toMatchObject({ kind: "response", status: 401 });
    expect(localStorage.getItem("token")).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/auth/login");
  });

  it("a network failure or a timeout is a no-response error", async () => {
    const failed = uploadMultipart("api/v1/tickets", new FormData());
    xhr().onerror?.();
    await expect(failed).rejects.toMatchObject({ kind: "no-response" });

    const timedOut = uploadMultipart("api/v1/tickets", new FormData(), { timeoutMs: 5 });
    expect(xhr().timeout).toBe(5);
    xhr().ontimeout?.();
    await expect(timedOut).rejects.toMatchObject({ kind: "no-response" });
  });

  it("a cancelled upload aborts the request and rejects with the caller's reason", async () => {
    const controller = new AbortController();
    const done = uploadMultipart("api/v1/tickets", new FormData(), { signal: controller.signal });
    const reason = new DOMException("left the page", "AbortError");
    controller.abort(reason);
    expect(xhr().aborted).toBe(true);
    await expect(done).rejects.toBe(reason);
  });

  it("a path outside the API base is refused before anything is sent", async () => {
    await expect(uploadMultipart("https://elsewhere.example/upload", new FormData())).rejects.toMatchObject({ kind: "setup" });
  });
});

describe("progressPercent", () => {
  it("is 0 before the total is known and never above 100", () => {
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent({ loaded: 10, total: 0 })).toBe(0);
    expect(progressPercent({ loaded: 333, total: 1000 })).toBe(33);
    expect(progressPercent({ loaded: 1200, total: 1000 })).toBe(100);
  });
});
