import { createHash, randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Page, Ticket, TicketInbox, TicketMessage, TicketRead, TicketStats, TicketSummary } from "@portal/contract";
import { auditEvents, jobs, ticketAttachments, ticketMessages, tickets, users } from "../../db/schema/index.js";
import { addMessage } from "./tickets.service.js";
import { registerUser, verifyEmailOf } from "../../test/accounts.js";
import { storedFiles as storedFilesOf } from "../../test/data-dir.js";
import { rowCounts as rowCountsOf } from "../../test/database.js";
import { adminToken, createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { multipartForm } from "../../test/multipart.js";
import { useTestApp } from "../../test/test-app.js";

const t = useTestApp();

// Smallest valid-looking files of each kind: only their signatures matter to the server.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from([0x50, 0x45, 0, 0]), randomBytes(32)]);

const ticketBody = (overrides: Record<string, string> = {}) => ({
  subject: "VPN drops every hour",
  type: "technical",
  priority: "high",
  message: "Since the update the tunnel drops every 60 minutes.",
  ...overrides,
});

async function openTicket(token: string, overrides: Record<string, string> = {}): Promise<Ticket> {
  const response = await call(t.app, { method: "POST", url: "/api/v1/tickets", token, payload: ticketBody(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: Ticket }>(response).data;
}

async function reply(token: string, ticketId: string, body: string, internal?: boolean) {
  return call(t.app, { method: "POST", url: `/api/v1/tickets/${ticketId}/messages`, token, payload: { body, ...(internal === undefined ? {} : { internal }) } });
}

async function fetchTicket(token: string, ticketId: string) {
  return call(t.app, { method: "GET", url: `/api/v1/tickets/${ticketId}`, token });
}

const action = (token: string, ticketId: string, name: string) => call(t.app, { method: "POST", url: `/api/v1/tickets/${ticketId}/${name}`, token });

const storedFiles = () => storedFilesOf(t);
const rowCounts = () => rowCountsOf(t, { tickets, messages: ticketMessages, attachments: ticketAttachments });

describe("tickets: who sees and does what", () => {
  it("keeps another customer's ticket and its files hidden: 404 ticket/not_found everywhere", async () => {
    const owner = await createCustomer(t);
    const stranger = await createCustomer(t);
    const created = await call(t.app, { method: "POST", url: "/api/v1/tickets", token: owner.token, ...multipartForm(ticketBody(), [{ name: "shot.png", content: PNG, type: "image/png" }]) });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = json<{ data: Ticket }>(created).data;
    const attachment = ticket.messages[0]!.attachments[0]!;

    const attempts = [
      await fetchTicket(stranger.token, ticket.id),
      await reply(stranger.token, ticket.id, "Let me in"),
      await action(stranger.token, ticket.id, "close"),
      await action(stranger.token, ticket.id, "read"),
      await call(t.app, { method: "GET", url: `/api/v1/tickets/${ticket.id}/attachments/${attachment.id}`, token: stranger.token }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(firstError(response)).toMatchObject({ loc: ["ticket/not_found"], msg: "ticket not found" });
    }
    const list = json<{ data: Page<TicketSummary> }>(await call(t.app, { method: "GET", url: "/api/v1/tickets", token: stranger.token })).data;
    expect(list.total).toBe(0);
    // The owner still has it, untouched.
    const mine = json<{ data: Ticket }>(await fetchTicket(owner.token, ticket.id)).data;
    expect(mine).toMatchObject({ status: "open", messageCount: 1 });
  });

  it("lets only administrators mark in progress, resolve, reopen, assign and write internal notes (403)", async () => {
    const customer = await createCustomer(t);
    const ticket = await openTicket(customer.token);
    for (const name of ["in-progress", "resolve", "reopen"]) {
      const response = await action(customer.token, ticket.id, name);
      expect(response.statusCode, name).toBe(403);
      expect(firstError(response).loc).toEqual(["auth/forbidden"]);
    }
    const patch = await call(t.app, { method: "PATCH", url: `/api/v1/tickets/${ticket.id}`, token: customer.token, payload: { priority: "low" } });
    expect(patch.statusCode).toBe(403);
    const note = await reply(customer.token, ticket.id, "secret", true);
    expect(note.statusCode).toBe(403);
    const noteAsForm = await call(t.app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token: customer.token, ...multipartForm({ body: "secret", internal: "true" }) });
    expect(noteAsForm.statusCode).toBe(403);
    const after = json<{ data: Ticket }>(await fetchTicket(customer.token, ticket.id)).data;
    expect(after).toMatchObject({ status: "open", priority: "high", messageCount: 1, assignee: null });
  });

  it("assigns only to active administrators", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const ticket = await openTicket(customer.token);
    const toCustomer = await call(t.app, { method: "PATCH", url: `/api/v1/tickets/${ticket.id}`, token: admin, payload: { assigneeId: customer.user.id } });
    expect(toCustomer.statusCode).toBe(422);
    expect(firstError(toCustomer).loc).toEqual(["ticket/assignee_not_admin"]);
    const [adminRow] = await t.database.db.select().from(users).where(eq(users.isAdmin, true)).limit(1);
    const assigned = await call(t.app, { method: "PATCH", url: `/api/v1/tickets/${ticket.id}`, token: admin, payload: { assigneeId: adminRow!.id, priority: "critical", type: "billing" } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(json<{ data: Ticket }>(assigned).data).toMatchObject({ assignee: { id: adminRow!.id }, priority: "critical", type: "billing" });
    const empty = await call(t.app, { method: "PATCH", url: `/api/v1/tickets/${ticket.id}`, token: admin, payload: {} });
    expect(empty.statusCode).toBe(422);
    const unassigned = await call(t.app, { method: "PATCH", url: `/api/v1/tickets/${ticket.id}`, token: admin, payload: { assigneeId: null } });
    expect(json<{ data: Ticket }>(unassigned).data.assignee).toBeNull();
  });
});

describe("internal notes", () => {
  it("never reach the customer: thread, count, inbox, notifications, e-mail", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const ticket = await openTicket(customer.token);
    const secret = `Internal: customer is on the legacy plan ${randomBytes(4).toString("hex")}`;
    const note = await call(t.app, {
      method: "POST",
      url: `/api/v1/tickets/${ticket.id}/messages`,
      token: admin,
      ...multipartForm({ body: secret, internal: "true" }, [{ name: "notes.txt", content: Buffer.from("admin only"), type: "text/plain" }]),
    });
    expect(note.statusCode, note.body).toBe(201);
    const noteMessage = json<{ data: TicketMessage }>(note).data;
    expect(noteMessage).toMatchObject({ internal: true, authorRole: "admin" });

    const seenByCustomer = json<{ data: Ticket }>(await fetchTicket(customer.token, ticket.id)).data;
    expect(seenByCustomer.messages.map((message) => message.body)).not.toContain(secret);
    expect(seenByCustomer.updatedAt).toBe(ticket.updatedAt);
    expect(seenByCustomer.messageCount).toBe(1);
    expect(seenByCustomer.firstResponseAt).toBeNull();
    const listed = json<{ data: Page<TicketSummary> }>(await call(t.app, { method: "GET", url: "/api/v1/tickets", token: customer.token })).data;
    expect(listed.items.find((item) => item.id === ticket.id)?.messageCount).toBe(1);
    const inbox = json<{ data: TicketInbox }>(await call(t.app, { method: "GET", url: "/api/v1/tickets/inbox", token: customer.token })).data;
    expect(inbox).toEqual({ items: [], unreadCount: 0 });
    const download = await call(t.app, { method: "GET", url: `/api/v1/tickets/${ticket.id}/attachments/${noteMessage.attachments[0]!.id}`, token: customer.token });
    expect(download.statusCode).toBe(404);

    const seenByAdmin = json<{ data: Ticket }>(await fetchTicket(admin, ticket.id)).data;
    expect(seenByAdmin.messageCount).toBe(2);
    expect(seenByAdmin.messages.at(-1)).toMatchObject({ body: secret, internal: true });

    const notifications = await call(t.app, { method: "GET", url: "/api/v1/notifications", token: customer.token });
    expect(notifications.body).not.toContain("legacy plan");
    const queued = await t.database.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "mail"));
    expect(JSON.stringify(queued)).not.toContain(secret);

    // A public reply afterwards is what the customer hears about.
    expect((await reply(admin, ticket.id, "We are looking into it.")).statusCode).toBe(201);
    const afterReply = json<{ data: Ticket }>(await fetchTicket(customer.token, ticket.id)).data;
    expect(afterReply.messageCount).toBe(2);
    expect(afterReply.firstResponseAt).not.toBeNull();
    const customerMail = await t.database.db.select({ payload: jobs.payload }).from(jobs).where(sql`${jobs.payload}->>'to' = ${customer.email}`);
    expect(customerMail.map((job) => (job.payload as { subject: string }).subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/support replied/)]),
    );
  });
});

