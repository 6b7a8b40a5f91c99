import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { allByTestId, byTestId, mountInApp, mountWithApp, pageText, serveApi, success, type ApiCall } from "@/test/app";
import { click, field, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { groupState, toggleEvents, webhookEventGroups } from "../lib/event-groups";
import { verifyExample } from "../lib/verify-example";
import { WebhookEndpointPage } from "../pages/webhook-endpoint-page";
import { WebhooksPage } from "../pages/webhooks-page";
import { delivery, endpoint, ENDPOINT_ID, page } from "./fixtures";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== "GET");
const checkbox = (name: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`);

describe("event groups", () => {
  it("groups every contract event by its prefix, in the contract's order", () => {
    expect(webhookEventGroups.map((entry) => entry.group)).toEqual(["license", "license-request", "user", "ticket", "update", "installation", "trial", "order", "webhook"]);
    expect(webhookEventGroups.find((entry) => entry.group === "license-request")?.events).toEqual([
      "license-request.created",
      "license-request.approved",
      "license-request.rejected",
    ]);
  });

  it("adds and removes events in the contract's order, and leaves * when a name is chosen", () => {
    expect(toggleEvents(["order.paid"], ["license.created"], true)).toEqual(["license.created", "order.paid"]);
    expect(toggleEvents(["*"], ["order.paid"], true)).toEqual(["order.paid"]);
    expect(toggleEvents(["license.created", "order.paid"], ["order.paid"], false)).toEqual(["license.created"]);
    expect(groupState(["order.paid"], ["order.paid", "order.created"])).toBe("some");
  });

  it("the verification example uses standardwebhooks and the endpoint's port and path", () => {
    const code = verifyExample("http://127.0.0.1:4567/hooks/in");
    expect(code).toContain('import { Webhook } from "standardwebhooks"');
    expect(code).toContain("webhook.verify(body, request.headers)");
    expect(code).toContain('request.url !== "/hooks/in"');
    expect(code).toContain(".listen(4567)");
  });
});

describe("webhook endpoints list", { timeout: 30_000 }, () => {
  it("lists endpoints sorted on the server with their events, state and failures", async () => {
    const calls = serveApi(() =>
      success(page([endpoint(), endpoint({ id: "6a0f8f0e-4c2a-4d59-9a53-6a1f3c1e2d02", url: "https://crm.example.com/in", events: ["*"], enabled: false, disabledReason: "Every delivery failed for 72 hours", failingSince: "2026-11-22T08:00:00.000Z" })])),
    );
    mountWithApp(<WebhooksPage />, { path: "/admin/webhooks" });
    await waitFor(() => expect(allByTestId("webhook-endpoint-link")).toHaveLength(2));
    const request = new URL(calls[0]!.path, "http://x");
    expect(request.pathname).toBe("/api/v1/webhook-endpoints");
    expect(request.searchParams.get("sort")).toBe("createdAt");
    expect(request.searchParams.get("order")).toBe("desc");
    expect(allByTestId("webhook-endpoint-link")[0]!.getAttribute("href")).toBe(`/admin/webhooks/${ENDPOINT_ID}`);
    expect(pageText()).toContain("3 events");
    expect(pageText()).toContain("All events");
    expect(allByTestId("webhook-endpoint-state").map((badge) => badge.textContent)).toEqual(["Enabled", "Disabled"]);
    expect(byTestId("webhook-endpoint-failing")?.textContent).toContain("Failing since");
  });

  it("shows its empty state with the add button", async () => {
    serveApi(() => success(page([])));
    mountWithApp(<WebhooksPage />, { path: "/admin/webhooks" });
    await waitFor(() => expect(pageText()).toContain("No webhook endpoints yet"));
  });

  it("creates an endpoint from the grouped events, then shows its secret once", async () => {
    const calls = serveApi((call) => (call.method === "POST" ? success({ endpoint: endpoint(), secret: SECRET }, 201) : success(page([]))));
    mountWithApp(<WebhooksPage />, { path: "/admin/webhooks" });
    await waitFor(() => expect(pageText()).toContain("No webhook endpoints yet"));
    click([...document.querySelectorAll("button")].find((button) => button.textContent === "Add endpoint"));
    await waitFor(() => expect(byTestId("webhook-endpoint-form")).toBeTruthy());
    // Nothing chosen: the contract's own rule, before anything is sent.
    click(byTestId("webhook-submit"));
    await waitFor(() => expect(pageText()).toContain("Choose at least one event"));
    type(field("URL"), "https://hooks.example.com/portal");
    click(checkbox("All of Licence requests"));
    click(checkbox("order.paid"));
    click(byTestId("webhook-submit"));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.path).toContain("/api/v1/webhook-endpoints");
    expect(writes(calls)[0]!.body).toEqual({
      url: "https://hooks.example.com/portal",
      description: "",
      enabled: true,
      events: ["license-request.created", "license-request.approved", "license-request.rejected", "order.paid"],
    });
    await waitFor(() => expect(byTestId("webhook-secret")?.textContent).toBe(SECRET));
    expect(pageText()).toContain("it is shown only this once");
    click(byTestId("webhook-secret-done"));
    await waitFor(() => expect(byTestId("webhook-secret")).toBeNull());
  });

  it("puts a refused address on the URL field", async () => {
    serveApi((call) =>
      call.method === "POST"
        ? { status: 422, body: { detail: [{ loc: ["webhook/forbidden_address", "url"], msg: "forbidden", type: "error" }] } }
        : success(page([])),
    );
    mountWithApp(<WebhooksPage />, { path: "/admin/webhooks" });
    await waitFor(() => expect(pageText()).toContain("No webhook endpoints yet"));
    click([...document.querySelectorAll("button")].find((button) => button.textContent === "Add endpoint"));
    await waitFor(() => expect(byTestId("webhook-endpoint-form")).toBeTruthy());
    type(field("URL"), "https://10.0.0.8/in");
    click(byTestId("webhook-events-all"));
    click(byTestId("webhook-submit"));
    await waitFor(() => expect(field("URL").getAttribute("aria-invalid")).toBe("true"));
    expect(pageText()).toContain("webhooks cannot be sent to loopback, private");
    expect(byTestId("webhook-secret")).toBeNull();
  });
});

describe("webhook endpoint page", { timeout: 30_000 }, () => {
  const mountEndpoint = () => mountInApp(<WebhookEndpointPage />, { url: `/admin/webhooks/${ENDPOINT_ID}`, path: "/admin/webhooks/:id" });
  const failed = delivery({
    id: "7b1f0c9e-2a4b-4c6d-8e0f-1a2b3c4d5e02",
    type: "license-request.approved",
    status: "failed",
    attempts: 12,
    lastStatusCode: 500,
    lastError: "HTTP 500",
    responseExcerpt: "Internal error in receiver",
    deliveredAt: null,
  });

  it("shows the settings, the deliveries with their answers, and retries a failed one", async () => {
    const calls = serveApi((call) => {
      if (call.method === "POST") return success({ ...failed, status: "pending" }, 202);
      if (call.path.includes("/deliveries")) return success(page([delivery(), failed]));
      return success(endpoint());
    });
    mountEndpoint();
    await waitFor(() => expect(allByTestId("webhook-delivery-status")).toHaveLength(2));
    expect(byTestId("webhook-endpoint-title")?.textContent).toBe("https://hooks.example.com/portal");
    expect(allByTestId("webhook-delivery-status").map((badge) => badge.textContent)).toEqual(["Delivered", "Failed"]);
    expect(allByTestId("webhook-delivery-code").map((cell) => cell.textContent)).toEqual(["200", "500"]);
    const list = new URL(calls.find((call) => call.path.includes("/deliveries"))!.path, "http://x");
    expect(list.pathname).toBe(`/api/v1/webhook-endpoints/${ENDPOINT_ID}/deliveries`);
    expect(list.searchParams.get("sort")).toBe("createdAt");
    // The answer opens under its row.
    click(allByTestId("webhook-delivery-toggle")[1]);
    await waitFor(() => expect(byTestId("webhook-delivery-answer")?.textContent).toContain("Internal error in receiver"));
    // Only the failed one offers Retry.
    expect(allByTestId("webhook-delivery-retry")).toHaveLength(1);
    click(byTestId("webhook-delivery-retry"));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.path).toContain(`/api/v1/webhook-deliveries/${failed.id}/retry`);
    expect(byTestId("webhook-verify-code")?.textContent).toContain("new Webhook(process.env.WEBHOOK_SECRET)");
  });

  it("sends a test event and rotates the secret after asking, showing the new one once", async () => {
    const calls = serveApi((call) => {
      if (call.path.endsWith("/test")) return success(delivery({ type: "webhook.test", status: "pending" }), 202);
      if (call.path.endsWith("/rotate-secret")) return success({ secret: SECRET });
      if (call.path.includes("/deliveries")) return success(page([]));
      return success(endpoint());
    });
    mountEndpoint();
    await waitFor(() => expect(byTestId("webhook-send-test")).toBeTruthy());
    click(byTestId("webhook-send-test"));
    await waitFor(() => expect(writes(calls).map((call) => new URL(call.path, "http://x").pathname)).toEqual([`/api/v1/webhook-endpoints/${ENDPOINT_ID}/test`]));
    click(byTestId("webhook-rotate"));
    await waitFor(() => expect(byTestId("webhook-rotate-confirm")).toBeTruthy());
    expect(writes(calls)).toHaveLength(1);
    click(byTestId("webhook-rotate-confirm"));
    await waitFor(() => expect(byTestId("webhook-secret")?.textContent).toBe(SECRET));
    expect(writes(calls).map((call) => new URL(call.path, "http://x").pathname)).toContain(`/api/v1/webhook-endpoints/${ENDPOINT_ID}/rotate-secret`);
  });

  it("reads the deliveries again while one is pending", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    try {
      const calls = serveApi((call) => (call.path.includes("/deliveries") ? success(page([delivery({ status: "pending", deliveredAt: null, nextAttemptAt: "2026-11-26T09:31:00.000Z" })])) : success(endpoint())));
      mountEndpoint();
      await waitFor(() => expect(byTestId("webhook-deliveries-refreshing")).toBeTruthy());
      const before = calls.filter((call) => call.path.includes("/deliveries")).length;
      await vi.advanceTimersByTimeAsync(5_500);
      await waitFor(() => expect(calls.filter((call) => call.path.includes("/deliveries")).length).toBeGreaterThan(before));
    } finally {
      vi.useRealTimers();
    }
  });
});
