import { MantineProvider } from "@mantine/core";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { resetDisplaySettings, setDisplaySettings } from "@/lib/display-settings";
import { changeLanguage } from "@/lib/i18n";
import {
  applyServerTableChange,
  createDataTableColumnHelper,
  DataTable,
  DataTableSearch,
  readServerTableParams,
  toListQuery,
  toListQueryString,
  useServerTable,
  type DataTableColumn,
  type ServerTableOptions,
} from "../data-table";

type Row = { id: string; name: string; email: string };
const sortFields = ["name", "email", "createdAt"] as const;
const options: ServerTableOptions<(typeof sortFields)[number], "q" | "status"> = {
  sortFields,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["q", "status"],
};

describe("server table params", () => {
  it("falls back to the defaults for a missing or bad param", () => {
    const params = readServerTableParams(new URLSearchParams("page=0&pageSize=500&sort=password&order=up&q=%20%20"), options);
    expect(params).toEqual({ page: 1, pageSize: 20, sort: "createdAt", order: "desc", filters: { q: undefined, status: undefined } });
  });

  it("reads page, pageSize, sort, order and the filters", () => {
    const params = readServerTableParams(new URLSearchParams("page=3&pageSize=50&sort=email&order=asc&q=%20ada%20&status=locked&other=1"), options);
    expect(params).toEqual({ page: 3, pageSize: 50, sort: "email", order: "asc", filters: { q: "ada", status: "locked" } });
    expect(toListQuery(params)).toEqual({ page: 3, pageSize: 50, sort: "email", order: "asc", q: "ada", status: "locked" });
    expect(toListQueryString(params)).toBe("page=3&pageSize=50&sort=email&order=asc&q=ada&status=locked");
  });

  it("always sends page, pageSize, sort and order, and leaves unset filters out", () => {
    expect(toListQueryString(readServerTableParams(new URLSearchParams(""), options))).toBe("page=1&pageSize=20&sort=createdAt&order=desc");
  });

  it("a new filter, sort or page size goes back to page 1; a page change keeps the rest; defaults leave the URL", () => {
    const start = new URLSearchParams("page=4&sort=email&order=asc&tab=x");
    expect(applyServerTableChange(start, options, { filters: { q: "bob" } }).toString()).toBe("sort=email&order=asc&tab=x&q=bob");
    expect(applyServerTableChange(start, options, { sort: "name", order: "desc" }).toString()).toBe("sort=name&tab=x");
    expect(applyServerTableChange(start, options, { pageSize: 50 }).toString()).toBe("sort=email&order=asc&tab=x&pageSize=50");
    expect(applyServerTableChange(start, options, { page: 5 }).toString()).toBe("page=5&sort=email&order=asc&tab=x");
    expect(applyServerTableChange(new URLSearchParams("q=bob&page=2"), options, { filters: { q: "" } }).toString()).toBe("");
  });
});

const helper = createDataTableColumnHelper<Row>();
const columns: DataTableColumn<Row>[] = [
  helper.accessor("name", { id: "name", header: "Name", enableSorting: true }),
  helper.accessor("email", { id: "email", header: "Email" }),
  helper.display({ id: "actions", header: "Actions", cell: ({ row }) => <button type="button">Edit {row.original.name}</button> }),
];

function rows(count: number, offset = 0): Row[] {
  return Array.from({ length: count }, (_, index) => ({ id: `u${offset + index}`, name: `User ${offset + index}`, email: `u${offset + index}@example.com` }));
}

function Harness(props: { data?: Row[]; total?: number; isLoading?: boolean; error?: unknown; onRetry?: () => void }) {
  const table = useServerTable(options);
  const location = useLocation();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <output data-testid="query">{table.queryString}</output>
      <DataTableSearch table={table} label="Search" />
      <DataTable table={table} columns={columns} label="People" getRowId={(row) => row.id} {...props} data={props.data} total={props.total} />
    </>
  );
}

// @testing-library/dom is not installed (only its React wrapper is), so these tests render with
// react-dom and query the DOM directly.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

function renderAt(url: string, props: Parameters<typeof Harness>[0]) {
  const router = createMemoryRouter([{ path: "/", element: <Harness {...props} /> }], { initialEntries: [url] });
  container = document.body.appendChild(document.createElement("div"));
  root = createRoot(container);
  act(() =>
    root!.render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    ),
  );
  return router;
}

const byTestId = (id: string) => {
  const found = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!found) throw new Error(`no [data-testid=${id}]`);
  return found;
};
const search = () => byTestId("search").textContent;
/** The header cell whose text starts with `name`. */
const header = (name: string) => {
  const found = [...document.querySelectorAll<HTMLElement>("th")].find((th) => th.textContent?.trim().startsWith(name));
  if (!found) throw new Error(`no header ${name}`);
  return found;
};
const click = (element: Element | null) =>
  act(() => {
    (element as HTMLElement).click();
  });
