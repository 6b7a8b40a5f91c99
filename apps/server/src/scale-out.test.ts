import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ticket } from "@portal/contract";
import { RECURRING_JOBS, scheduleRecurringJobs } from "./background-jobs.js";
import { jobs } from "./db/schema/index.js";
import { MAIL_JOB } from "./modules/jobs/mail.js";
import { loginAs, registerUser, uniqueEmail } from "./test/accounts.js";
import { adminToken, createCustomer, issueLicenses } from "./test/factories.js";
import { call, json } from "./test/http.js";
import { outbox } from "./test/mail.js";
import { multipartForm } from "./test/multipart.js";
import { closeSecondProcess, closeTestApp, createSecondProcess, createTestApp, type TestApp } from "./test/test-app.js";
import { eventReader, openStream } from "./test/sse.js";

/**
 * Two API processes on one database (and one Redis where TEST_REDIS_URL is set), as behind a load
 * balancer: whatever one process does, the other must see. On PGlite both share the one handle, so
 * these tests prove the sharing only on PostgreSQL; on PGlite they still check the behaviour.
 */
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp({
    JOB_POLL_INTERVAL_MS: "50",
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, VALIDATE_KEY_RATE_LIMIT_PER_MINUTE: "3" } : {}),
  });
  second = await createSecondProcess(first);
});

afterAll(async () => {
  if (second) await closeSecondProcess(second);
  if (first) await closeTestApp(first);
});

async function origin(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("two API processes on one database", () => {
  it("accept each other's sessions, and a logout on one ends the session on both", async () => {
    const customer = await createCustomer(first);
    const token = await loginAs(second.app, customer.email, customer.password);
    expect((await call(first.app, { method: "GET", url: "/api/v1/auth/me", token })).statusCode).toBe(200);
    expect((await call(second.app, { method: "POST", url: "/api/v1/auth/logout", token })).statusCode).toBeLessThan(300);
    expect((await call(first.app, { method: "GET", url: "/api/v1/auth/me", token })).statusCode).toBe(401);
  });

  it("deliver an audit event recorded by one process to a live stream open on the other", async () => {
    const admin = await adminToken(first.app);
    const marker = `scale-out-${randomBytes(4).toString("hex")}`;
    const response = await openStream(`${await origin(first.app)}/api/v1/audit-events/stream?outcome=failure&q=${marker}`, {
      authorization: `Bearer ${admin}`,
    });
    expect(response.status).toBe(200);
    const events = eventReader(response);
    try {
      // The failed login happens on the second process; the stream lives on the first.
      const refused = await second.app.inject({
        method: "POST",
        url: "/api/v1/auth/token",
        headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": marker },
        payload: new URLSearchParams({ username: uniqueEmail("live"), password: "Wrong-pass-1!" }).toString(),
      });
      expect(refused.statusCode).toBe(401);
      const message = await events.next(5_000);
      expect(message?.event).toMatchObject({ action: "auth.login_failed", outcome: "failure" });
    } finally {
      await events.cancel();
    }
  });

  it("serve an attachment uploaded through one process from the other (one file store)", async () => {
    const customer = await createCustomer(first);
    const content = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(2048), Buffer.from("\n%%EOF\n")]);
    const created = await call(first.app, {
      method: "POST",
      url: "/api/v1/tickets",
      token: customer.token,
      ...multipartForm({ subject: "Two processes", type: "technical", priority: "low", message: "See the file." }, [
        { name: "trace.pdf", content, type: "application/pdf" },
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = json<{ data: Ticket }>(created).data;
    const attachment = ticket.messages[0]!.attachments[0]!;
    const download = await call(second.app, { method: "GET", url: `/api/v1/tickets/${ticket.id}/attachments/${attachment.id}`, token: customer.token });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it("send every mail queued on either process exactly once, whichever runner takes it", async () => {
    const emails = Array.from({ length: 8 }, () => uniqueEmail("once"));
    for (const [index, email] of emails.entries()) {
      const { response } = await registerUser(index % 2 === 0 ? first.app : second.app, { email });
      expect(response.statusCode).toBe(201);
    }
    const mailJobsOfThem = async () =>
      (await first.database.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB))).filter((row) =>
        emails.includes(String((row.payload as { to?: unknown }).to)),
      );
    await until(async () => {
      const rows = await mailJobsOfThem();
      return rows.length >= emails.length && rows.every((row) => row.state === "done");
    });
    // Both processes write into the one DATA_DIR/mail outbox: one message per job, Message-IDs unique.
    const sent = (await outbox(first.dataDir)).filter((mail) => emails.some((email) => mail.to.includes(email)));
    expect(sent).toHaveLength((await mailJobsOfThem()).length);
    expect(new Set(sent.map((mail) => mail.messageId)).size).toBe(sent.length);
    for (const email of emails) expect(sent.some((mail) => mail.to.includes(email))).toBe(true);
  });

  it("run a recurring job once when both processes schedule it", async () => {
    await Promise.all([scheduleRecurringJobs(first.app.jobs), scheduleRecurringJobs(second.app.jobs)]);
    const kinds = Object.keys(RECURRING_JOBS);
    const rows = () => first.database.db.select().from(jobs).where(inArray(jobs.kind, kinds));
    // Each kind runs now, then waits for its next turn: one done, one pending, never two of either
    // (a second run would leave two done rows, and this wait would time out).
    const settled = (all: Awaited<ReturnType<typeof rows>>) =>
      kinds.every((kind) => all.filter((row) => row.kind === kind).map((row) => row.state).sort().join() === "done,pending");
    await until(async () => settled(await rows()));
    // Long enough for a second copy to have run, had one been queued.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const all = await rows();
    for (const kind of kinds) {
      expect(all.filter((row) => row.kind === kind).map((row) => row.state).sort()).toEqual(["done", "pending"]);
    }
    const pending = await first.database.db.select().from(jobs).where(and(inArray(jobs.kind, kinds), eq(jobs.state, "pending")));
    // Its next turn, not a second run now: at least half its interval away (the lapse job runs every 20 s, the expiry announcements every minute).
    for (const row of pending) expect(row.runAt.getTime()).toBeGreaterThan(Date.now() + RECURRING_JOBS[row.kind as keyof typeof RECURRING_JOBS] / 2);
  });

  it.runIf(process.env.TEST_REDIS_URL)("share the per-key validation limit through Redis", async () => {
    const { licenses: [license] } = await issueLicenses(first);
    const statuses: number[] = [];
    for (const app of [first.app, second.app, first.app, second.app]) {
      statuses.push((await app.inject({ method: "POST", url: "/api/v1/licenses/validate", payload: { key: license!.key } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
