import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { AfterFirstPaint } from "../after-first-paint";

const host = document.createElement("div");
document.body.append(host);
afterEach(() => {
  host.innerHTML = "";
});

describe("AfterFirstPaint", () => {
  it("commits its children in a later task than the page around them, and stops when unmounted first", async () => {
    const root = createRoot(host);
    act(() => {
      root.render(
        <>
          <h1>Header</h1>
          <AfterFirstPaint>
            <p>Below</p>
          </AfterFirstPaint>
        </>,
      );
    });
    expect(host.textContent).toBe("Header");
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(host.textContent).toBe("HeaderBelow");

    act(() => root.render(<AfterFirstPaint>late</AfterFirstPaint>));
    act(() => root.unmount());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(host.textContent).toBe("");
  });
});
