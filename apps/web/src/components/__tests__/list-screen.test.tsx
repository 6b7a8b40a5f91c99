import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { serviceBodySchema, type Page } from "@portal/contract";
import { IconArchive, IconEye } from "@tabler/icons-react";
import { keepPreviousData, QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { act } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { deleteAction, editAction, ListScreen, type ListColumns } from "@/components/list-screen";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { click, field, mount, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";

// A made-up resource described the way the real list pages describe theirs, talking to a fake
// server through the app's API client (fetch is the only thing mocked).

type Widget = { id: string; name: string; description: string; colour: string };
type WidgetBody = { name: string; description?: string };

const useWidgets = (query: QueryParams) =>
  useQuery({
    queryKey: ["widgets", query],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<Page<Widget>>>("api/v1/widgets", { params: query, signal })).data,
    placeholderData: keepPreviousData,
  });
function useWidgetMutation<T>(run: (variables: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: ["widgets"] }) });
}
const useCreateWidget = () => useWidgetMutation((body: WidgetBody) => apiClient.post("api/v1/widgets", body));
const useUpdateWidget = () => useWidgetMutation(({ id, body }: { id: string; body: WidgetBody }) => apiClient.put(`api/v1/widgets/${id}`, body));
const useDeleteWidget = () => useWidgetMutation((id: string) => apiClient.delete(`api/v1/widgets/${id}`));

const table: ServerTableOptions<"name" | "colour", "q" | "colour"> = { sortFields: ["name", "colour"], defaultSort: "name", filters: ["q", "colour"] };
const column = createDataTableColumnHelper<Widget>();
const columns: ListColumns<Widget> = () => [
  column.accessor("name", { id: "name", header: "Name", enableSorting: true }),
  column.accessor("colour", { id: "colour", header: "Colour" }),
];

function WidgetsPage({ embedded = false }: { embedded?: boolean }) {
  const location = useLocation();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <output data-testid="path">{location.pathname}</output>
      <ListScreen
        title={embedded ? undefined : "Widgets"}
        table={table}
        useList={useWidgets}
        columns={columns}
        texts={{ tableLabel: "Widgets", emptyTitle: "No widgets yet", emptyDescription: "Add the first one." }}
        search={{ label: "Search widgets" }}
        filters={[{ param: "colour", label: "Colour", allLabel: "All colours", options: [{ value: "red", label: "Red" }, { value: "blue", label: "Blue" }], testId: "colour-filter" }]}
        create={{ label: "Add widget" }}
        rowLink={(widget) => `/widgets/${widget.id}`}
        form={{
          schema: serviceBodySchema,
          fields: [
            { name: "name", kind: "text", label: "Name" },
            { name: "description", kind: "textarea", label: "Description" },
          ],
          values: (widget) => ({ name: widget?.name ?? "", description: widget?.description ?? "" }),
          useCreate: useCreateWidget,
          useUpdate: useUpdateWidget,
          fieldByCode: { "catalogue/name_taken": "name" },
          texts: { createTitle: "New widget", editTitle: "Edit widget", created: "Widget created", saved: "Widget saved" },
        }}
        rowActions={{
          header: "Actions",
          label: (widget) => `Actions for ${widget.name}`,
          items: [
            editAction("Edit"),
            deleteAction<Widget>("Delete", { title: "Delete widget", message: (widget) => `Delete ${widget.name}?`, useMutation: useDeleteWidget, done: () => "Widget deleted" }),
          ],
        }}
        testId="widgets-table"
      />
    </>
  );
}

const useApproveWidget = () =>
  useWidgetMutation(async (id: string) => (await apiClient.post<Envelope<{ approvals: number }>>(`api/v1/widgets/${id}/approve`)).data);
const ordered = vi.fn();
const detailsOf = vi.fn();

/** A list inside a page with a "…" menu per row and the actions a row is mostly opened for beside it. */
function ApprovalsPage() {
  return (
    <ListScreen
      table={table}
      useList={useWidgets}
      columns={columns}
      texts={{ tableLabel: "Widgets" }}
      create={{ label: "Order widget", onClick: ordered, inFilterRow: true }}
      rowActions={{
        as: "menu",
        header: "Actions",
        label: (widget) => `More for ${widget.name}`,
        items: [
          {
            id: "approve",
            label: "Approve",
            beside: "text",
            when: (widget) => widget.colour === "red",
            confirm: {
              title: "Approve widget",
              message: (widget) => `Approve ${widget.name}?`,
              confirmLabel: "Approve",
              useMutation: useApproveWidget,
              done: (_widget, answer: { approvals: number }) => `Approvals: ${answer.approvals}`,
            },
          },
          { id: "details", label: "Details", icon: IconEye, beside: "icon", onClick: (widget) => detailsOf(widget.id) },
          { id: "archive", label: "Archive", icon: IconArchive, when: (widget) => widget.colour === "blue", disabled: (widget) => widget.description === "", onClick: () => undefined },
        ],
      }}
      testId="widgets-table"
    />
  );
}

const widgets: Widget[] = [
  { id: "w1", name: "Sprocket", description: "Toothed", colour: "red" },
  { id: "w2", name: "Gear", description: "", colour: "blue" },
];