describe("the status machine", () => {
  it("moves open → in progress → resolved → closed, reopens, and refuses the rest with 409", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const ticket = await openTicket(customer.token);
    const expectStatus = async (token: string, name: string, status: number, next?: string, code?: string) => {
      const response = await action(token, ticket.id, name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      if (next) expect(json<{ data: Ticket }>(response).data.status).toBe(next);
      if (code) expect(firstError(response).loc).toEqual([code]);
    };
    await expectStatus(admin, "reopen", 409, undefined, "ticket/invalid_transition");
    await expectStatus(admin, "in-progress", 200, "in_progress");
    await expectStatus(admin, "in-progress", 409, undefined, "ticket/invalid_transition");
    await expectStatus(admin, "resolve", 200, "resolved");
    await expectStatus(admin, "resolve", 409, undefined, "ticket/invalid_transition");
    await expectStatus(admin, "in-progress", 409, undefined, "ticket/invalid_transition");
    // The customer answering a resolved ticket reopens it.
    const answer = await reply(customer.token, ticket.id, "Still happening, sorry.");
    expect(answer.statusCode).toBe(201);
    expect(json<{ data: Ticket }>(await fetchTicket(customer.token, ticket.id)).data.status).toBe("open");
    // Support's reply leaves the status alone.
    expect((await reply(admin, ticket.id, "Could you send the logs?")).statusCode).toBe(201);
    expect(json<{ data: Ticket }>(await fetchTicket(customer.token, ticket.id)).data.status).toBe("open");

    await expectStatus(customer.token, "close", 200, "closed");
    await expectStatus(customer.token, "close", 409, undefined, "ticket/closed");
    const lateReply = await reply(customer.token, ticket.id, "One more thing");
    expect(lateReply.statusCode).toBe(409);
    expect(firstError(lateReply).loc).toEqual(["ticket/closed"]);
    expect((await reply(admin, ticket.id, "note", true)).statusCode).toBe(409);
    await expectStatus(admin, "resolve", 409, undefined, "ticket/invalid_transition");
    await expectStatus(admin, "reopen", 200, "open");
    await expectStatus(admin, "close", 200, "closed");

    const audit = await t.database.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, ticket.id)).orderBy(auditEvents.id);
    const actions = audit.map((row) => row.action);
    expect(actions.filter((name) => name === "ticket.status_changed")).toHaveLength(5);
    expect(actions[0]).toBe("ticket.created");
  });

  it("tells the customer about support's replies and status changes, and support about the customer's", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const ticket = await openTicket(customer.token, { subject: "Licence file rejected" });
    const [adminRow] = await t.database.db.select().from(users).where(eq(users.isAdmin, true)).limit(1);
    const adminNotes = async () => json<{ data: Page<{ title: string }> }>(await call(t.app, { method: "GET", url: "/api/v1/notifications?pageSize=100", token: admin })).data.items.map((item) => item.title);
    expect(await adminNotes()).toContain(`New ticket ${ticket.number}: Licence file rejected`);
    await action(admin, ticket.id, "in-progress");
    const customerNotes = json<{ data: Page<{ title: string; link: string | null }> }>(
      await call(t.app, { method: "GET", url: "/api/v1/notifications", token: customer.token }),
    ).data.items;
    expect(customerNotes[0]).toMatchObject({ title: `${ticket.number} is now in progress`, link: `/my-tickets/${ticket.id}` });
    await call(t.app, { method: "PATCH", url: `/api/v1/tickets/${ticket.id}`, token: admin, payload: { assigneeId: adminRow!.id } });
    await reply(customer.token, ticket.id, "Here are the logs.");
    expect(await adminNotes()).toContain(`${ticket.number}: new reply from ${customer.user.firstname} ${customer.user.lastname}`);
  });
});

