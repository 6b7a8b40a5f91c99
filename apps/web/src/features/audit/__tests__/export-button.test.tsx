import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { click, mount, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { ExportButton } from "../components/export-button";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  mount(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ExportButton query={{ page: 4, pageSize: 50, sort: "at", order: "desc", outcome: "failure", from: "2026-03-01" }} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const button = () => document.querySelector<HTMLButtonElement>('[data-testid="audit-export"]')!;

describe("the CSV export button", { timeout: 20_000 }, () => {
  it("asks for CSV with the filters and no paging, is busy until the file arrives, then downloads it", async () => {
    let answer!: (response: Response) => void;
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const saved: string[] = [];
    globalThis.URL.createObjectURL = vi.fn(() => "blob:csv");
    globalThis.URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render();
    expect(button().disabled).toBe(false);
    click(button());
    await waitFor(() => expect(button().dataset.loading).toBeDefined());
    expect(button().disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    const sent = new URL(String(url), "http://portal.test");
    expect(sent.pathname).toBe("/api/v1/audit-events");
    expect(sent.searchParams.get("page")).toBeNull();
    expect(sent.searchParams.get("pageSize")).toBeNull();
    expect(sent.searchParams.get("outcome")).toBe("failure");
    expect(sent.searchParams.get("from")).toBe(new Date(2026, 2, 1).toISOString());
    expect(new Headers(init?.headers).get("accept")).toBe("text/csv");

    answer(new Response("id,at\r\n1,x\r\n", { status: 200, headers: { "content-type": "text/csv" } }));
    await waitFor(() => expect(button().dataset.loading).toBeUndefined());
    expect(button().disabled).toBe(false);
    expect(saved).toEqual([expect.stringMatching(/^audit-\d{4}-\d{2}-\d{2}\.csv$/)]);
  });

  it("comes back clickable after a refusal, downloading nothing", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ detail: [{ loc: ["auth/forbidden"], msg: "Forbidden", type: "error" }] }), { status: 403, headers: { "content-type": "application/json" } }),
    );
    const click$ = vi.spyOn(HTMLAnchorElement.prototype, "click");
    render();
    click(button());
    await waitFor(() => expect(button().dataset.loading).toBeUndefined());
    expect(button().disabled).toBe(false);
    expect(click$).not.toHaveBeenCalled();
  });
});
