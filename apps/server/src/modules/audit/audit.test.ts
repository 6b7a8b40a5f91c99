import { randomBytes } from "node:crypto";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { AuditAction, AuditPage, AuditSortField } from "@portal/contract";
import { auditEvents } from "../../db/schema/index.js";
import { loginAsAdmin, loginRequest, signUpCustomer } from "../../test/accounts.js";
import { createPlanWithFeature, issueLicenses } from "../../test/factories.js";
import { call, json } from "../../test/http.js";
import { ADMIN_EMAIL, closeTestApp, createTestApp, useTestApp } from "../../test/test-app.js";
import { eventReader, openStream } from "../../test/sse.js";
import { recordAudit } from "../../db/audit.js";
import { CSV_BATCH_ROWS } from "./audit.queries.js";

const t = useTestApp();

interface Seeded {
  id: string;
  /** Microseconds since the epoch: the order PostgreSQL keeps, finer than a JS Date. */
  micros: bigint;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  outcome: "success" | "failure";
  targetType: string | null;
  ip: string;
}

/** An action the server never records, so the filters' tests tell their events from real ones. */
const testAction = (name: string) => name as AuditAction;

const marker = () => `lm${randomBytes(4).toString("hex")}`;

/**
 * Writes events straight into the table with exact times (ties and microsecond steps included) and
 * values made of lower-case letters only, so JavaScript's order and the database collation agree.
 */
async function seedEvents(tag: string, count: number, actors: { id: string; email: string }[]): Promise<Seeded[]> {
  const actions = ["delta", "alpha", "charlie", "bravo"];
  const types = ["zulu", null, "yankee"];
  const base = 1_760_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e9)) * 1000n;
  const rows: Seeded[] = [];
  for (let index = 0; index < count; index++) {
    // Every third event shares its time with the one before; the others are a microsecond apart.
    const micros = base + BigInt(index - (index % 3 === 2 ? 1 : 0));
    const actor = index % 4 === 3 ? null : actors[index % actors.length]!;
    const seeded = {
      action: actions[index % actions.length]!,
      actorId: actor?.id ?? null,
      actorEmail: actor ? `person${"abcde"[index % 5]}` : null,
      outcome: index % 5 === 0 ? ("failure" as const) : ("success" as const),
      targetType: types[index % types.length]!,
      ip: `10.0.0.${index}`,
    };
    const seconds = Number(micros / 1_000_000n);
    const fraction = String(micros % 1_000_000n).padStart(6, "0");
    const at = `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${fraction}Z`;
    const [row] = await t.database.db
      .insert(auditEvents)
      .values({ ...seeded, at: sql`${at}::timestamptz` as unknown as Date, targetId: `${tag}-${index}`, userAgent: "seed" })
      .returning({ id: auditEvents.id });
    rows.push({ ...seeded, id: String(row!.id), micros });
  }
  return rows;
}

const keyOf: Record<AuditSortField, (row: Seeded) => string> = {
  at: () => "",
  action: (row) => row.action,
  actor: (row) => row.actorEmail ?? "",
  outcome: (row) => row.outcome,
  targetType: (row) => row.targetType ?? "",
};

function sortedIds(rows: Seeded[], sort: AuditSortField, order: "asc" | "desc"): string[] {
  const sign = order === "asc" ? 1 : -1;
  const compare = (a: Seeded, b: Seeded) => {
    const [ka, kb] = [keyOf[sort](a), keyOf[sort](b)];
    if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
    if (a.micros !== b.micros) return (a.micros < b.micros ? -1 : 1) * sign;
    return (BigInt(a.id) < BigInt(b.id) ? -1 : 1) * sign;
  };
  return [...rows].sort(compare).map((row) => row.id);
}