describe("notification settings", () => {
  it("are honoured: a customer who turned support-ticket mail off gets only the in-app note", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const saved = await call(t.app, { method: "PUT", url: "/api/v1/notification-settings", token: customer.token, payload: { channels: { support_tickets: { email: false, inApp: true } } } });
    expect(saved.statusCode).toBe(200);
    const ticket = await openTicket(customer.token);
    await reply(admin, ticket.id, "Answer by the portal only");
    const mail = await t.database.db.select({ payload: jobs.payload }).from(jobs).where(sql`${jobs.payload}->>'to' = ${customer.email}`);
    expect(mail.map((job) => (job.payload as { subject: string }).subject).filter((subject) => subject.includes(ticket.number))).toEqual([]);
    const notes = await call(t.app, { method: "GET", url: "/api/v1/notifications", token: customer.token });
    expect(notes.body).toContain(`${ticket.number}: support replied`);
  });
});

describe("numbers, lists and statistics", () => {
  it("numbers tickets T-000123 in order, never twice", async () => {
    const customer = await createCustomer(t);
    const first = await openTicket(customer.token);
    const second = await openTicket(customer.token);
    expect(first.number).toMatch(/^T-\d{6,}$/);
    expect(Number(second.number.slice(2))).toBe(Number(first.number.slice(2)) + 1);
    // A refused creation may use up a number, but never gives one out twice.
    await call(t.app, { method: "POST", url: "/api/v1/tickets", token: customer.token, payload: ticketBody({ type: "nonsense" }) });
    const third = await openTicket(customer.token);
    expect(Number(third.number.slice(2))).toBeGreaterThan(Number(second.number.slice(2)));
  });

  it("filters, searches, sorts and pages in SQL", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const subjects = ["Alpha invoice", "Bravo crash", "Charlie login", "Delta invoice", "Echo crash"];
    const made: Ticket[] = [];
    for (const [index, subject] of subjects.entries()) {
      made.push(await openTicket(customer.token, { subject, type: subject.includes("invoice") ? "billing" : "technical", priority: ["low", "medium", "high", "critical", "low"][index]! }));
    }
    await action(admin, made[1]!.id, "in-progress");
    const list = async (query: string, token = customer.token) => {
      const response = await call(t.app, { method: "GET", url: `/api/v1/tickets?${query}`, token });
      expect(response.statusCode, response.body).toBe(200);
      return json<{ data: Page<TicketSummary> }>(response).data;
    };
    const billing = await list("type=billing&sort=subject&order=asc&pageSize=100");
    expect(billing.items.map((item) => item.subject)).toEqual(["Alpha invoice", "Delta invoice"]);
    expect((await list("status=in_progress")).items.map((item) => item.id)).toEqual([made[1]!.id]);
    expect((await list("priority=low&sort=number&order=asc")).items.map((item) => item.subject)).toEqual(["Alpha invoice", "Echo crash"]);
    expect((await list("q=crash&sort=subject&order=desc")).items.map((item) => item.subject)).toEqual(["Echo crash", "Bravo crash"]);
    expect((await list(`q=${made[2]!.number}`)).items.map((item) => item.id)).toEqual([made[2]!.id]);
    expect((await list("q=100%25 sure")).total).toBe(0);
    const byPriority = await list("sort=priority&order=desc&pageSize=100");
    expect(byPriority.items[0]!.priority).toBe("critical");
    const page1 = await list("sort=number&order=asc&pageSize=2&page=1");
    const page3 = await list("sort=number&order=asc&pageSize=2&page=3");
    expect(page1.total).toBe(5);
    expect(page1.items.map((item) => item.subject)).toEqual(["Alpha invoice", "Bravo crash"]);
    expect(page3.items.map((item) => item.subject)).toEqual(["Echo crash"]);
    // Every sort both ways, in pages of two (pages 2 and 3 lie past the middle: read from the other
    // end and turned round), as the whole list has it.
    for (const sort of ["number", "subject", "status", "priority", "createdAt", "updatedAt"]) {
      for (const order of ["asc", "desc"]) {
        const whole = await list(`sort=${sort}&order=${order}&pageSize=100`);
        expect(whole.items).toHaveLength(5);
        const pages = await Promise.all([1, 2, 3].map((page) => list(`sort=${sort}&order=${order}&pageSize=2&page=${page}`)));
        expect(pages.flatMap((page) => page.items)).toEqual(whole.items);
      }
    }
    // An internal note counts for administrators only, in the list as in the thread.
    expect((await reply(admin, made[3]!.id, "Refund approved by finance.", true)).statusCode).toBe(201);
    const counted = async (token: string) => (await list(`q=Delta&pageSize=100`, token)).items[0]!.messageCount;
    expect([await counted(customer.token), await counted(admin)]).toEqual([1, 2]);
    // Administrators see everyone's and can search by customer.
    const byEmail = await list(`q=${encodeURIComponent(customer.email)}&pageSize=100`, admin);
    expect(byEmail.total).toBe(5);
    expect((await list("assigneeId=none&pageSize=1", admin)).total).toBeGreaterThanOrEqual(5);
    const bad = await call(t.app, { method: "GET", url: "/api/v1/tickets?status=waiting&sort=colour", token: customer.token });
    expect(bad.statusCode).toBe(422);
    // Waiting since: the customer's last word while the ticket is active.
    const waiting = made[0]!;
    expect(waiting.waitingSince).toBe(waiting.messages[0]!.createdAt);
    await reply(admin, waiting.id, "Fixed on our side.");
    expect(json<{ data: Ticket }>(await fetchTicket(customer.token, waiting.id)).data.waitingSince).toBeNull();
  });

  it("counts statistics from the rows and takes the median first response of the last 30 days", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const made: Ticket[] = [];
    for (let index = 0; index < 5; index++) made.push(await openTicket(customer.token, { subject: `Stats ${index}` }));
    await action(admin, made[0]!.id, "in-progress");
    await action(admin, made[1]!.id, "resolve");
    await action(admin, made[2]!.id, "close");
    // First responses after 60 s, 120 s and 600 s; one after 10 s but 40 days ago, outside the window.
    const setTimes = (id: string, createdAgo: string, responseAfterSeconds: number) =>
      t.database.db.execute(
        sql`update tickets set created_at = now() - ${createdAgo}::interval, first_response_at = now() - ${createdAgo}::interval + ${`${responseAfterSeconds} seconds`}::interval where id = ${id}`,
      );
    await setTimes(made[0]!.id, "2 days", 60);
    await setTimes(made[1]!.id, "3 days", 120);
    await setTimes(made[2]!.id, "4 days", 600);
    await setTimes(made[3]!.id, "40 days", 10);

    const mine = json<{ data: TicketStats }>(await call(t.app, { method: "GET", url: "/api/v1/tickets/stats", token: customer.token })).data;
    expect(mine).toEqual({ total: 5, open: 2, inProgress: 1, resolved: 1, closed: 1, medianFirstResponseSeconds: 120 });

    const all = json<{ data: TicketStats }>(await call(t.app, { method: "GET", url: "/api/v1/tickets/stats", token: admin })).data;
    const rows = await t.database.db.select({ status: tickets.status, createdAt: tickets.createdAt, firstResponseAt: tickets.firstResponseAt }).from(tickets);
    const count = (status: string) => rows.filter((row) => row.status === status).length;
    expect(all).toMatchObject({ total: rows.length, open: count("open"), inProgress: count("in_progress"), resolved: count("resolved"), closed: count("closed") });
    const monthAgo = Date.now() - 30 * 86_400_000;
    const delays = rows
      .filter((row) => row.firstResponseAt && row.createdAt.getTime() > monthAgo)
      .map((row) => (row.firstResponseAt!.getTime() - row.createdAt.getTime()) / 1000)
      .sort((a, b) => a - b);
    const middle = delays.length / 2;
    const median = delays.length % 2 ? delays[Math.floor(middle)]! : (delays[middle - 1]! + delays[middle]!) / 2;
    expect(all.medianFirstResponseSeconds).toBeCloseTo(median, 1);
  });
});

