import type { Faq, User } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { meQueryKey } from "@/lib/auth";
import { mountWithApp, serveApi as serve, success as ok } from "@/test/app";
import { click, field, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { DemoRequestDialog } from "../components/demo-request-dialog";
import { FaqPage } from "../pages/faq-page";

const user: User = {
  id: "33333333-3333-4333-8333-333333333333",
  firstname: "Cora",
  lastname: "Customer",
  email: "cora@example.com",
  userName: "cora",
  isAdmin: false,
  d_created: "2026-01-01T00:00:00.000Z",
  status: "active",
  emailVerified: true,
  twoFactorEnabled: false,
};

const faq = (items: Faq["items"]): Faq => ({
  language: "en",
  categories: [
    { id: "c1", key: "network-access", name: "Network Access Control", order: 0 },
    { id: "c2", key: "support", name: "Support", order: 1 },
  ],
  items,
});
const item = (id: string, categoryId: string, question: string, popular = false) => ({ id, categoryId, question, answer: `Answer to ${question}`, popular, order: 0, language: "en" as const });

/** Mounted as a logged-in customer (the page reads the current user from the cache). */
const render = (element: React.ReactNode, path = "/faq") => mountWithApp(element, { path, prepare: (client) => client.setQueryData(meQueryKey, user) }).router;

const byTestId = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const text = () => document.body.textContent ?? "";
const button = (label: string) => [...document.querySelectorAll("button")].find((candidate) => candidate.textContent?.trim() === label);

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

describe("the FAQ page", { timeout: 20_000 }, () => {
  it("shows popular questions and the categories' questions, searches on the server (debounced) and filters by category", async () => {
    const calls = serve((call) => {
      const q = new URL(call.path, "http://x").searchParams.get("q");
      if (q === "nothing") return ok(faq([]));
      return ok(faq(q ? [item("i2", "c2", "How do I open a ticket?")] : [item("i1", "c1", "What is NAC?", true), item("i2", "c2", "How do I open a ticket?")]));
    });
    const router = render(<FaqPage />);
    await waitFor(() => expect(byTestId("faq-popular")?.textContent).toContain("What is NAC?"));
    expect(byTestId("faq-section-support")?.textContent).toContain("How do I open a ticket?");
    expect(calls[0]!.path).toBe("/api/v1/faq?lang=en");

    type(byTestId("faq-search")!, "tic");
    type(byTestId("faq-search")!, "ticket");
    await waitFor(() => expect(calls.some((call) => call.path === "/api/v1/faq?lang=en&q=ticket")).toBe(true));
    // Debounced: the half-typed word was never sent.
    expect(calls.some((call) => call.path.endsWith("q=tic"))).toBe(false);
    await waitFor(() => expect(byTestId("faq-popular")).toBeNull());
    expect(router.state.location.search).toBe("?q=ticket");
    await waitFor(() => expect(document.querySelector("[role=status]")?.textContent).toBe("1 question found"));

    type(byTestId("faq-search")!, "nothing");
    await waitFor(() => expect(text()).toContain("No questions match “nothing”"));
    click(button("Clear search"));
    await waitFor(() => expect(byTestId("faq-popular")).toBeTruthy());

    const supportChip = [...document.querySelectorAll<HTMLInputElement>('[data-testid="faq-categories"] input')].find((input) => input.value === "support");
    click(supportChip);
    await waitFor(() => {
      expect(byTestId("faq-section-network-access")).toBeNull();
      expect(byTestId("faq-section-support")).toBeTruthy();
    });
    expect(router.state.location.search).toBe("?category=support");
  });

  it("says when the FAQ could not be loaded, with a retry", async () => {
    let fail = true;
    serve(() => (fail ? { status: 500, body: { detail: [{ loc: ["common/internal"], msg: "x", type: "error" }] } } : ok(faq([item("i1", "c1", "Back again?")]))));
    render(<FaqPage />);
    await waitFor(() => expect(text()).toContain("The FAQ could not be loaded."));
    fail = false;
    click(button("Try again"));
    await waitFor(() => expect(text()).toContain("Back again?"));
  });
});

describe("the demo-request dialog", { timeout: 20_000 }, () => {
  const dialog = (onClose = vi.fn()) => <DemoRequestDialog opened onClose={onClose} products={["Voice Platform"]} defaults={{ email: "", name: "" }} />;

  it("requires a valid e-mail before sending anything", async () => {
    const calls = serve(() => ok({}));
    render(dialog());
    await waitFor(() => expect(byTestId("demo-submit")).toBeTruthy());
    click(byTestId("demo-submit"));
    await waitFor(() => expect(text()).toContain("Email field is required"));
    type(field("E-mail"), "not-an-email");
    click(byTestId("demo-submit"));
    await waitFor(() => expect(text()).toContain("Email should be valid"));
    expect(calls).toEqual([]);
  });

  it("sends the e-mail and what else was filled in, then thanks by address", async () => {
    const calls = serve(() => ok({ id: "44444444-4444-4444-8444-444444444444", email: "ada@example.com", name: "Ada", company: null, product: "Voice Platform", message: null, createdAt: "2026-01-01T00:00:00.000Z" }, 201));
    render(dialog());
    await waitFor(() => expect(byTestId("demo-submit")).toBeTruthy());
    type(field("E-mail"), "Ada@Example.com");
    type(field("Name"), "Ada");
    type(byTestId("demo-product")!, "Voice Platform");
    click(byTestId("demo-submit"));
    await waitFor(() => expect(byTestId("demo-request-sent")?.textContent).toContain("ada@example.com"));
    expect(calls).toEqual([{ method: "POST", path: "/api/v1/demo-requests", body: { email: "ada@example.com", name: "Ada", product: "Voice Platform" } }]);
  });

  it("puts the server's refusal of the e-mail on its field", async () => {
    serve(() => ({ status: 422, body: { detail: [{ loc: ["body", "email"], msg: "Email should be valid", type: "error" }] } }));
    render(dialog());
    await waitFor(() => expect(byTestId("demo-submit")).toBeTruthy());
    type(field("E-mail"), "ada@example.com");
    click(byTestId("demo-submit"));
    await waitFor(() => expect(field("E-mail").getAttribute("aria-invalid")).toBe("true"));
    expect(text()).toContain("Email should be valid");
    expect(byTestId("demo-request-sent")).toBeNull();
  });
});
