import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { auditEvents, jobs, type JobRow } from "../../db/schema/index.js";
import { createMailer } from "../../lib/mailer.js";
import { endedProcessTag } from "../../test/data-dir.js";
import { openSecondConnection } from "../../test/database.js";
import { useTestApp } from "../../test/test-app.js";
import { freePort, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../test/smtp.js";
import { cancelPendingJobsOfGroup, claimJobs, enqueueJob, runPendingJobNow } from "./job-queue.js";
import { JobRunner, type JobHandler, type RetryPolicy } from "./job-runner.js";
import { MAIL_JOB, mailJobHandler, queueMail } from "./mail.js";

// The app's own runner stays off: each test drives runners of its own on the same database.
const t = useTestApp({}, { runJobs: false });

const silent = { level: "silent", child: () => silent, info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {} } as unknown as FastifyBaseLogger;
const fast = { logger: silent, pollIntervalMs: 20, concurrency: 4, leaseMs: 60_000 };
const runners: JobRunner[] = [];
const smtpServers: TestSmtpServer[] = [];

function runner(handlers: Record<string, JobHandler>, options: Partial<typeof fast> = {}, database = t.database.db): JobRunner {
  const created = new JobRunner(database, handlers, { ...fast, ...options });
  runners.push(created);
  return created;
}

/** A runner that sends mail through SMTP on 127.0.0.1:`port` (where a test may or may not listen). */
function mailRunner(port: number, retry: RetryPolicy): JobRunner {
  const from = "Portal <no-reply@portal.test>";
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, dataDir: t.dataDir, logger: silent });
  return runner({ [MAIL_JOB]: mailJobHandler(mailer, retry, from) });
}

