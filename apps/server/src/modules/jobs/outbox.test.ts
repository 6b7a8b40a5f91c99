import { rm } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { OutboxMessage, Page } from "@portal/contract";
import { loggerOptions } from "../../lib/logging.js";
import { registerUser } from "../../test/accounts.js";
import { adminToken, createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { linkToken, waitForMail } from "../../test/mail.js";
import { closeTestApp, createTestApp, useTestApp, type TestApp } from "../../test/test-app.js";

const t = useTestApp();

async function outboxPage(token: string, query = ""): Promise<Page<OutboxMessage>> {
  const response = await call(t.app, { method: "GET", url: `/api/v1/admin/outbox${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return json<{ data: Page<OutboxMessage> }>(response).data;
}

/** Signs someone up and waits until their verification mail is in the outbox (written, then its job marked done). */
async function signUpAndWaitForOutbox(token: string): Promise<string> {
  const { body } = await registerUser(t.app);
  const deadline = Date.now() + 5_000;
  while ((await outboxPage(token, `?q=${encodeURIComponent(body.email)}`)).total === 0) {
    if (Date.now() > deadline) throw new Error(`no outbox message to ${body.email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return body.email;
}

describe("the admin outbox (SMTP_URL unset)", () => {
  it("lists the messages written, newest first, paged, with their plain text", async () => {
    const admin = await adminToken(t.app);
    const emails: string[] = [];
    for (let index = 0; index < 3; index++) emails.push(await signUpAndWaitForOutbox(admin));

    const all = await outboxPage(admin, "?pageSize=100");
    const ours = all.items.filter((message) => emails.includes(message.to));
    expect(ours.map((message) => message.to)).toEqual([...emails].reverse());
    const times = all.items.map((message) => Date.parse(message.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The same message as the .eml file: its Message-ID carries the id, its body the same link.
    const newest = ours[0]!;
    const file = await waitForMail(t.dataDir, emails[2]!, /verify your e-mail/i);
    expect(newest.subject).toBe(file.subject);
    expect(file.messageId).toContain(`<${newest.id}@`);
    expect(newest.text).toContain("https://portal.example.com/auth/verify-email?token=");
    expect(newest.text).toContain(encodeURIComponent(linkToken(file)));

    const first = await outboxPage(admin, "?pageSize=2");
    const second = await outboxPage(admin, "?pageSize=2&page=2");
    expect(first).toMatchObject({ total: all.total, page: 1, pageSize: 2 });
    expect([...first.items, ...second.items].map((message) => message.id)).toEqual(all.items.slice(0, 4).map((message) => message.id));
    const oldestFirst = await outboxPage(admin, "?pageSize=100&order=asc");
    expect(oldestFirst.items.map((message) => message.id)).toEqual(all.items.map((message) => message.id).reverse());

    const searched = await outboxPage(admin, `?q=${encodeURIComponent(emails[1]!)}`);
    expect(searched.items.map((message) => message.to)).toEqual([emails[1]]);
  });

  it("reads the database, not the mail folder: the list stands when the files are gone", async () => {
    const admin = await adminToken(t.app);
    const email = await signUpAndWaitForOutbox(admin);
    await rm(path.join(t.dataDir, "mail"), { recursive: true, force: true });
    expect((await outboxPage(admin, `?q=${encodeURIComponent(email)}`)).items).toHaveLength(1);
  });

  it("is for administrators only, and refuses bad paging in the envelope", async () => {
    const customer = await createCustomer(t);
    const refused = await call(t.app, { method: "GET", url: "/api/v1/admin/outbox", token: customer.token });
    expect(refused.statusCode).toBe(403);
    expect((await call(t.app, { method: "GET", url: "/api/v1/admin/outbox" })).statusCode).toBe(401);
    const admin = await adminToken(t.app);
    for (const query of ["pageSize=101", "sort=to", "order=up"]) {
      const bad = await call(t.app, { method: "GET", url: `/api/v1/admin/outbox?${query}`, token: admin });
      expect(bad.statusCode).toBe(422);
      expect(firstError(bad).loc[0]).toBe("query");
    }
  });
});

describe("with SMTP_URL set", () => {
  it("has no outbox: 404 mail/outbox_disabled", async () => {
    const withSmtp = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:2525" }, { runJobs: false });
    try {
      const response = await call(withSmtp.app, { method: "GET", url: "/api/v1/admin/outbox", token: await adminToken(withSmtp.app) });
      expect(response.statusCode).toBe(404);
      expect(firstError(response)).toMatchObject({ loc: ["mail/outbox_disabled"], type: "info" });
    } finally {
      await closeTestApp(withSmtp);
    }
  });
});

describe("the start-up warning", () => {
  async function startupLog(env: Record<string, string>): Promise<{ level: number; msg: string }[]> {
    const lines: string[] = [];
    let started: TestApp | undefined;
    try {
      started = await createTestApp(env, { runJobs: false, logger: loggerOptions({ LOG_LEVEL: "info" }, { write: (line) => void lines.push(line) }) });
    } finally {
      if (started) await closeTestApp(started);
    }
    return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  }

  it("names SMTP_URL and the outbox in one warning line when SMTP_URL is unset, and says nothing with it", async () => {
    // (The test set-up's missing web build has a warning of its own.)
    const aboutSmtp = (await startupLog({})).filter((line) => line.msg.includes("SMTP_URL"));
    expect(aboutSmtp).toHaveLength(1);
    expect(aboutSmtp[0]!.level).toBe(40);
    expect(aboutSmtp[0]!.msg).toMatch(/outbox/i);
    const withSmtp = await startupLog({ SMTP_URL: "smtp://127.0.0.1:2525" });
    expect(withSmtp.filter((line) => line.msg.includes("SMTP_URL"))).toEqual([]);
  });
});