async function listPage(token: string, query: Record<string, string>) {
  const response = await call(t.app, { method: "GET", url: `/api/v1/audit-events?${new URLSearchParams(query)}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: AuditPage }>(response).data;
}

/** Every page of a query, following `nextCursor`; `between` runs after each page. */
async function walk(token: string, query: Record<string, string>, between?: () => Promise<void>) {
  const pages: AuditPage[] = [];
  let cursor: string | null = null;
  do {
    const page = await listPage(token, cursor ? { ...query, cursor } : query);
    pages.push(page);
    cursor = page.nextCursor;
    await between?.();
  } while (cursor);
  return pages;
}

const ids = (pages: AuditPage[]) => pages.flatMap((page) => page.items.map((item) => item.id));

describe("GET /api/v1/audit-events", () => {
  it("lists events newest first with their actor and outcome", async () => {
    const customer = await signUpCustomer(t);
    await loginRequest(t.app, customer.email, "Wrong-pass-1!");
    const admin = await loginAsAdmin(t.app);
    const page = await listPage(admin, { pageSize: "3" });
    expect(page.pageSize).toBe(3);
    expect(page.items).toHaveLength(3);
    expect(page.total).toBeGreaterThan(3);
    const times = page.items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.items[0]).toMatchObject({ action: "auth.login", actorEmail: ADMIN_EMAIL, outcome: "success" });
    const failed = page.items.find((item) => item.action === "auth.login_failed");
    expect(failed).toMatchObject({ outcome: "failure", actorEmail: customer.email });
  });

  it("applies each filter: actor, action, outcome, time range and text", async () => {
    const admin = await loginAsAdmin(t.app);
    const customer = await signUpCustomer(t);
    const adminId = (await listPage(admin, { action: "auth.login", pageSize: "1" })).items[0]!.actorId!;
    const tag = marker();
    const seeded = await seedEvents(tag, 24, [
      { id: adminId, email: ADMIN_EMAIL },
      { id: customer.user.id, email: customer.email },
    ]);
    const allIds = async (query: Record<string, string>) => ids(await walk(admin, { q: tag, pageSize: "5", ...query }));
    const expected = (keep: (row: Seeded) => boolean) => sortedIds(seeded.filter(keep), "at", "desc");

    expect(await allIds({})).toEqual(expected(() => true));
    expect(await allIds({ actorId: customer.user.id })).toEqual(expected((row) => row.actorId === customer.user.id));
    expect(await allIds({ action: "charlie" })).toEqual(expected((row) => row.action === "charlie"));
    expect(await allIds({ outcome: "failure" })).toEqual(expected((row) => row.outcome === "failure"));
    const sortedByTime = [...seeded].sort((a, b) => (a.micros < b.micros ? -1 : 1));
    const from = sortedByTime[6]!;
    const to = sortedByTime[15]!;
    const iso = (micros: bigint) => new Date(Number(micros / 1000n)).toISOString();
    // Whole milliseconds: every seeded time is within one millisecond, so `from` includes them all.
    expect(await allIds({ from: iso(from.micros) })).toEqual(expected((row) => row.micros >= (from.micros / 1000n) * 1000n));
    expect(await allIds({ to: iso(to.micros + 1000n) })).toEqual(expected((row) => row.micros <= ((to.micros + 1000n) / 1000n) * 1000n));
    // Text search looks at the IP too; the total is the filtered count.
    const byIp = await listPage(admin, { q: "10.0.0.17" });
    expect(byIp.items.map((item) => item.id)).toEqual(expected((row) => row.ip === "10.0.0.17"));
    expect(byIp.total).toBe(1);
    expect((await listPage(admin, { q: tag, outcome: "failure" })).total).toBe(seeded.filter((row) => row.outcome === "failure").length);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await listPage(admin, { from: future })).total).toBe(0);
    for (const bad of ["from=yesterday", "outcome=maybe", "actorId=42", "sort=ip"]) {
      const response = await call(t.app, { method: "GET", url: `/api/v1/audit-events?${bad}`, token: admin });
      expect(response.statusCode, bad).toBe(422);
      expect(json<{ detail: { loc: string[] }[] }>(response).detail[0]!.loc).toEqual(["query", bad.split("=")[0]]);
    }
  });

  it("sorts by every field both ways, ties broken by time then id, by page number and by cursor alike", async () => {
    const admin = await loginAsAdmin(t.app);
    const customer = await signUpCustomer(t);
    const tag = marker();
    const seeded = await seedEvents(tag, 23, [{ id: customer.user.id, email: customer.email }]);
    for (const sort of ["at", "action", "actor", "outcome", "targetType"] as const) {
      for (const order of ["asc", "desc"] as const) {
        const query = { q: tag, sort, order, pageSize: "6" };
        const byCursor = await walk(admin, query);
        expect(ids(byCursor), `${sort} ${order}`).toEqual(sortedIds(seeded, sort, order));
        expect(byCursor.map((page) => page.page)).toEqual([1, 2, 3, 4]);
        expect(byCursor.every((page) => page.total === 23)).toBe(true);
        const byNumber = await Promise.all([1, 2, 3, 4].map((page) => listPage(admin, { ...query, page: String(page) })));
        expect(ids(byNumber), `${sort} ${order} by page`).toEqual(ids(byCursor));
      }
    }
  });

  it("walks every row exactly once by cursor while new events arrive", async () => {
    const admin = await loginAsAdmin(t.app);
    const tag = marker();
    const seeded = await seedEvents(tag, 17, []);
    let arrivals = 0;
    const pages = await walk(admin, { q: tag, pageSize: "4" }, async () => {
      // A newer event matching the same filter, as live traffic would add.
      await recordAudit(t.database.db, { actorId: null, ip: null, userAgent: null }, { action: testAction("alpha"), targetId: `${tag}-new-${arrivals++}` });
    });
    const walked = ids(pages);
    expect(walked).toEqual(sortedIds(seeded, "at", "desc"));
    expect(new Set(walked).size).toBe(walked.length);
    // The count of the first page travels with the cursor: pages never recount.
    expect(pages.map((page) => page.total)).toEqual(pages.map(() => 17));
    expect((await listPage(admin, { q: tag })).total).toBe(17 + arrivals);
  });

  it("refuses a cursor it did not write or that belongs to another walk", async () => {
    const admin = await loginAsAdmin(t.app);
    const first = await listPage(admin, { pageSize: "2" });
    expect(first.nextCursor).toBeTruthy();
    // A forged cursor of this walk whose key holds NUL, which PostgreSQL cannot compare (was a 500).
    const decoded = JSON.parse(Buffer.from(first.nextCursor!, "base64url").toString("utf8")) as { k: Record<string, unknown> };
    for (const key of Object.keys(decoded.k)) if (typeof decoded.k[key] === "string") decoded.k[key] = "x\u0000";
    const forged = Buffer.from(JSON.stringify(decoded)).toString("base64url");
    for (const query of [`cursor=${first.nextCursor}&pageSize=2&sort=action`, `cursor=${first.nextCursor}&pageSize=3`, "cursor=bm90LWpzb24", "cursor=a.b", `cursor=${forged}&pageSize=2`]) {
      const response = await call(t.app, { method: "GET", url: `/api/v1/audit-events?${query}`, token: admin });
      expect(response.statusCode, query).toBe(422);
      expect(json<{ detail: { loc: string[] }[] }>(response).detail[0]!.loc).toEqual(["query", "cursor"]);
    }
  });

  it("lists the actions the log holds", async () => {
    const admin = await loginAsAdmin(t.app);
    const response = await call(t.app, { method: "GET", url: "/api/v1/audit-events/actions", token: admin });
    const actions = json<{ data: { items: string[] } }>(response).data.items;
    expect(actions).toEqual(expect.arrayContaining(["auth.login", "user.first_admin_created"]));
    expect(new Set(actions).size).toBe(actions.length);
  });
});

describe("audit export", () => {
  it("streams exactly the filtered rows as RFC 4180 CSV, spreadsheet-safe, across batches", async () => {
    const admin = await loginAsAdmin(t.app);
    const tag = marker();
    const awkward = ["=HYPERLINK(\"http://x\",\"y\")", "+1", "-2+3", "@SUM(A1)", "a,b \"quoted\"\nnext line", "plain"];
    for (const [index, userAgent] of awkward.entries()) {
      await recordAudit(t.database.db, { actorId: null, ip: "192.0.2.1", userAgent }, {
        action: testAction("export.check"),
        outcome: index % 2 ? "failure" : "success",
        targetId: `${tag}-${index}`,
        details: { note: `comma, "quote"\nand newline ${index}` },
      });
    }
    // More rows than one batch, so the keyset batches must join up exactly.
    await t.database.db.execute(sql`
      insert into audit_events (action, target_id, outcome)
      select 'export.bulk', ${tag} || '-bulk-' || n, case when n % 3 = 0 then 'failure' else 'success' end
      from generate_series(1, ${CSV_BATCH_ROWS + 250}) as n`);

    const exports: Record<string, string>[] = [{ q: tag }, { q: tag, outcome: "failure", sort: "action", order: "asc" }];
    for (const query of exports) {
      const filtered = ids(await walk(admin, { ...query, pageSize: "100" }));
      const response = await call(t.app, {
        method: "GET",
        url: `/api/v1/audit-events?${new URLSearchParams(query)}`,
        token: admin,
        headers: { accept: "text/csv", "accept-encoding": "identity" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/csv/);
      expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
      const records = parse(response.body, { columns: true }) as Record<string, string>[];
      expect(records.map((record) => record.id)).toEqual(filtered);
      expect(Object.keys(records[0]!)).toEqual(["id", "at", "actorId", "actorEmail", "action", "outcome", "targetType", "targetId", "ip", "userAgent", "details"]);
    }

    const response = await call(t.app, { method: "GET", url: `/api/v1/audit-events?q=${tag}&action=export.check&sort=at&order=asc`, token: admin, headers: { accept: "text/csv" } });
    const records = parse(response.body, { columns: true }) as Record<string, string>[];
    // A cell a spreadsheet would run as a formula gets a leading quote; everything else comes back as written.
    expect(records.map((record) => record.userAgent)).toEqual(["'=HYPERLINK(\"http://x\",\"y\")", "'+1", "'-2+3", "'@SUM(A1)", "a,b \"quoted\"\nnext line", "plain"]);
    expect(JSON.parse(records[4]!.details!)).toEqual({ note: 'comma, "quote"\nand newline 4' });
    expect(records.map((record) => record.outcome)).toEqual(["success", "failure", "success", "failure", "success", "failure"]);

    const jsonAnswer = await call(t.app, { method: "GET", url: "/api/v1/audit-events", token: admin, headers: { accept: "application/json, text/csv" } });
    expect(jsonAnswer.headers["content-type"]).toMatch(/application\/json/);
  });
});

describe("the names of the events' targets", () => {
  it("names each target as it is called now, and marks the ones that are gone", async () => {
    const { admin, plan, feature, customer, request, licenses } = await issueLicenses(t, { customer: await signUpCustomer(t) });
    const license = licenses[0]!;
    expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${license.id}/deactivate`, token: admin })).statusCode).toBe(200);
    const gone = (await createPlanWithFeature(t)).plan;
    expect((await call(t.app, { method: "DELETE", url: `/api/v1/plans/${gone.id}`, token: admin })).statusCode).toBeLessThan(300);

    const about = async (id: string) => {
      const items = (await listPage(admin, { q: id, pageSize: "100" })).items.filter((item) => item.targetId === id);
      expect(items.length, id).toBeGreaterThan(0);
      return items.map(({ action, targetName, targetDeleted }) => ({ action, targetName, targetDeleted }));
    };
    const named = (targetName: string, targetDeleted = false) => expect.arrayContaining([expect.objectContaining({ targetName, targetDeleted })]);
    expect(await about(customer.user.id)).toEqual(named(customer.email));
    expect(await about(request.id)).toEqual(named(customer.email));
    expect(await about(license.id)).toEqual(named(license.key));
    expect(await about(plan.id)).toEqual(named(plan.name));
    expect(await about(feature.id)).toEqual(named(feature.name));
    // Every event about the deleted plan: gone, and still called what its events recorded.
    for (const event of await about(gone.id)) expect(event, event.action).toMatchObject({ targetName: gone.name, targetDeleted: true });
  });

  it("reads a page's names in one statement, however many targets the page has", async () => {
    const admin = await loginAsAdmin(t.app);
    for (let made = 0; made < 3; made++) await signUpCustomer(t);
    const executed = vi.spyOn(t.database.db, "execute");
    try {
      const statementsFor = async (pageSize: string) => {
        executed.mockClear();
        const page = await listPage(admin, { action: "user.approved", pageSize });
        for (const item of page.items) expect(item.targetName, item.targetId ?? "").toMatch(/@/);
        return { statements: executed.mock.calls.length, targets: new Set(page.items.map((item) => item.targetId)).size };
      };
      const one = await statementsFor("1");
      const many = await statementsFor("50");
      expect(many.targets).toBeGreaterThanOrEqual(3);
      expect(many.statements).toBe(one.statements);
    } finally {
      executed.mockRestore();
    }
  });
});

