import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { GOOD_PASSWORD, uniqueEmail } from "../../test/accounts.js";
import { createTestPostgresDatabase, dataDirFromPgliteTemplate } from "../../test/database.js";
import { killRunningPortals, startPortal, stopPortal as stopPortalProcess, type PortalProcess } from "../../test/portal-process.js";
import { freePort, startSmtpServer, type ReceivedMail } from "../../test/smtp.js";

// Stopping the real server with SIGTERM and starting it again is what these tests are about.
const onPostgres = process.env.TEST_DATABASE === "postgres";

const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  await killRunningPortals();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** SIGTERM, as a service manager stops it; the server must finish its work and exit 0. */
async function stopPortal(portal: PortalProcess): Promise<void> {
  expect(await stopPortalProcess(portal), portal.output.join("")).toBe(0);
}

async function register(portal: PortalProcess, email: string): Promise<void> {
  const response = await fetch(`${portal.url}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstname: "Grace", lastname: "Hopper", email, password: GOOD_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function mailsTo(received: ReceivedMail[], email: string, timeoutMs = 30_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  while (!received.some((mail) => mail.to.includes(email))) {
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Several retry and poll periods more: a second copy would have arrived by now.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return received.filter((mail) => mail.to.includes(email));
}

describe("e-mail that is never lost", () => {
  it.runIf(!onPostgres)(
    "SMTP down, sign-up, restart, SMTP back: the verification mail arrives exactly once (embedded database)",
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-durable-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      // The embedded database starts as a copy of the run's migrated template (no initdb, no migrations at the first start).
      await dataDirFromPgliteTemplate(dataDir);
      const smtpPort = await freePort();
      const received: ReceivedMail[] = [];
      await (await startSmtpServer(smtpPort, received)).close();

      const env = { DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
      const first = await startPortal(env);
      const email = uniqueEmail("durable");
      await register(first, email);
      await new Promise((resolve) => setTimeout(resolve, 700));
      await stopPortal(first);
      expect(received).toHaveLength(0);

      const second = await startPortal(env);
      const smtp = await startSmtpServer(smtpPort, received);
      cleanups.push(() => smtp.close());
      const mails = await mailsTo(received, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/verify your e-mail/i);
      await stopPortal(second);
    },
    180_000,
  );

  it.runIf(onPostgres)(
    "two API processes on one PostgreSQL: mail queued in both while SMTP is down is delivered once each after a restart",
    async () => {
      const databaseUrl = await createTestPostgresDatabase();
      const smtpPort = await freePort();
      const received: ReceivedMail[] = [];
      await (await startSmtpServer(smtpPort, received)).close();

      const env = (name: string) => ({ DATA_DIR: path.join(os.tmpdir(), `portal-durable-${process.pid}-${name}`), DATABASE_URL: databaseUrl, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
      for (const name of ["a", "b"]) cleanups.push(() => rm(env(name).DATA_DIR, { recursive: true, force: true }));
      const [a, b] = await Promise.all([startPortal(env("a")), startPortal(env("b"))]);
      const emails = Array.from({ length: 6 }, (_, i) => uniqueEmail(`durable${i}`));
      await Promise.all(emails.map((email, i) => register(i % 2 ? a! : b!, email)));
      await new Promise((resolve) => setTimeout(resolve, 700));
      await stopPortal(a!);
      const restarted = await startPortal(env("a"));

      const smtp = await startSmtpServer(smtpPort, received);
      cleanups.push(() => smtp.close());
      for (const email of emails) expect(await mailsTo(received, email)).toHaveLength(1);
      expect(received).toHaveLength(emails.length);
      await Promise.all([stopPortal(restarted), stopPortal(b!)]);

      const database = new pg.Client({ connectionString: databaseUrl });
      await database.connect();
      const { rows } = await database.query<{ state: string; count: number }>("select state, count(*)::int as count from jobs where kind = 'mail' group by state");
      await database.end();
      expect(rows).toEqual([{ state: "done", count: emails.length }]);
    },
    180_000,
  );
});