type Call = { method: string; url: URL; body: unknown };
/** A fake API: `answer` decides the response of each call; every call is recorded. */
function fakeServer(answer: (call: Call) => { status: number; body?: unknown } = defaultAnswer) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const raw = init?.body;
    const call = { method: init?.method ?? "GET", url, body: typeof raw === "string" ? JSON.parse(raw) : undefined };
    calls.push(call);
    const { status, body } = answer(call);
    return status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}
function defaultAnswer(call: Call) {
  if (call.method === "GET") {
    const q = call.url.searchParams.get("q");
    const items = widgets.filter((widget) => !q || widget.name.toLowerCase().includes(q.toLowerCase()));
    return { status: 200, body: { status: "success", data: { items, total: items.length, page: 1, pageSize: 20 } } };
  }
  if (call.method === "DELETE") return { status: 204 };
  return { status: call.method === "POST" ? 201 : 200, body: { status: "success", data: { ...widgets[0], ...(call.body as object) } } };
}
const listCalls = (calls: Call[]) => calls.filter((call) => call.method === "GET" && call.url.pathname === "/api/v1/widgets");

beforeAll(stubBrowserApis);

afterEach(unmount);

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/widgets", element: <WidgetsPage /> },
      { path: "/widgets/:id", element: <WidgetsPage /> },
      { path: "/embedded", element: <WidgetsPage embedded /> },
      { path: "/approvals", element: <ApprovalsPage /> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  mount(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const text = () => document.body.textContent ?? "";
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const button = (name: string, scope: ParentNode = document) =>
  [...scope.querySelectorAll<HTMLElement>("button, a")].find((element) => element.getAttribute("aria-label") === name || element.textContent === name);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const change = (element: Element | null | undefined, value: string) => {
  if (!element) throw new Error("nothing to type into");
  type(element, value);
};

describe("<ListScreen>", { timeout: 20_000 }, () => {
  it("shows the title, the columns and the rows the server sent, with the list params in the call", async () => {
    const calls = fakeServer();
    renderAt("/widgets?sort=colour&order=desc");
    expect(document.querySelector("h1")?.textContent).toBe("Widgets");
    await waitFor(() => expect(text()).toContain("Sprocket"));
    const headers = [...document.querySelectorAll("th")].map((th) => th.textContent);
    expect(headers).toEqual(["Name", "Colour", "Actions"]);
    expect([...document.querySelectorAll("tbody tr")].map((row) => row.getAttribute("data-row-id"))).toEqual(["w1", "w2"]);
    expect(listCalls(calls)[0]!.url.search).toBe("?page=1&pageSize=20&sort=colour&order=desc");
    expect(button("Edit: Gear")).toBeTruthy();
    expect(document.querySelector('[role="group"][aria-label="Actions for Gear"]')).toBeTruthy();
  });

  it("writes the search box and the filter to the URL and asks the server again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = fakeServer();
      renderAt("/widgets?page=2");
      await waitFor(() => expect(text()).toContain("Sprocket"));
      change(document.querySelector('input[type="search"]'), "gear");
      act(() => vi.advanceTimersByTime(350));
      expect(byTestId("search")?.textContent).toBe("?q=gear");
      await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get("q")).toBe("gear"));
      await waitFor(() => expect(text()).not.toContain("Sprocket"));

      change(byTestId("colour-filter"), "blue");
      expect(byTestId("search")?.textContent).toBe("?q=gear&colour=blue");
      await waitFor(() => expect(listCalls(calls).at(-1)!.url.search).toBe("?page=1&pageSize=20&sort=name&order=asc&q=gear&colour=blue"));
      change(byTestId("colour-filter"), "");
      expect(byTestId("search")?.textContent).toBe("?q=gear");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the empty state with the create button, and the server's error with a retry", async () => {
    let fail = false;
    fakeServer((call) =>
      fail
        ? { status: 500, body: { status: "error", error: { type: "server", code: "common/internal", message: "Boom", items: [] } } }
        : defaultAnswer({ ...call, url: new URL("http://x/?q=nothing-matches") }),
    );
    renderAt("/widgets");
    await waitFor(() => expect(byTestId("data-table-empty")?.textContent).toContain("No widgets yet"));
    expect(button("Add widget", byTestId("data-table-empty")!)).toBeTruthy();
    unmount();

    fail = true;
    renderAt("/widgets");
    await waitFor(() => expect(byTestId("data-table-error")).toBeTruthy());
    expect(button("Try again", byTestId("data-table-error")!)).toBeTruthy();
  });

  it("validates the create form with the contract's schema, then sends it and closes with a toast", async () => {
    const calls = fakeServer();
    renderAt("/widgets");
    await waitFor(() => expect(text()).toContain("Sprocket"));
    click(button("Add widget"));
    await waitFor(() => expect(dialog()?.textContent).toContain("New widget"));
    // Required and max length come from the schema (Name: required, at most 120).
    expect(field("Name").required).toBe(true);
    expect(field("Name").maxLength).toBe(120);
    expect(field("Description").required).toBe(false);
    click(button("Create", dialog()!));
    await waitFor(() => expect(dialog()?.textContent).toContain("This field is required"));
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    change(field("Name"), "Flange");
    click(button("Create", dialog()!));
    await waitFor(() => expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "Flange", description: "" }));
    await waitFor(() => expect(text()).toContain("Widget created"));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it("edits a row from its values and puts a server error code on its field", async () => {
    const calls = fakeServer((call) =>
      call.method === "PUT"
        ? { status: 409, body: { status: "error", detail: [{ loc: ["catalogue/name_taken"], msg: "Name taken", type: "error" }] } }
        : defaultAnswer(call),
    );
    renderAt("/widgets");
    await waitFor(() => expect(text()).toContain("Sprocket"));
    click(button("Edit: Sprocket"));
    await waitFor(() => expect(dialog()?.textContent).toContain("Edit widget"));
    expect(field("Name").value).toBe("Sprocket");
    expect(field("Description").value).toBe("Toothed");
    change(field("Name"), "Gear");
    click(button("Save changes", dialog()!));
    await waitFor(() => expect(calls.find((call) => call.method === "PUT")?.url.pathname).toBe("/api/v1/widgets/w1"));
    await waitFor(() => expect(dialog()?.textContent).toContain("An item with this name already exists."));
    expect(field("Name").getAttribute("aria-invalid")).toBe("true");
  });

  it("asks before a delete and deletes only when confirmed", async () => {
    const calls = fakeServer();
    renderAt("/widgets");
    await waitFor(() => expect(text()).toContain("Gear"));
    click(button("Delete: Gear"));
    await waitFor(() => expect(dialog()?.textContent).toContain("Delete Gear?"));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    click(button("Cancel", dialog()!));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    click(button("Delete: Gear"));
    await waitFor(() => expect(dialog()).toBeTruthy());
    click(button("Delete", dialog()!));
    await waitFor(() => expect(calls.find((call) => call.method === "DELETE")?.url.pathname).toBe("/api/v1/widgets/w2"));
    await waitFor(() => expect(text()).toContain("Widget deleted"));
  });

  it("opens a row on click, but not when one of its buttons is clicked", async () => {
    fakeServer();
    renderAt("/widgets");
    await waitFor(() => expect(text()).toContain("Gear"));
    click(button("Edit: Gear"));
    expect(byTestId("path")?.textContent).toBe("/widgets");
    unmount();
    renderAt("/widgets");
    await waitFor(() => expect(text()).toContain("Gear"));
    click(document.querySelector('tr[data-row-id="w2"] td'));
    expect(byTestId("path")?.textContent).toBe("/widgets/w2");
  });

  it("without a title sits inside its page: no h1, the page's document title, the create button in the empty state only", async () => {
    fakeServer((call) => defaultAnswer({ ...call, url: new URL("http://x/?q=nothing-matches") }));
    document.title = "The page's own title";
    renderAt("/embedded");
    await waitFor(() => expect(byTestId("data-table-empty")?.textContent).toContain("No widgets yet"));
    expect(document.querySelector("h1")).toBeNull();
    expect(document.title).toBe("The page's own title");
    expect(button("Add widget", byTestId("data-table-empty")!)).toBeTruthy();
    expect([...document.querySelectorAll("button")].filter((element) => element.textContent === "Add widget")).toHaveLength(1);
  });

  it("puts a row's main actions beside its menu, leaves out an empty menu, and toasts what the server answered", async () => {
    const calls = fakeServer((call) =>
      call.url.pathname.endsWith("/approve") ? { status: 200, body: { status: "success", data: { approvals: 3 } } } : defaultAnswer(call),
    );
    renderAt("/approvals");
    await waitFor(() => expect(text()).toContain("Gear"));
    const row = (id: string) => document.querySelector<HTMLElement>(`tr[data-row-id="${id}"]`)!;
    // The create button sits in the filter row even without a title, and runs the page's own action.
    expect([...document.querySelectorAll("button")].filter((element) => element.textContent === "Order widget")).toHaveLength(1);
    click(button("Order widget"));
    expect(ordered).toHaveBeenCalledOnce();

    expect(button("Approve", row("w1"))).toBeTruthy();
    expect(button("Approve", row("w2"))).toBeUndefined();
    click(button("Details", row("w2")));
    expect(detailsOf).toHaveBeenCalledWith("w2");
    expect(button("More for Sprocket", row("w1"))).toBeUndefined();
    click(button("More for Gear", row("w2")));
    await waitFor(() => expect(document.querySelector('[role="menuitem"]')?.textContent).toBe("Archive"));
    expect(document.querySelector('[role="menuitem"]')?.hasAttribute("disabled")).toBe(true);

    click(button("Approve", row("w1")));
    await waitFor(() => expect(dialog()?.textContent).toContain("Approve Sprocket?"));
    click(button("Approve", dialog()!));
    await waitFor(() => expect(calls.find((call) => call.method === "POST")?.url.pathname).toBe("/api/v1/widgets/w1/approve"));
    await waitFor(() => expect(text()).toContain("Approvals: 3"));
  });
});