describe("GET /api/v1/audit-events/stream", () => {
  const origin = async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  };

  it("sends new events that match the filters, not others, and resumes after Last-Event-ID", async () => {
    const admin = await loginAsAdmin(t.app);
    const base = await origin();
    const response = await openStream(`${base}/api/v1/audit-events/stream?outcome=failure`, { authorization: `Bearer ${admin}`, "accept-encoding": "gzip, br" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("content-encoding")).toBeNull();
    const events = eventReader(response);

    const customer = await signUpCustomer(t);
    // A success (not sent: the filter wants failures), then a refused login caused through the API.
    await loginRequest(t.app, customer.email, "Wrong-pass-1!");
    const first = await events.next();
    expect(first?.event).toMatchObject({ action: "auth.login_failed", outcome: "failure", actorEmail: customer.email, targetName: customer.email, targetDeleted: false });
    expect(Number(first!.id)).toBeGreaterThanOrEqual(Number(first!.event.id));
    await events.cancel();

    // Recorded while nobody listens; a reconnect with Last-Event-ID gets them and nothing earlier.
    const missedTag = marker();
    await recordAudit(t.database.db, { actorId: null, ip: null, userAgent: null }, { action: testAction("alpha"), targetId: `${missedTag}-ok` });
    await recordAudit(t.database.db, { actorId: null, ip: null, userAgent: null }, { action: testAction("alpha"), outcome: "failure", targetId: `${missedTag}-1` });
    await recordAudit(t.database.db, { actorId: null, ip: null, userAgent: null }, { action: testAction("bravo"), outcome: "failure", targetId: `${missedTag}-2` });
    const resumed = await openStream(`${base}/api/v1/audit-events/stream?outcome=failure`, { authorization: `Bearer ${admin}`, "last-event-id": first!.id });
    const again = eventReader(resumed);
    expect((await again.next())?.event.targetId).toBe(`${missedTag}-1`);
    expect((await again.next())?.event.targetId).toBe(`${missedTag}-2`);
    expect(await again.next(1500)).toBeNull();
    await again.cancel();
  });

  it("applies the action and text filters to live events", async () => {
    const admin = await loginAsAdmin(t.app);
    const tag = marker();
    const response = await openStream(`${await origin()}/api/v1/audit-events/stream?action=charlie&q=${tag}`, { authorization: `Bearer ${admin}` });
    const events = eventReader(response);
    const context = { actorId: null, ip: null, userAgent: null };
    await recordAudit(t.database.db, context, { action: testAction("bravo"), targetId: `${tag}-wrong-action` });
    await recordAudit(t.database.db, context, { action: testAction("charlie"), targetId: "someone-else" });
    await recordAudit(t.database.db, context, { action: testAction("charlie"), targetId: `${tag}-match` });
    expect((await events.next())?.event.targetId).toBe(`${tag}-match`);
    expect(await events.next(1500)).toBeNull();
    await events.cancel();
  });

  it("lets app.close() finish promptly while a stream is open", async () => {
    const other = await createTestApp();
    try {
      await other.app.listen({ port: 0, host: "127.0.0.1" });
      const address = other.app.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const token = await loginAsAdmin(other.app);
      const response = await openStream(`http://127.0.0.1:${port}/api/v1/audit-events/stream`, { authorization: `Bearer ${token}` });
      const events = eventReader(response);
      expect(await events.next(300)).toBeNull();
      expect(events.received()).toContain("retry:");
      const started = Date.now();
      await other.app.close();
      expect(Date.now() - started).toBeLessThan(2000);
      // The client sees the stream end rather than hang.
      expect(await events.next(2000)).toBeNull();
    } finally {
      await closeTestApp(other);
    }
  });
});

describe("log monitor access", () => {
  it("answers 401 to anonymous callers and 403 to customers on every call", async () => {
    const customer = await signUpCustomer(t);
    const urls = ["/api/v1/audit-events", "/api/v1/audit-events?outcome=failure", "/api/v1/audit-events/actions", "/api/v1/audit-events/stream"];
    for (const url of urls) {
      for (const accept of ["application/json", "text/csv", "text/event-stream"]) {
        const anonymous = await call(t.app, { method: "GET", url, headers: { accept } });
        expect(anonymous.statusCode, `anonymous ${url} ${accept}`).toBe(401);
        const refused = await call(t.app, { method: "GET", url, token: customer.token, headers: { accept } });
        expect(refused.statusCode, `customer ${url} ${accept}`).toBe(403);
        expect(refused.headers["content-type"]).toMatch(/application\/json/);
      }
    }
  });
});
