import type { AuditEvent, AuditPage } from "@portal/contract";
import { describe, expect, it } from "vitest";
import { dayBoundary, exportFileName, toAuditQuery, toExportQuery, toStreamQuery } from "../lib/audit-query";
import { createSseParser, type ServerSentMessage } from "../lib/sse";
import { prependEvent, showsNewestFirst } from "../lib/use-live-follow";

const listState = { page: 3, pageSize: 20, sort: "action", order: "asc", q: "login", actorId: "5b1e2b56-f886-4e6a-a7f6-92924aea4819", action: "auth.login", outcome: "failure", from: "2026-03-01", to: "2026-03-31" };

describe("the log monitor's filters as API queries", () => {
  it("turns the URL's days into the first and last instant of those days in the viewer's zone", () => {
    const query = toAuditQuery(listState);
    expect(query).toMatchObject({ page: 3, pageSize: 20, sort: "action", order: "asc", q: "login", actorId: listState.actorId, action: "auth.login", outcome: "failure" });
    expect(new Date(query.from as string).getTime()).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).getTime());
    expect(new Date(query.to as string).getTime()).toBe(new Date(2026, 2, 31, 23, 59, 59, 999).getTime());
  });

  it("leaves out a day that is not one", () => {
    for (const day of ["2026-02-30", "2026-13-01", "yesterday", "", undefined, 20260301]) expect(dayBoundary(day)).toBeUndefined();
    expect(toAuditQuery({ page: 1, from: "2026-02-30", to: "soon" })).toEqual({ page: 1 });
  });

  it("exports every row of the same filters and order, and streams the filters alone", () => {
    const exported = toExportQuery(listState);
    expect(exported).not.toHaveProperty("page");
    expect(exported).not.toHaveProperty("pageSize");
    expect(exported).toMatchObject({ sort: "action", order: "asc", q: "login", outcome: "failure" });
    expect(Object.keys(toStreamQuery(listState)).sort()).toEqual(["action", "actorId", "from", "outcome", "q", "to"]);
    expect(exportFileName(new Date("2026-11-23T22:00:00Z"))).toBe("audit-2026-11-23.csv");
  });
});

const event = (id: string): AuditEvent => ({
  id,
  at: new Date().toISOString(),
  actorId: null,
  actorEmail: null,
  tokenId: null,
  action: "auth.login",
  outcome: "success",
  targetType: null,
  targetId: null,
  targetName: null,
  targetDeleted: false,
  ip: null,
  userAgent: null,
  details: null,
});

describe("live follow", () => {
  it("puts a new event on top of the newest-first first page once, and counts it", () => {
    const page: AuditPage = { items: [event("2"), event("1")], total: 2, page: 1, pageSize: 20, nextCursor: null };
    const next = prependEvent(page, event("3"));
    expect(next.items.map((item) => item.id)).toEqual(["3", "2", "1"]);
    expect(next.total).toBe(3);
    expect(prependEvent(next, event("3"))).toBe(next);
    expect(showsNewestFirst({ page: 1, sort: "at", order: "desc" })).toBe(true);
    expect(showsNewestFirst({})).toBe(true);
    expect(showsNewestFirst({ page: 2, sort: "at", order: "desc" })).toBe(false);
    expect(showsNewestFirst({ page: 1, sort: "action", order: "desc" })).toBe(false);
  });

  it("parses Server-Sent Events split anywhere, skipping comments and keeping the last id", () => {
    const messages: ServerSentMessage[] = [];
    const parser = createSseParser((message) => messages.push(message));
    const text = 'retry: 3000\n: following\n\nid: 7\ndata: {"a":1}\n\n: heartbeat\r\n\r\nid: 9\r\ndata: line one\r\ndata: line two\r\n\r\ndata: no id\n\n';
    for (let index = 0; index < text.length; index += 3) parser.feed(text.slice(index, index + 3));
    expect(messages).toEqual([
      { id: "7", data: '{"a":1}' },
      { id: "9", data: "line one\nline two" },
      { id: "9", data: "no id" },
    ]);
  });
});