describe("attachments", () => {
  it("stores files by content, serves them with safe headers, and previews images inline", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const before = (await storedFiles()).length;
    const image = Buffer.concat([PNG, randomBytes(8)]);
    const created = await call(t.app, {
      method: "POST",
      url: "/api/v1/tickets",
      token: customer.token,
      ...multipartForm(ticketBody({ subject: "Screenshots" }), [
        // Judged by content: a PNG named .txt is a PNG.
        { name: "screen.txt", content: image, type: "text/plain" },
        { name: "rapport d'été.pdf", content: PDF, type: "application/pdf" },
        { name: "log.txt", content: Buffer.from("ünïcödé log line\n"), type: "text/plain" },
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = json<{ data: Ticket }>(created).data;
    const [png, pdf, text] = ticket.messages[0]!.attachments;
    expect(png).toMatchObject({ name: "screen.txt", contentType: "image/png", size: image.length });
    expect(pdf).toMatchObject({ contentType: "application/pdf" });
    expect(text).toMatchObject({ contentType: "text/plain" });
    expect((await storedFiles()).length).toBe(before + 3);
    // GET reads the thread through its own kept statements: the same ticket, files in their order.
    for (const token of [customer.token, admin]) {
      expect(json<{ data: Ticket }>(await fetchTicket(token, ticket.id)).data).toEqual(ticket);
    }

    const download = await call(t.app, { method: "GET", url: `/api/v1/tickets/${ticket.id}/attachments/${pdf!.id}`, token: admin, headers: { "accept-encoding": "br, gzip" } });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="rapport d'_t_.pdf"; filename*=UTF-8''rapport%20d%27%C3%A9t%C3%A9.pdf`);
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["content-encoding"]).toBeUndefined();
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const preview = await call(t.app, { method: "GET", url: `/api/v1/tickets/${ticket.id}/attachments/${png!.id}?inline=1`, token: customer.token });
    expect(preview.headers["content-type"]).toBe("image/png");
    expect(preview.headers["content-disposition"]).toMatch(/^inline; /);
    expect(preview.rawPayload.equals(image)).toBe(true);
    // Only images are ever inline.
    const pdfInline = await call(t.app, { method: "GET", url: `/api/v1/tickets/${ticket.id}/attachments/${pdf!.id}?inline=1`, token: customer.token });
    expect(pdfInline.headers["content-disposition"]).toMatch(/^attachment; /);
    const textDownload = await call(t.app, { method: "GET", url: `/api/v1/tickets/${ticket.id}/attachments/${text!.id}`, token: customer.token });
    expect(textDownload.headers["content-type"]).toBe("text/plain; charset=utf-8");
    // The same attachment id under another ticket is not found.
    const other = await openTicket(customer.token);
    expect((await call(t.app, { method: "GET", url: `/api/v1/tickets/${other.id}/attachments/${pdf!.id}`, token: customer.token })).statusCode).toBe(404);

    // The same content again is stored once.
    const again = await call(t.app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token: customer.token, ...multipartForm({ body: "Same picture" }, [{ name: "again.png", content: image }]) });
    expect(again.statusCode, again.body).toBe(201);
    expect((await storedFiles()).length).toBe(before + 3);
  });

  it.each([
    ["an oversized file", [{ name: "big.png", content: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) }], 413, "ticket/attachment_too_large"],
    ["six files", Array.from({ length: 6 }, (_, index) => ({ name: `f${index}.png`, content: PNG })), 422, "ticket/too_many_attachments"],
    ["an EXE renamed .png", [{ name: "photo.png", content: EXE, type: "image/png" }], 415, "ticket/attachment_type"],
    ["text with a NUL byte", [{ name: "notes.txt", content: Buffer.from("abc\u0000def") }], 415, "ticket/attachment_type"],
    ["invalid UTF-8 text", [{ name: "notes.txt", content: Buffer.from([0x61, 0xc3, 0x28, 0x62]) }], 415, "ticket/attachment_type"],
    ["a good file after a bad one", [{ name: "ok.pdf", content: PDF }, { name: "bad.png", content: EXE }], 415, "ticket/attachment_type"],
  ])("refuses %s and stores nothing", async (_label, files, status, code) => {
    const customer = await createCustomer(t);
    const ticket = await openTicket(customer.token);
    const filesBefore = await storedFiles();
    const rowsBefore = await rowCounts();
    const asTicket = await call(t.app, { method: "POST", url: "/api/v1/tickets", token: customer.token, ...multipartForm(ticketBody(), files) });
    expect(asTicket.statusCode, asTicket.body).toBe(status);
    expect(firstError(asTicket).loc).toEqual([code]);
    const asMessage = await call(t.app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token: customer.token, ...multipartForm({ body: "files" }, files) });
    expect(asMessage.statusCode).toBe(status);
    expect(await rowCounts()).toEqual(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("refuses an oversized upload over a real connection while it is still streaming, and closes the connection", async () => {
    const customer = await createCustomer(t);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const filesBefore = await storedFiles();
    const rowsBefore = await rowCounts();
    const body = multipartForm(ticketBody(), [{ name: "huge.zip", content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(12 * 1024 * 1024)]) }]);
    // 11 MB of the file are sent and the rest never comes: the answer cannot wait for the whole body.
    let sending!: ReadableStreamDefaultController<Uint8Array>;
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        sending = controller;
        controller.enqueue(body.payload.subarray(0, 11 * 1024 * 1024));
      },
    });
    const response = await fetch(`${address}/api/v1/tickets`, {
      method: "POST",
      headers: { ...body.headers, authorization: `Bearer ${customer.token}` },
      body: stalled,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    // The rest of the upload is not awaited: the connection is closed, not left half-read.
    expect(response.headers.get("connection")).toBe("close");
    expect(((await response.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc).toEqual(["ticket/attachment_too_large"]);
    sending.error(new Error("the client gives up"));
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowCounts()).toEqual(rowsBefore);
  });

  it("takes back the files of a transaction that fails after storing them, but not content others reference", async () => {
    const customer = await createCustomer(t);
    const ticket = await openTicket(customer.token);
    const [viewer] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    const shared = await call(t.app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token: customer.token, ...multipartForm({ body: "kept" }, [{ name: "kept.pdf", content: PDF }]) });
    expect(shared.statusCode).toBe(201);
    const filesBefore = await storedFiles();
    const rowsBefore = await rowCounts();
    const fresh = Buffer.concat([PNG, randomBytes(16)]);
    const staged = [
      { name: "new.png", contentType: "image/png", file: await t.app.files.stage(Readable.from([fresh])) },
      { name: "same.pdf", contentType: "application/pdf", file: await t.app.files.stage(Readable.from([PDF])) },
    ];
    // An actor that does not exist makes the audit insert, the last write of the transaction, fail.
    const brokenContext = { actorId: randomUUID(), ip: null, userAgent: null };
    await expect(addMessage(t.app.db, viewer!, ticket.id, { body: "lost" }, staged, brokenContext, { files: t.app.files, mailing: t.app.mailing })).rejects.toThrow();
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowCounts()).toEqual(rowsBefore);
    expect(await t.app.files.exists(createHash("sha256").update(PDF).digest("hex"))).toBe(true);
  });

  it("stores nothing when the rest of the request is refused", async () => {
    const customer = await createCustomer(t);
    const stranger = await createCustomer(t);
    const admin = await adminToken(t.app);
    const ticket = await openTicket(customer.token);
    const filesBefore = await storedFiles();
    const rowsBefore = await rowCounts();
    const fresh = () => Buffer.concat([PNG, randomBytes(16)]);
    const refused = [
      await call(t.app, { method: "POST", url: "/api/v1/tickets", token: customer.token, ...multipartForm({ subject: "No type", message: "x", priority: "low" }, [{ name: "a.png", content: fresh() }]) }),
      await call(t.app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token: stranger.token, ...multipartForm({ body: "hi" }, [{ name: "a.png", content: fresh() }]) }),
      await call(t.app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token: customer.token, ...multipartForm({ body: "hi", internal: "true" }, [{ name: "a.png", content: fresh() }]) }),
      await call(t.app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token: customer.token, ...multipartForm({ body: "hi" }, [{ name: "a.png", content: fresh(), field: "file" }]) }),
      await call(t.app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token: customer.token, ...multipartForm({ body: "hi" }, [{ name: "empty.txt", content: Buffer.alloc(0) }]) }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([422, 404, 403, 422, 422]);
    expect(firstError(refused[0]!).loc).toEqual(["body", "type"]);
    await action(admin, ticket.id, "close");
    const closed = await call(t.app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token: customer.token, ...multipartForm({ body: "hi" }, [{ name: "a.png", content: fresh() }]) });
    expect(closed.statusCode).toBe(409);
    expect(await storedFiles()).toEqual(filesBefore);
    expect({ ...(await rowCounts()) }).toEqual(rowsBefore);
  });
});

describe("the messages inbox", () => {
  it("lists replies addressed to me, unread first, until I read the thread", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const first = await openTicket(customer.token, { subject: "First" });
    const second = await openTicket(customer.token, { subject: "Second" });
    const inbox = async (token: string, query = "") => json<{ data: TicketInbox }>(await call(t.app, { method: "GET", url: `/api/v1/tickets/inbox${query}`, token })).data;
    expect(await inbox(customer.token)).toEqual({ items: [], unreadCount: 0 });

    await reply(admin, first.id, "Reply one");
    await reply(admin, second.id, "Reply two");
    await reply(admin, second.id, "Internal detail", true);
    const unread = await inbox(customer.token);
    expect(unread.unreadCount).toBe(2);
    expect(unread.items.map((item) => [item.subject, item.excerpt, item.read, item.authorRole])).toEqual([
      ["Second", "Reply two", false, "admin"],
      ["First", "Reply one", false, "admin"],
    ]);
    expect(unread.items[0]).toMatchObject({ ticketId: second.id, ticketNumber: second.number });

    const read = await action(customer.token, second.id, "read");
    expect(read.statusCode).toBe(200);
    expect(json<{ data: TicketRead }>(read).data).toMatchObject({ ticketId: second.id, unreadCount: 1 });
    const after = await inbox(customer.token);
    expect(after.unreadCount).toBe(1);
    expect(after.items.map((item) => [item.subject, item.read])).toEqual([
      ["First", false],
      ["Second", true],
    ]);
    expect((await inbox(customer.token, "?limit=1")).items).toHaveLength(1);
    expect((await call(t.app, { method: "GET", url: "/api/v1/tickets/inbox?limit=21", token: customer.token })).statusCode).toBe(422);

    // Support sees the customer's replies on unassigned tickets, not their own.
    await reply(customer.token, first.id, "Customer follow-up");
    const adminInbox = await inbox(admin, "?limit=20");
    expect(adminInbox.items.map((item) => item.excerpt)).toContain("Customer follow-up");
    expect(adminInbox.items.map((item) => item.excerpt)).not.toContain("Reply one");
  });

  it("is refused to a stranger's thread (404) and checks its input", async () => {
    const customer = await createCustomer(t);
    const { response, body } = await registerUser(t.app);
    expect(response.statusCode).toBe(201);
    await verifyEmailOf(t, body.email);
    const ticket = await openTicket(customer.token);
    expect((await action(await adminToken(t.app), ticket.id, "read")).statusCode).toBe(200);
    expect((await call(t.app, { method: "POST", url: "/api/v1/tickets/not-a-uuid/read", token: customer.token })).statusCode).toBe(422);
  });
});

describe("bad input", () => {
  it("answers 422 naming the field and changes nothing", async () => {
    const customer = await createCustomer(t);
    const rowsBefore = await rowCounts();
    const missing = await call(t.app, { method: "POST", url: "/api/v1/tickets", token: customer.token, payload: { subject: " ", type: "technical", priority: "urgent", message: "x" } });
    expect(missing.statusCode).toBe(422);
    expect(json<{ detail: { loc: string[] }[] }>(missing).detail.map((item) => item.loc)).toEqual(
      expect.arrayContaining([["body", "subject"], ["body", "priority"]]),
    );
    const unknown = await call(t.app, { method: "POST", url: "/api/v1/tickets", token: customer.token, payload: { ...ticketBody(), status: "closed" } });
    expect(unknown.statusCode).toBe(422);
    const formInternal = await call(t.app, { method: "POST", url: "/api/v1/tickets", token: customer.token, ...multipartForm({ ...ticketBody(), extra: "1" }) });
    expect(formInternal.statusCode).toBe(422);
    expect(firstError(formInternal).loc).toEqual(["body", "extra"]);
    const broken = await call(t.app, {
      method: "POST",
      url: "/api/v1/tickets",
      token: customer.token,
      payload: "--x\r\nContent-Disposition: form-data; name=\"subject\"\r\n\r\nunterminated",
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    const rawForm = (part: string) => ({
      payload: `--b\r\n${part}\r\n--b--\r\n`,
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    const hostile = [
      rawForm('Content-Disposition: form-data; name="__proto__"\r\n\r\nx'),
      rawForm('Content-Disposition: form-data; name="subject"\r\nContent-Type: application/json\r\n\r\n{"a":1}'),
      rawForm('Content-Disposition: form-data; name="subject"\r\nContent-Type: application/json\r\n\r\n{broken'),
      { payload: "no boundary", headers: { "content-type": "multipart/form-data" } },
    ];
    for (const request of hostile) {
      const response = await call(t.app, { method: "POST", url: "/api/v1/tickets", token: customer.token, ...request });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(json<{ detail: unknown[] }>(response).detail.length).toBeGreaterThan(0);
    }
    expect(await rowCounts()).toEqual(rowsBefore);
  });
});
