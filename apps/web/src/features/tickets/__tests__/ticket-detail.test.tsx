import type { Ticket, TicketMessage } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { mountWithApp, serveApi as serve, success as ok } from "@/test/app";
import { click, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { TicketDetail } from "../components/ticket-detail";

const id = "11111111-1111-4111-8111-111111111111";
const message = (overrides: Partial<TicketMessage>): TicketMessage => ({
  id: crypto.randomUUID(),
  authorId: null,
  authorName: "Cora Customer",
  authorRole: "user",
  body: "It fails.\nSecond line.",
  internal: false,
  attachments: [],
  createdAt: "2026-11-23T10:00:00.000Z",
  ...overrides,
});
const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  id,
  number: "T-000007",
  subject: "Activation fails",
  type: "technical",
  priority: "high",
  status: "open",
  user: { id: "22222222-2222-4222-8222-222222222222", name: "Cora Customer", email: "cora@example.com" },
  assignee: null,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T11:00:00.000Z",
  firstResponseAt: null,
  waitingSince: "2026-11-23T10:00:00.000Z",
  messageCount: 1,
  messages: [message({ attachments: [{ id: "33333333-3333-4333-8333-333333333333", name: "log.txt", size: 2048, contentType: "text/plain" }] })],
  ...overrides,
});

function render(viewer: "customer" | "admin") {
  mountWithApp(<TicketDetail id={id} viewer={viewer} />);
}

const byTestId = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const text = () => document.body.textContent ?? "";

beforeAll(stubBrowserApis);
afterEach(unmount);

describe("a ticket's page", { timeout: 20_000 }, () => {
  it("shows the header, the thread with line breaks and attachment sizes, marks it read, and offers only Close to the customer", async () => {
    const calls = serve((call) => (call.method === "POST" ? { status: 204 } : ok(ticket())));
    render("customer");
    await waitFor(() => expect(document.querySelector("h1")?.textContent).toBe("Activation fails"));
    expect(byTestId("ticket-number")?.textContent).toBe("T-000007");
    expect(byTestId("ticket-status")?.textContent).toBe("Open");
    expect(text()).toContain("High");
    expect(text()).toContain("Technical");
    expect(byTestId("ticket-message")?.textContent).toContain("You");
    expect(byTestId("ticket-message")?.textContent).toContain("It fails.\nSecond line.");
    expect(byTestId("attachment-download")?.textContent).toContain("log.txt");
    expect(byTestId("attachment-download")?.textContent).toContain("2 kB");
    expect([...document.querySelectorAll('[data-testid^="ticket-action-"]')].map((button) => button.getAttribute("data-testid"))).toEqual(["ticket-action-close"]);
    expect(byTestId("reply-box")).toBeTruthy();
    expect(byTestId("reply-mode")).toBeNull();
    await waitFor(() => expect(calls).toContainEqual({ method: "POST", path: `/api/v1/tickets/${id}/read` }));
  });

  it("closes after the confirmation; then says it is closed and has no reply box", async () => {
    let status: Ticket["status"] = "open";
    const calls = serve((call) => {
      if (call.path.endsWith("/close")) {
        status = "closed";
        return ok(ticket({ status }));
      }
      return call.method === "POST" ? { status: 204 } : ok(ticket({ status }));
    });
    render("customer");
    await waitFor(() => expect(byTestId("ticket-action-close")).toBeTruthy());
    click(byTestId("ticket-action-close"));
    await waitFor(() => expect(byTestId("ticket-close-confirm")).toBeTruthy());
    expect(calls.some((call) => call.path.endsWith("/close"))).toBe(false);
    click(byTestId("ticket-close-confirm"));
    await waitFor(() => expect(byTestId("ticket-closed")?.textContent).toBe("This ticket is closed."));
    expect(byTestId("reply-box")).toBeNull();
    expect(byTestId("ticket-action-close")).toBeNull();
    expect(text()).toContain("Ticket closed successfully.");
  });

  it("shows an administrator internal notes set apart, the note toggle and the actions the status allows", async () => {
    serve((call) =>
      call.path.startsWith("/api/v1/users")
        ? ok({ items: [], total: 0, page: 1, pageSize: 100 })
        : call.method === "POST"
          ? { status: 204 }
          : ok(ticket({ status: "in_progress", messages: [message({}), message({ authorName: "Ada Admin", authorRole: "admin", internal: true, body: "Customer is on v2" })] })),
    );
    render("admin");
    await waitFor(() => expect(byTestId("ticket-note")).toBeTruthy());
    const note = byTestId("ticket-note")!;
    expect(note.dataset.internal).toBeDefined();
    expect(note.textContent).toContain("Internal note");
    expect(byTestId("ticket-message")?.textContent).toContain("Customer");
    expect([...document.querySelectorAll('[data-testid^="ticket-action-"]')].map((button) => button.getAttribute("data-testid"))).toEqual([
      "ticket-action-resolve",
      "ticket-action-close",
    ]);
    expect(byTestId("reply-mode")).toBeTruthy();
    expect(byTestId("ticket-assignee")).toBeTruthy();
  });

  it("says the ticket was not found on a 404, and the spec's text on other failures", async () => {
    serve(() => ({ status: 404, body: { detail: [{ loc: ["ticket/not_found"], msg: "ticket not found", type: "error" }] } }));
    render("customer");
    await waitFor(() => expect(text()).toContain("ticket not found"));
    expect(text()).toContain("Back to the tickets");
    unmount();

    serve(() => ({ status: 500, body: { detail: "boom" } }));
    render("customer");
    await waitFor(() => expect(byTestId("ticket-error")?.textContent).toContain("Error fetching ticket details."));
  });
});