const change = (element: Element | null, value: string) =>
  act(() => {
    const input = element as HTMLInputElement | HTMLSelectElement;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value")!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });

describe("<DataTable>", () => {
  it("follows the user's table density: compact rows are shorter and smaller, at once", () => {
    resetDisplaySettings();
    renderAt("/", { data: rows(3), total: 3 });
    const table = document.querySelector("table")!;
    expect(table).toHaveAttribute("data-density", "comfortable");
    const comfortable = table.getAttribute("style") ?? "";
    act(() => setDisplaySettings({ tableDensity: "compact" }));
    expect(table).toHaveAttribute("data-density", "compact");
    expect(table.className).toMatch(/compact/);
    // Mantine sets the row spacing and the font size as variables on the table.
    expect(table.getAttribute("style")).not.toBe(comfortable);
    expect(table.style.getPropertyValue("--table-vertical-spacing")).toBe("calc(0.25rem * var(--mantine-scale))");
    act(() => resetDisplaySettings());
    expect(table).toHaveAttribute("data-density", "comfortable");
  });

  it("shows the rows of the page, the range and sorts on the server only where a column allows it", () => {
    renderAt("/?page=2&pageSize=10", { data: rows(10, 10), total: 25 });
    const table = document.querySelector("table")!;
    expect(table).toHaveAttribute("aria-label", "People");
    expect(table.querySelectorAll("tbody tr")).toHaveLength(10);
    expect(table).toHaveTextContent("User 10");
    expect(table.querySelector("tbody tr")).toHaveAttribute("data-row-id", "u10");
    expect(byTestId("data-table-total")).toHaveTextContent("11–20 of 25");

    // Only "Name" is sortable: a button and aria-sort; "Email" and "Actions" are plain text.
    expect(header("Name")).toHaveAttribute("aria-sort", "none");
    expect(header("Email").querySelector("button")).toBeNull();
    expect(header("Email")).not.toHaveAttribute("aria-sort");

    click(header("Name").querySelector("button"));
    expect(search()).toBe("?pageSize=10&sort=name&order=asc");
    expect(header("Name")).toHaveAttribute("aria-sort", "ascending");
    click(header("Name").querySelector("button"));
    expect(search()).toBe("?pageSize=10&sort=name");
    expect(header("Name")).toHaveAttribute("aria-sort", "descending");
    expect(byTestId("query")).toHaveTextContent("page=1&pageSize=10&sort=name&order=desc");
  });

  it("pages and changes the page size through the URL", () => {
    renderAt("/", { data: rows(20), total: 45 });
    click(document.querySelector('[aria-label="Go to page 3"]'));
    expect(search()).toBe("?page=3");
    change(document.querySelector('select[aria-label="Rows per page"]'), "50");
    expect(search()).toBe("?pageSize=50");
  });

  it("counts and pages in the language's digits: Persian ones in Persian", async () => {
    await changeLanguage("fa", { persist: false });
    try {
      renderAt("/?page=2&pageSize=10", { data: rows(10, 10), total: 1234 });
      const footer = [byTestId("data-table-total"), byTestId("data-table-pagination"), byTestId("data-table-page-size")];
      for (const part of footer) {
        expect(part.textContent).toMatch(/[۰-۹]/);
        expect(part.textContent).not.toMatch(/[0-9]/);
      }
      expect(byTestId("data-table-total")).toHaveTextContent("۱۱–۲۰");
      expect(byTestId("data-table-pagination")).toHaveTextContent("۱۲۴");
    } finally {
      await changeLanguage("en", { persist: false });
    }
  });

  it("writes the search box to q after a pause and goes back to page 1", () => {
    vi.useFakeTimers();
    try {
      renderAt("/?page=2", { data: rows(3), total: 23 });
      change(document.querySelector('input[aria-label="Search"]'), "ada");
      expect(search()).toBe("?page=2");
      act(() => vi.advanceTimersByTime(350));
      expect(search()).toBe("?q=ada");
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops the search text still waiting for its pause when the URL changes from elsewhere", () => {
    vi.useFakeTimers();
    try {
      const router = renderAt("/?q=ada", { data: rows(3), total: 3 });
      const input = () => document.querySelector<HTMLInputElement>('input[aria-label="Search"]')!;
      change(input(), "ada lov");
      // Back to a link's list within the pause: its search, not the half-typed one.
      act(() => void router.navigate("/?q=grace"));
      act(() => vi.advanceTimersByTime(350));
      expect(search()).toBe("?q=grace");
      expect(input().value).toBe("grace");
      // Typing afterwards writes as before.
      change(input(), "grace h");
      act(() => vi.advanceTimersByTime(350));
      expect(search()).toBe("?q=grace+h");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows skeleton rows while the first page loads", () => {
    renderAt("/", { isLoading: true });
    expect(document.querySelectorAll('[data-testid="data-table-skeleton"]').length).toBeGreaterThan(0);
    expect(document.querySelector("table")).toHaveAttribute("aria-busy", "true");
  });

  it("shows the empty state", () => {
    renderAt("/", { data: [], total: 0 });
    expect(byTestId("data-table-empty")).toHaveTextContent("Nothing here yet");
  });

  it("says 'No results' when a filter is set", () => {
    renderAt("/?q=zzz", { data: [], total: 0 });
    expect(byTestId("data-table-empty")).toHaveTextContent("No results");
  });

  it("shows the parsed server error with a retry button", () => {
    const onRetry = vi.fn();
    const error = new ApiError("response", { status: 403, body: { detail: [{ loc: ["auth/forbidden"], msg: "x", type: "error" }] } });
    renderAt("/", { error, onRetry });
    const alert = byTestId("data-table-error");
    expect(alert).toHaveTextContent("The list could not be loaded");
    expect(alert).toHaveTextContent("You do not have permission to do this.");
    click([...alert.querySelectorAll("button")].find((button) => button.textContent === "Try again")!);
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
