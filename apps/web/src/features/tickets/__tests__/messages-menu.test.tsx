import { MantineProvider } from "@mantine/core";
import type { TicketInboxItem, User } from "@portal/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { meQueryKey } from "@/lib/auth";
import { click, mount, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { MessagesMenu } from "../components/messages-menu";
import { sortInbox } from "../components/messages-list";

const item = (overrides: Partial<TicketInboxItem>): TicketInboxItem => ({
  messageId: "00000000-0000-4000-8000-000000000001",
  ticketId: "11111111-1111-4111-8111-111111111111",
  ticketNumber: "T-000042",
  subject: "Licence will not activate",
  authorName: "Ada Admin",
  authorRole: "admin",
  excerpt: "Please send us the .req file.",
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  read: false,
  ...overrides,
});

const inbox = {
  unreadCount: 1,
  items: [
    item({ messageId: "00000000-0000-4000-8000-000000000002", subject: "Old question", authorName: "Sam Support", authorRole: "support", read: true, createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
    item({}),
  ],
};

function serve(body: unknown) {
  const calls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    calls.push(String(input));
    return new Response(JSON.stringify({ status: "success", data: body }), { status: 200, headers: { "content-type": "application/json" } });
  });
  return calls;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function render(isAdmin: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<Partial<User>>(meQueryKey, { id: "me", isAdmin });
  const router = createMemoryRouter([{ path: "*", element: <><MessagesMenu /><Where /></> }], { initialEntries: ["/dashboard"] });
  mount(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const trigger = () => document.querySelector<HTMLElement>('[data-testid="messages-button"]');
const items = () => [...document.querySelectorAll<HTMLElement>('[data-testid="message-item"]')];

beforeAll(stubBrowserApis);
afterEach(unmount);

describe("the messages dropdown", { timeout: 20_000 }, () => {
  it("puts the unread count on the trigger's accessible name and asks for the latest ten", async () => {
    const calls = serve(inbox);
    render(false);
    await waitFor(() => expect(trigger()?.getAttribute("aria-label")).toBe("Messages (1 unread)"));
    expect(calls[0]).toBe("/api/v1/tickets/inbox?limit=10");
  });

  it("lists unread first, bold with a dot and a spoken mark; subject, role, author, time and excerpt", async () => {
    serve(inbox);
    render(false);
    await waitFor(() => expect(trigger()?.getAttribute("aria-label")).toContain("1 unread"));
    click(trigger());
    await waitFor(() => expect(items()).toHaveLength(2));
    const [first, second] = items();
    expect(first!.dataset.unread).toBeDefined();
    expect(first!.textContent).toContain("T-000042 · Licence will not activate");
    expect(first!.textContent).toContain("Unread");
    expect(first!.textContent).toContain("Admin · Ada Admin");
    expect(first!.textContent).toContain("5 minutes ago");
    expect(first!.textContent).toContain("Please send us the .req file.");
    expect(second!.dataset.unread).toBeUndefined();
    expect(second!.textContent).toContain("Support · Sam Support");
    expect(second!.textContent).toContain("3 days ago");
  });

  it("opens the customer's thread and closes the dropdown", async () => {
    serve(inbox);
    render(false);
    click(trigger());
    await waitFor(() => expect(items()).toHaveLength(2));
    click(items()[0]!.querySelector("button"));
    await waitFor(() => expect(document.querySelector('[data-testid="where"]')?.textContent).toBe("/my-tickets/11111111-1111-4111-8111-111111111111"));
    await waitFor(() => expect(items()).toHaveLength(0));
  });

  it("opens the admin route for an administrator, and names the customer's messages as the customer's", async () => {
    serve({ unreadCount: 1, items: [item({ authorRole: "user", authorName: "Cora Customer" })] });
    render(true);
    click(trigger());
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]!.textContent).toContain("Customer · Cora Customer");
    click(items()[0]!.querySelector("button"));
    await waitFor(() => expect(document.querySelector('[data-testid="where"]')?.textContent).toBe("/admin/resolution-center/11111111-1111-4111-8111-111111111111"));
  });

  it("shows the empty state when there is nothing", async () => {
    serve({ unreadCount: 0, items: [] });
    render(false);
    await waitFor(() => expect(trigger()?.getAttribute("aria-label")).toBe("Messages"));
    click(trigger());
    await waitFor(() => expect(document.body.textContent).toContain("No messages"));
    expect(document.querySelector('[data-testid="messages-badge"] .mantine-Indicator-indicator')).toBeNull();
  });
});

describe("sortInbox", () => {
  it("unread first, then newest first", () => {
    const sorted = sortInbox([
      item({ messageId: "a", read: true, createdAt: "2026-01-03T00:00:00Z" }),
      item({ messageId: "b", read: false, createdAt: "2026-01-01T00:00:00Z" }),
      item({ messageId: "c", read: false, createdAt: "2026-01-02T00:00:00Z" }),
    ]);
    expect(sorted.map((entry) => entry.messageId)).toEqual(["c", "b", "a"]);
  });
});
