import { TICKET_ATTACHMENT_LIMITS, ticketPriorities, ticketStatuses } from "@portal/contract";
import { describe, expect, it } from "vitest";
import { statusTones } from "@/lib/theme";
import { formatBytes } from "@/lib/format";
import { attachmentType, canReply, checkAttachments, formatDuration, priorityColor, statusColor, ticketActionsFor } from "../lib/ticket-rules";

describe("which status changes a ticket offers", () => {
  it.each([
    ["open", ["inProgress", "resolve", "close"]],
    ["in_progress", ["resolve", "close"]],
    ["resolved", ["reopen", "close"]],
    ["closed", ["reopen"]],
  ] as const)("an administrator, %s: %j", (status, actions) => {
    expect(ticketActionsFor(status, true)).toEqual(actions);
  });

  it.each([
    ["open", ["close"]],
    ["in_progress", ["close"]],
    ["resolved", ["close"]],
    ["closed", []],
  ] as const)("a customer, %s: %j (never in progress, resolve or reopen: 403)", (status, actions) => {
    expect(ticketActionsFor(status, false)).toEqual(actions);
  });

  it("only a closed ticket refuses replies (a reply to a resolved one reopens it)", () => {
    expect(ticketStatuses.filter(canReply)).toEqual(["open", "in_progress", "resolved"]);
  });
});

describe("badge colours", () => {
  it("every status and priority has a colour with an AA tone in the theme", () => {
    for (const status of ticketStatuses) expect(Object.keys(statusTones)).toContain(statusColor[status]);
    for (const priority of ticketPriorities) expect(Object.keys(statusTones)).toContain(priorityColor[priority]);
  });

  it("priorities rise from grey to red, statuses are told apart", () => {
    expect(ticketPriorities.map((priority) => priorityColor[priority])).toEqual(["gray", "blue", "orange", "red"]);
    expect(new Set(ticketStatuses.map((status) => statusColor[status])).size).toBe(4);
  });
});

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

describe("attachment checks before an upload", () => {
  it("keeps allowed files and names each refused one", () => {
    const { files, problems } = checkAttachments([], [
      file("shot.png", 10, "image/png"),
      file("tool.exe", 10, "application/x-msdownload"),
      file("huge.pdf", TICKET_ATTACHMENT_LIMITS.maxBytes + 1, "application/pdf"),
      file("log.txt", 10, "text/plain"),
    ]);
    expect(files.map((kept) => kept.name)).toEqual(["shot.png", "log.txt"]);
    expect(problems).toEqual([
      { kind: "type", name: "tool.exe" },
      { kind: "tooLarge", name: "huge.pdf" },
    ]);
  });

  it("accepts exactly 10 MB and at most five files in all", () => {
    const current = [1, 2, 3, 4].map((index) => file(`a${index}.png`, 1, "image/png"));
    const { files, problems } = checkAttachments(current, [file("five.pdf", TICKET_ATTACHMENT_LIMITS.maxBytes, "application/pdf"), file("six.png", 1, "image/png"), file("seven.png", 1, "image/png")]);
    expect(files).toHaveLength(5);
    expect(problems).toEqual([{ kind: "tooMany", max: 5 }]);
  });

  it("judges files the browser gives no type by their extension", () => {
    expect(attachmentType({ name: "archive.ZIP", type: "" })).toBe("application/zip");
    expect(attachmentType({ name: "archive.zip", type: "application/x-zip-compressed" })).toBe("application/zip");
    expect(attachmentType({ name: "notes", type: "" })).toBe("");
  });
});

describe("sizes and durations", () => {
  it("formats bytes in the interface language", () => {
    expect(formatBytes(512, "en")).toBe("512 bytes");
    expect(formatBytes(1536, "en")).toBe("1.5 kB");
    expect(formatBytes(10 * 1024 * 1024, "en")).toBe("10 MB");
  });

  it("humanises the median first response with its two largest units", () => {
    expect(formatDuration(0, "en")).toBe("0 sec");
    expect(formatDuration(45, "en")).toBe("45 sec");
    expect(formatDuration(2 * 3600 + 5 * 60 + 7, "en")).toBe("2 hr 5 min");
    expect(formatDuration(3 * 86_400 + 40, "en")).toBe("3 days");
  });
});
