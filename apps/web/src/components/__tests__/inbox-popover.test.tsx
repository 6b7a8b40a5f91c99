import { MantineProvider } from "@mantine/core";
import { IconBell, IconBellOff } from "@tabler/icons-react";
import { act } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { InboxPopover, InboxPopoverBody } from "@/components/inbox-popover";
import { click, mount, stubBrowserApis, unmount, waitFor } from "@/test/dom";

const texts = { loadFailed: "Could not load", retry: "Retry", emptyTitle: "Nothing here", emptyMessage: "All quiet.", listLabel: "Things" };

function Page({ query, count }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown }; count: number }) {
  return (
    <>
      <output data-testid="where">{useLocation().pathname}</output>
      <InboxPopover icon={IconBell} label="Things (2 unread)" unread={2} title="Things" unreadText="2 unread" testId="things">
        {(close) => (
          <InboxPopoverBody query={query} count={count} texts={texts} emptyIcon={IconBellOff} listTestId="thing-list" footer={{ label: "See all", to: "/all", onClick: close }}>
            <li>One</li>
            <li>Two</li>
          </InboxPopoverBody>
        )}
      </InboxPopover>
    </>
  );
}

function render(query: { isPending: boolean; isError: boolean; refetch: () => unknown }, count: number) {
  const router = createMemoryRouter([{ path: "*", element: <Page query={query} count={count} /> }], { initialEntries: ["/start"] });
  mount(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const trigger = () => document.querySelector<HTMLElement>('[data-testid="things-button"]')!;
const list = () => document.querySelector('[data-testid="thing-list"]');
const settled = { isPending: false, isError: false, refetch: () => undefined };

beforeAll(stubBrowserApis);
afterEach(unmount);

describe("<InboxPopover>", { timeout: 20_000 }, () => {
  it("opens from its badged button with the title and unread count, and Escape on the button closes it", async () => {
    render(settled, 2);
    expect(trigger().getAttribute("aria-label")).toBe("Things (2 unread)");
    expect(document.querySelector('[data-testid="things-badge"]')?.textContent).toContain("2");
    click(trigger());
    await waitFor(() => expect(list()?.getAttribute("aria-label")).toBe("Things"));
    expect(document.querySelector('[data-testid="things-unread"]')?.textContent).toBe("2 unread");
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    // Right after opening, focus is still on the button: Escape there closes it too.
    act(() => void trigger().dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));
    await waitFor(() => expect(trigger().getAttribute("aria-expanded")).toBe("false"));
  });

  it("follows the footer link and closes", async () => {
    render(settled, 2);
    click(trigger());
    await waitFor(() => expect(list()).toBeTruthy());
    click([...document.querySelectorAll("a")].find((link) => link.textContent === "See all"));
    await waitFor(() => expect(document.querySelector('[data-testid="where"]')?.textContent).toBe("/all"));
    await waitFor(() => expect(list()).toBeNull());
  });

  it("shows the empty state, or a failure with a retry when nothing is left to show", async () => {
    render(settled, 0);
    click(trigger());
    await waitFor(() => expect(document.body.textContent).toContain("Nothing here"));
    expect(list()).toBeNull();
    unmount();

    const refetch = vi.fn();
    render({ isPending: false, isError: true, refetch }, 0);
    click(trigger());
    await waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toContain("Could not load"));
    click([...document.querySelectorAll("button")].find((button) => button.textContent === "Retry"));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