async function jobsOfKind(kind: string): Promise<JobRow[]> {
  return t.database.db.select().from(jobs).where(eq(jobs.kind, kind));
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterEach(async () => {
  await Promise.all(runners.splice(0).map((each) => each.stop()));
  await Promise.all(smtpServers.splice(0).map((server) => server.close()));
  await t.database.db.delete(jobs);
});

describe("durable job queue", () => {
  it("moves one job of a group forward, says when it is running, and cancels a group's waiting jobs only", async () => {
    const db = t.database.db;
    const later = new Date(Date.now() + 3_600_000);
    await enqueueJob(db, "deliver", { deliveryId: "a" }, { groupKey: "endpoint-1", runAt: later });
    await enqueueJob(db, "deliver", { deliveryId: "b" }, { groupKey: "endpoint-1", runAt: later });
    await enqueueJob(db, "deliver", { deliveryId: "a" }, { groupKey: "endpoint-2", runAt: later });

    expect(await runPendingJobNow(db, "deliver", "endpoint-1", { deliveryId: "a" })).toBe("pending");
    const due = (await jobsOfKind("deliver")).filter((job) => job.runAt.getTime() <= Date.now());
    expect(due.map((job) => [job.groupKey, job.payload])).toEqual([["endpoint-1", { deliveryId: "a" }]]);
    expect(await runPendingJobNow(db, "deliver", "endpoint-1", { deliveryId: "c" })).toBeUndefined();
    await db.update(jobs).set({ state: "running" }).where(and(eq(jobs.groupKey, "endpoint-1"), sql`${jobs.payload}->>'deliveryId' = 'b'`));
    expect(await runPendingJobNow(db, "deliver", "endpoint-1", { deliveryId: "b" })).toBe("running");

    expect(await cancelPendingJobsOfGroup(db, "deliver", "endpoint-1")).toBe(1);
    const left = await jobsOfKind("deliver");
    expect(left.map((job) => [job.groupKey, job.state]).sort()).toEqual([
      ["endpoint-1", "running"],
      ["endpoint-2", "pending"],
    ]);
  });

  it("keeps a job only when the transaction that queued it commits", async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueMail(tx, { to: "rolled-back@example.com", subject: "never", text: "never" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await jobsOfKind(MAIL_JOB)).toHaveLength(0);

    await t.database.db.transaction((tx) => queueMail(tx, { to: "kept@example.com", subject: "kept", text: "kept" }));
    const [kept] = await jobsOfKind(MAIL_JOB);
    expect(kept).toMatchObject({ state: "pending", attempts: 0, payload: { to: "kept@example.com", subject: "kept" } });
  });

  it("retries a message while SMTP is down and delivers it once when SMTP is back", async () => {
    const port = await freePort();
    const mail = mailRunner(port, { minDelayMs: 100, maxDelayMs: 200, giveUpAfterMs: 60_000 });
    await t.database.db.transaction((tx) => queueMail(tx, { to: "ada@example.com", subject: "Welcome", text: "Hello" }));

    expect(await mail.runDueJobs()).toBe(1);
    const [failed] = await jobsOfKind(MAIL_JOB);
    expect(failed).toMatchObject({ state: "pending", attempts: 1 });
    expect(failed!.lastError).toMatch(/ECONNREFUSED/);
    expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now());

    const received: ReceivedMail[] = [];
    smtpServers.push(await startSmtpServer(port, received));
    mail.start();
    await until(async () => (await jobsOfKind(MAIL_JOB))[0]?.state === "done");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ to: ["ada@example.com"], subject: "Welcome", messageId: `<${failed!.id}@portal.test>` });
    expect((await jobsOfKind(MAIL_JOB))[0]!.attempts).toBeGreaterThanOrEqual(2);
  });

  it("gives a message up after the configured time, visibly: failed, logged and in the audit log", async () => {
    const mail = mailRunner(await freePort(), { minDelayMs: 100, maxDelayMs: 100, giveUpAfterMs: 0 });
    await t.database.db.transaction((tx) => queueMail(tx, { to: "lost@example.com", subject: "Your licence", text: "secret link" }));

    expect(await mail.runDueJobs()).toBe(1);
    const [given] = await jobsOfKind(MAIL_JOB);
    expect(given).toMatchObject({ state: "failed", attempts: 1 });
    expect(given!.finishedAt).toBeInstanceOf(Date);
    const [event] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "job.failed"), eq(auditEvents.targetId, given!.id)));
    expect(event!.details).toMatchObject({ kind: MAIL_JOB, attempts: 1, to: "lost@example.com", subject: "Your licence" });
    expect(JSON.stringify(event!.details)).not.toContain("secret link");
    // Failed is final: nothing claims it again.
    expect(await mail.runDueJobs()).toBe(0);
  });

  it("never runs one job twice, with two processes claiming at once", async () => {
    const second = await openSecondConnection(t.database);
    try {
      const runs = new Map<string, number>();
      const handler: JobHandler = {
        retry: { minDelayMs: 1000, maxDelayMs: 1000, giveUpAfterMs: 60_000 },
        run: async (job) => {
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      };
      for (let i = 0; i < 40; i++) await enqueueJob(t.database.db, "count", { i });
      const first = runner({ count: handler });
      const other = runner({ count: handler }, {}, second.db);
      first.start();
      other.start();
      await until(async () => (await jobsOfKind("count")).every((job) => job.state === "done"), 15_000);
      expect(runs.size).toBe(40);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it("stops taking work on stop() and returns only when the job in flight has finished", async () => {
    let release!: () => void;
    const inFlight = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    const slow = runner({
      slow: {
        retry: { minDelayMs: 1000, maxDelayMs: 1000, giveUpAfterMs: 60_000 },
        run: async () => {
          await inFlight;
          finished = true;
        },
      },
    });
    await enqueueJob(t.database.db, "slow", {});
    slow.start();
    await until(async () => (await jobsOfKind("slow"))[0]?.state === "running");

    let stopped = false;
    const stopping = slow.stop().then(() => (stopped = true));
    await enqueueJob(t.database.db, "slow", { second: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    const states = (await jobsOfKind("slow")).map((job) => job.state).sort();
    expect(states).toEqual(["done", "pending"]);
  });

  it("takes over a job whose process died once its lease has run out, and the dead one cannot finish it", async () => {
    await enqueueJob(t.database.db, "lease", {});
    const [abandoned] = await claimJobs(t.database.db, "dead-process", ["lease"], 1, 60_000);
    expect(abandoned).toMatchObject({ state: "running", lockedBy: "dead-process", attempts: 1 });

    const done: string[] = [];
    const survivor = runner({ lease: { retry: { minDelayMs: 1000, maxDelayMs: 1000, giveUpAfterMs: 60_000 }, run: async (job) => void done.push(job.id) } });
    expect(await survivor.runDueJobs()).toBe(0);
    // The lease runs out (set in the database rather than waited for, so a slow machine cannot race it).
    await t.database.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, abandoned!.id));
    expect(await survivor.runDueJobs()).toBe(1);
    expect(done).toEqual([abandoned!.id]);
    const [after] = await jobsOfKind("lease");
    expect(after).toMatchObject({ state: "done", attempts: 2, lockedBy: survivor.workerId });
  });

  it("takes back at start, without waiting for the lease, the jobs of a process of this host that has ended", async () => {
    for (let count = 0; count < 3; count++) await enqueueJob(t.database.db, "crashed", {});
    const [orphan] = await claimJobs(t.database.db, await endedProcessTag(), ["crashed"], 1, 300_000);
    const living = runner({ crashed: { retry: { minDelayMs: 1000, maxDelayMs: 1000, giveUpAfterMs: 60_000 }, run: async () => undefined } });
    const [held] = await claimJobs(t.database.db, living.workerId, ["crashed"], 1, 300_000);
    const [elsewhere] = await claimJobs(t.database.db, "another-host~1~started~0badc0de", ["crashed"], 1, 300_000);

    const done: string[] = [];
    const restarted = runner({ crashed: { retry: { minDelayMs: 1000, maxDelayMs: 1000, giveUpAfterMs: 60_000 }, run: async (job) => void done.push(job.id) } });
    restarted.start();
    await until(() => done.length === 1);
    expect(done).toEqual([orphan!.id]);
    // A live process's job, and another host's (whose process this one cannot see), wait for their leases.
    for (const job of [held!, elsewhere!]) {
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row).toMatchObject({ state: "running", lockedBy: job.lockedBy });
    }
  });

  it("keeps one pending copy of a recurring job across processes and schedules its next run when it ends", async () => {
    let runs = 0;
    const handler: JobHandler = { retry: { minDelayMs: 1000, maxDelayMs: 1000, giveUpAfterMs: 60_000 }, run: async () => void runs++ };
    const first = runner({ tick: handler });
    const other = runner({ tick: handler });
    await first.scheduleRecurring("tick", 3_600_000);
    await other.scheduleRecurring("tick", 3_600_000);
    expect(await jobsOfKind("tick")).toHaveLength(1);

    expect(await first.runDueJobs()).toBe(1);
    expect(await other.runDueJobs()).toBe(0);
    expect(runs).toBe(1);
    const [next] = await t.database.db.select().from(jobs).where(and(eq(jobs.kind, "tick"), eq(jobs.state, "pending")));
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    expect((await jobsOfKind("tick")).map((job) => job.state).sort()).toEqual(["done", "pending"]);
  });
});
