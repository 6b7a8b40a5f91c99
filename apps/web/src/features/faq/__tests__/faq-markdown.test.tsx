import { MantineProvider } from "@mantine/core";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { click, mount, stubBrowserApis, unmount } from "@/test/dom";
import { FaqMarkdown } from "../components/faq-markdown";
import { safeUrl } from "../lib/safe-url";

function render(markdown: string, onDemoLink?: () => void) {
  const router = createMemoryRouter([
    {
      path: "*",
      element: (
        <div data-testid="answer">
          <FaqMarkdown onDemoLink={onDemoLink}>{markdown}</FaqMarkdown>
        </div>
      ),
    },
  ]);
  mount(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return document.querySelector<HTMLElement>('[data-testid="answer"]')!;
}

/** Every attribute of every element under `root`, as "tag attr=value". */
const attributes = (root: Element) =>
  [...root.querySelectorAll("*")].flatMap((element) => [...element.attributes].map((attribute) => `${element.tagName.toLowerCase()} ${attribute.name}=${attribute.value}`));

beforeAll(stubBrowserApis);
afterEach(unmount);

describe("FAQ answers in Markdown", () => {
  it("never makes executable content: script, event handlers and javascript: links stay text or lose their address", () => {
    const hostile = [
      "<script>window.pwned = true</script>",
      '<img src="x" onerror="window.pwned = true">',
      "[click me](javascript:window.pwned=true)",
      "[tabbed](java\tscript:alert(1)) [encoded](JaVaScRiPt:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox)",
      '<a href="javascript:alert(1)">raw link</a> <iframe src="https://evil.example"></iframe> <svg onload="alert(1)"></svg>',
      "![pixel](javascript:alert(1))",
    ].join("\n\n");
    const root = render(hostile);
    expect(root.querySelectorAll("script, iframe, svg, object, embed, style")).toHaveLength(0);
    const all = attributes(root);
    expect(all.filter((entry) => / on\w+=/.test(entry))).toEqual([]);
    expect(all.filter((entry) => /(href|src)=\s*(javascript|vbscript|data):/i.test(entry.replace(/\s/g, "")))).toEqual([]);
    // The HTML a vendor typed is shown as the text it is.
    expect(root.textContent).toContain("<script>window.pwned = true</script>");
    expect(root.textContent).toContain('<img src="x" onerror="window.pwned = true">');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    // The unsafe links keep their words, without an address.
    const clickMe = [...root.querySelectorAll("a, span")].find((element) => element.textContent === "click me");
    expect(clickMe?.getAttribute("href") ?? null).toBeNull();
  });

  it("renders Markdown: emphasis, lists, tables; headings below the question's level", () => {
    const root = render("# Title\n\n**bold** and *italic*\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(root.querySelector("h1, h2, h3")).toBeNull();
    expect(root.querySelector("h4")?.textContent).toBe("Title");
    expect(root.querySelector("strong")?.textContent).toBe("bold");
    expect(root.querySelectorAll("li")).toHaveLength(2);
    expect(root.querySelector("table td")?.textContent).toBe("1");
  });

  it("opens other sites in a new tab without opener or referrer, keeps the portal's paths in the app, and #demo opens the dialog", () => {
    const onDemo = vi.fn();
    const root = render("[site](https://example.com/x) [tickets](/my-tickets) [mail](mailto:sales@example.com) [demo](#demo) https://bare.example.com", onDemo);
    const site = root.querySelector<HTMLAnchorElement>('a[href="https://example.com/x"]')!;
    expect(site.target).toBe("_blank");
    expect(site.rel).toBe("noopener noreferrer");
    expect(site.textContent).toContain("opens in a new tab");
    const internal = root.querySelector<HTMLAnchorElement>('a[href="/my-tickets"]')!;
    expect(internal.target).toBe("");
    expect(root.querySelector('a[href="mailto:sales@example.com"]')).toBeTruthy();
    expect(root.querySelector('a[href="https://bare.example.com"]')?.getAttribute("rel")).toBe("noopener noreferrer");
    const demo = [...root.querySelectorAll("button")].find((button) => button.textContent === "demo");
    click(demo);
    expect(onDemo).toHaveBeenCalledTimes(1);
  });
});

describe("safeUrl", () => {
  it("keeps web, mail and phone addresses, the portal's paths and anchors; drops every other scheme", () => {
    for (const url of ["https://example.com", "http://example.com/a?b#c", "mailto:a@b.c", "tel:+90212", "/faq", "#demo"]) expect(safeUrl(url), url).toBe(url);
    for (const url of ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "java\nscript:alert(1)", "data:text/html,x", "vbscript:x", "//evil.example", "/\\evil.example", "file:///etc/passwd", "relative/path"]) {
      expect(safeUrl(url), url).toBeNull();
    }
  });
});
