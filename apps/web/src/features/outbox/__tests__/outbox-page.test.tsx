import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { byTestId, mountWithApp, pageText, refusal, serveApi, success } from "@/test/app";
import { click, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { mailTextParts } from "../components/mail-text";
import { OutboxPage } from "../pages/outbox-page";

const verification = {
  id: "6f1c0e55-8f0e-4a59-a4a2-4f1f8f3f3c01",
  to: "grace@example.com",
  subject: "Verify your e-mail address",
  createdAt: "2026-03-02T10:15:00.000Z",
  text: "Hello Grace,\n\nOpen https://portal.example.com/auth/verify-email?token=abc_123. It expires in 24 hours.\n<script>alert(1)</script> javascript:alert(2)",
};
const page = (items: unknown[]) => success({ items, total: items.length, page: 1, pageSize: 20 });

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

describe("mail text", () => {
  it("links only http(s) URLs, without the sentence's punctuation, and gives the text back whole", () => {
    const text = "See https://a.example/x?y=1. Or (http://b.example/z), not javascript:alert(1) nor ftp://c.example/f; https://";
    const parts = mailTextParts(text);
    expect(parts.filter((part) => part.kind === "link").map((part) => part.kind === "link" && part.href)).toEqual(["https://a.example/x?y=1", "http://b.example/z"]);
    expect(parts.map((part) => part.text).join("")).toBe(text);
  });
});

describe("the outbox page", { timeout: 20_000 }, () => {
  it("lists the messages newest first and opens one to its text, its link clickable and its markup inert", async () => {
    const calls = serveApi(() => page([verification]));
    mountWithApp(<OutboxPage />);
    await waitFor(() => expect(pageText()).toContain("Verify your e-mail address"));
    expect(calls[0]?.path).toContain("/api/v1/admin/outbox?");
    expect(calls[0]?.path).toContain("sort=createdAt");
    expect(calls[0]?.path).toContain("order=desc");
    expect(byTestId("outbox-message-text")).toBeNull();

    const toggle = byTestId("outbox-toggle")!;
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    click(toggle);
    await waitFor(() => expect(byTestId("outbox-message-text")).toBeTruthy());
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const text = byTestId("outbox-message-text")!;
    expect(toggle.getAttribute("aria-controls")).toBe(text.id);
    const links = [...text.querySelectorAll("a")];
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["https://portal.example.com/auth/verify-email?token=abc_123"]);
    expect(links[0]!.getAttribute("target")).toBe("_blank");
    expect(links[0]!.getAttribute("rel")).toBe("noopener noreferrer");
    expect(text.querySelector("script")).toBeNull();
    expect(text.textContent).toContain("<script>alert(1)</script> javascript:alert(2)");

    click(toggle);
    await waitFor(() => expect(byTestId("outbox-message-text")).toBeNull());
  });

  it("says when nothing was written yet", async () => {
    serveApi(() => page([]));
    mountWithApp(<OutboxPage />);
    await waitFor(() => expect(byTestId("data-table-empty")?.textContent).toContain("No e-mail written yet"));
  });

  it("shows the server's refusal (SMTP configured) as the list's error", async () => {
    serveApi(() => refusal(404, "mail/outbox_disabled", "x", "info"));
    mountWithApp(<OutboxPage />);
    await waitFor(() => expect(byTestId("data-table-error")?.textContent).toContain("There is no outbox: this server sends e-mail through SMTP"));
  });
});
