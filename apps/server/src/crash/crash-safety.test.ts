import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { zipOf } from "@portal/test-support";
import { openDatabase } from "../db/client.js";
import { GOOD_PASSWORD } from "../test/accounts.js";
import { createTestPostgresDatabase, dataDirFromPgliteTemplate } from "../test/database.js";
import { multipartForm, type FormFile } from "../test/multipart.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../test/test-app.js";
import { killPortal, killRunningPortals, startPortal, stopPortal, type PortalProcess } from "../test/portal-process.js";
import { startS3Server } from "../test/s3-server.js";
import { freePort, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../test/smtp.js";
import { startReceiver } from "../test/webhook-receiver.js";

/**
 * The real server is killed with SIGKILL in the middle of a stream of writes, then started again on
 * the same data: every write it answered with 2xx must be there, whole (rows, audit events, files), and
 * nothing else may be left half-done (orphan files, uploads in progress, mail never sent or sent twice).
 *
 * Short form by default (CI); `bench/crash-safety.mjs` runs the full one through these variables:
 * CRASH_ROUNDS, CRASH_LANES (concurrent writers), CRASH_WRITES (the kill comes once a random number of
 * writes up to this has been answered, after a random delay of up to CRASH_MAX_KILL_MS, so it lands in the
 * middle of requests whatever the machine's speed), CRASH_UPLOAD_MB (each streamed update upload),
 * CRASH_SEED (replays a run's choices).
 */
const onPostgres = process.env.TEST_DATABASE === "postgres";
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const LANES = Number(process.env.CRASH_LANES ?? 4);
const WRITES = Number(process.env.CRASH_WRITES ?? 30);
const MAX_KILL_MS = Number(process.env.CRASH_MAX_KILL_MS ?? 300);
const UPLOAD_MB = Number(process.env.CRASH_UPLOAD_MB ?? 4);
const SEED = Number(process.env.CRASH_SEED ?? randomBytes(4).readUInt32LE(0));
// An upload is sent slowly enough (about a second for the short form) that a kill can land in it.
const UPLOAD_CHUNK = 64 * 1024;
const UPLOAD_CHUNK_PAUSE_MS = Math.max(1, Math.round(1_000 / ((UPLOAD_MB * 1024 * 1024) / UPLOAD_CHUNK)));

/** mulberry32: the run's choices (kill delays, which write comes next, file sizes) replay from the seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(items: T[]) => items[Math.floor(next() * items.length)]! };
}
const random = generator(SEED);

// The figures of the run (seed, writes answered, mail), printed as bench output is: they are what this test measures.
const report = (line: string) => process.stdout.write(`${line}\n`);

const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await killRunningPortals();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface SentFile {
  name: string;
  sha256: string;
  size: number;
}

/** What the server answered with 2xx before it was killed: each must be found whole afterwards. */
interface Answered {
  registrations: { id: string; email: string }[];
  approvals: { id: string; email: string }[];
  tickets: { id: string; ownerToken: string; files: SentFile[] }[];
  messages: { id: string; ticketId: string; files: SentFile[] }[];
  updates: { id: string; files: SentFile[] }[];
}

interface Customer {
  token: string;
  email: string;
}

async function api(portal: PortalProcess, pathname: string, init: RequestInit & { token?: string } = {}) {
  const { token, headers, ...rest } = init;
  return fetch(`${portal.url}/api/v1${pathname}`, { ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(headers as Record<string, string>) } });
}

async function expectStatus(response: Response, status: number): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${response.url}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: unknown }).data;
}

async function login(portal: PortalProcess, username: string, password: string): Promise<string> {
  const response = await api(portal, "/auth/token", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ username, password }).toString() });
  return ((await expectStatus(response, 200)) as { access_token: string }).access_token;
}

async function waitFor<T>(what: string, find: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const registrationBody = (email: string) => JSON.stringify({ firstname: "Crash", lastname: "Test", email, password: GOOD_PASSWORD });

/** A registered, verified (through the mailed link), approved and logged-in customer, made before the kills begin. */
async function createCustomer(portal: PortalProcess, smtp: TestSmtpServer, admin: string): Promise<Customer> {
  const email = `crash.customer.${randomBytes(4).toString("hex")}@example.com`;
  const { user } = (await expectStatus(await api(portal, "/auth/register", { method: "POST", headers: { "content-type": "application/json" }, body: registrationBody(email) }), 201)) as { user: { id: string } };
  const mail = await waitFor(`the verification mail to ${email}`, () => smtp.received.find((candidate) => candidate.to.includes(email)));
  const text = /quoted-printable/i.test(mail.raw)
    ? mail.raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : mail.raw;
  const token = decodeURIComponent(/[?&]token=([A-Za-z0-9_%-]+)/.exec(text)![1]!);
  await expectStatus(await api(portal, "/auth/verify-email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) }), 200);
  await expectStatus(await api(portal, `/users/${user.id}/approve`, { method: "POST", token: admin }), 200);
  return { email, token: await login(portal, email, GOOD_PASSWORD) };
}

/** Attachments of a few bytes to 200 KB; now and then the same content as an earlier one (the store keeps one copy). */
function attachments(earlier: Buffer[]): { parts: FormFile[]; sent: SentFile[] } {
  const parts: FormFile[] = [];
  for (let index = random.integer(0, 2); index > 0; index--) {
    const content = earlier.length > 0 && random.next() < 0.2 ? random.pick(earlier) : Buffer.from(randomBytes(random.integer(1, 100_000)).toString("hex"));
    earlier.push(content);
    parts.push({ name: `log-${index}.txt`, content, type: "text/plain" });
  }
  return { parts, sent: parts.map((part) => ({ name: part.name, sha256: sha256(part.content), size: part.content.length })) };
}

/** A ZIP of one stored (uncompressed) file of `size` random bytes. */
function payloadZip(size: number): Buffer {
  return zipOf([{ name: "lib/payload.bin", data: randomBytes(size) }]);
}

/** An update upload streamed at a measured pace, as a slow link sends it, so that a kill can land in the middle. */
async function uploadUpdate(portal: PortalProcess, admin: string, megabytes = UPLOAD_MB): Promise<{ id: string; files: SentFile[] }> {
  const backend = payloadZip(megabytes * 1024 * 1024);
  const frontend = payloadZip(random.integer(100, 50_000));
  const { payload, headers } = multipartForm({}, [
    { name: "backend.zip", content: backend, field: "backend", type: "application/zip" },
    { name: "frontend.zip", content: frontend, field: "frontend", type: "application/zip" },
  ]);
  const paced = Readable.from(
    (async function* () {
      for (let offset = 0; offset < payload.length; offset += UPLOAD_CHUNK) {
        yield payload.subarray(offset, offset + UPLOAD_CHUNK);
        await new Promise((resolve) => setTimeout(resolve, UPLOAD_CHUNK_PAUSE_MS));
      }
    })(),
  );
  const response = await api(portal, "/updates", {
    method: "POST",
    token: admin,
    headers: { ...headers, "content-length": String(payload.length) },
    body: Readable.toWeb(paced) as ReadableStream,
    duplex: "half",
  } as RequestInit);
  const update = (await expectStatus(response, 201)) as { id: string };
  return {
    id: update.id,
    files: [
      { name: "backend.zip", sha256: sha256(backend), size: backend.length },
      { name: "frontend.zip", sha256: sha256(frontend), size: frontend.length },
    ],
  };
}

/**
 * One round: concurrent writers (registrations, approvals, tickets and replies with attachments) and
 * one lane of streamed update uploads, until SIGKILL after a random delay. Answers what was answered.
 */
async function writeUntilKilled(portal: PortalProcess, admin: string, customers: Customer[], state: { pendingUsers: { id: string; email: string }[]; tickets: Answered["tickets"]; contents: Buffer[] }) {
  const answered: Answered = { registrations: [], approvals: [], tickets: [], messages: [], updates: [] };
  const refused: string[] = [];
  let killed = false;
  let attempts = 0;
  let answers = 0;
  const killAfterWrites = random.integer(Math.ceil(WRITES / 4), WRITES);
  let enoughWritten!: () => void;
  const writtenEnough = new Promise<void>((resolve) => (enoughWritten = resolve));
  const attempt = async (write: () => Promise<void>) => {
    attempts++;
    try {
      await write();
      if (++answers >= killAfterWrites) enoughWritten();
    } catch (error) {
      // A request the kill cut off has no answer; one answered with an error before the kill is a defect.
      if (!killed) refused.push(String(error));
    }
  };
  const register = async () => {
      const email = `crash.${randomBytes(5).toString("hex")}@example.com`;
      const { user } = (await expectStatus(await api(portal, "/auth/register", { method: "POST", headers: { "content-type": "application/json" }, body: registrationBody(email) }), 201)) as { user: { id: string } };
      answered.registrations.push({ id: user.id, email });
      state.pendingUsers.push({ id: user.id, email });
  };
  const openTicket = async () => {
      const customer = random.pick(customers);
      const { parts, sent } = attachments(state.contents);
      const body = multipartForm({ subject: `Crash ${randomBytes(3).toString("hex")}`, type: "technical", priority: "high", message: "It stopped." }, parts);
      const ticket = (await expectStatus(await api(portal, "/tickets", { method: "POST", token: customer.token, headers: body.headers, body: body.payload }), 201)) as { id: string };
      const entry = { id: ticket.id, ownerToken: customer.token, files: sent };
      answered.tickets.push(entry);
      state.tickets.push(entry);
  };
  // Each write does something over HTTP (a lane that only awaited resolved promises would starve the kill's timer).
  const writes = [
    register,
    async () => {
      const user = state.pendingUsers.shift();
      if (!user) return register();
      await expectStatus(await api(portal, `/users/${user.id}/approve`, { method: "POST", token: admin }), 200);
      answered.approvals.push(user);
    },
    openTicket,
    async () => {
      const ticket = state.tickets.length > 0 ? random.pick(state.tickets) : undefined;
      if (!ticket) return openTicket();
      const { parts, sent } = attachments(state.contents);
      const body = multipartForm({ body: `Reply ${randomBytes(3).toString("hex")}` }, parts);
      const token = random.next() < 0.5 ? admin : ticket.ownerToken;
      const message = (await expectStatus(await api(portal, `/tickets/${ticket.id}/messages`, { method: "POST", token, headers: body.headers, body: body.payload }), 201)) as { id: string };
      answered.messages.push({ id: message.id, ticketId: ticket.id, files: sent });
    },
  ];
  const lanes = Array.from({ length: LANES }, async () => {
    while (!killed) await attempt(random.pick(writes));
  });
  const uploads = (async () => {
    while (!killed) await attempt(async () => void answered.updates.push(await uploadUpdate(portal, admin)));
  })();
  const killAfterMs = random.integer(0, MAX_KILL_MS);
  await Promise.race([writtenEnough, new Promise((resolve) => setTimeout(resolve, 120_000))]);
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  killed = true;
  await killPortal(portal);
  await Promise.all([...lanes, uploads]);
  return { answered, refused, attempts, killAfterMs: `${killAfterMs} ms after ${killAfterWrites} answers` };
}

/** The database on its own (the server stopped): PGlite opened from the data directory, or PostgreSQL. */
async function withDatabase<T>(target: { dataDir: string; databaseUrl?: string }, use: (query: <Row>(text: string) => Promise<Row[]>) => Promise<T>): Promise<T> {
  const handle = await openDatabase(target.databaseUrl ? { kind: "postgres", url: target.databaseUrl, poolSize: 1 } : { kind: "pglite", dataDir: path.join(target.dataDir, "db") });
  try {
    return await use(async <Row>(text: string) => ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows);
  } finally {
    await handle.close();
  }
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every invariant a torn write would break, checked in SQL and on disk; answers what is wrong. */
async function findDefects(target: { dataDir: string; databaseUrl?: string }, answered: Answered, received: ReceivedMail[]) {
  const defects: string[] = [];
  const filesRoot = path.join(target.dataDir, "files");
  const mail = await withDatabase(target, async (query) => {
    const ids = async (text: string) => new Set((await query<{ id: string }>(text)).map((row) => row.id));
    const list = (items: { id: string }[]) => (items.length ? items.map((item) => `'${item.id}'`).join(",") : "null");

    // Every write answered 2xx is there, with the audit event of its change.
    const registered = await ids(`select u.id from users u join audit_events a on a.action = 'auth.register' and a.target_id = u.id::text where u.id in (${list(answered.registrations)})`);
    for (const user of answered.registrations) if (!registered.has(user.id)) defects.push(`registration ${user.email} answered 201 but missing or without its audit event`);
    const approved = await ids(`select u.id from users u join audit_events a on a.action = 'user.approved' and a.target_id = u.id::text where u.status = 'active' and u.approved_at is not null and u.id in (${list(answered.approvals)})`);
    for (const user of answered.approvals) if (!approved.has(user.id)) defects.push(`approval of ${user.email} answered 200 but not active or without its audit event`);
    const ticketsFound = await ids(`select t.id from tickets t join audit_events a on a.action = 'ticket.created' and a.target_id = t.id::text where t.id in (${list(answered.tickets)})`);
    for (const ticket of answered.tickets) if (!ticketsFound.has(ticket.id)) defects.push(`ticket ${ticket.id} answered 201 but missing or without its audit event`);
    const messagesFound = await ids(`select m.id from ticket_messages m join audit_events a on a.action = 'ticket.message_added' and a.details->>'messageId' = m.id::text where m.id in (${list(answered.messages)})`);
    for (const message of answered.messages) if (!messagesFound.has(message.id)) defects.push(`message ${message.id} answered 201 but missing or without its audit event`);
    const updatesFound = await ids(`select u.id from updates u join audit_events a on a.action = 'update.created' and a.target_id = u.id::text where u.id in (${list(answered.updates)})`);
    for (const update of answered.updates) if (!updatesFound.has(update.id)) defects.push(`update ${update.id} answered 201 but missing or without its audit event`);

    // ...with exactly the files that were sent.
    const firstMessages = await query<{ ticket_id: string; id: string }>(`select distinct on (ticket_id) ticket_id, id from ticket_messages order by ticket_id, created_at, id`);
    const firstMessageOf = new Map(firstMessages.map((row) => [row.ticket_id, row.id]));
    const attachmentRows = await query<{ message_id: string; name: string; sha256: string; size: number }>(`select message_id, name, sha256, size from ticket_attachments order by position`);
    const fileRows = await query<{ update_id: string; name: string; sha256: string; size: number }>(`select update_id, name, sha256, size from update_files order by position`);
    const same = (label: string, sent: SentFile[], stored: { name: string; sha256: string; size: number }[]) => {
      const shape = (files: SentFile[]) => JSON.stringify(files.map((file) => [file.name, file.sha256, Number(file.size)]));
      if (shape(sent) !== shape(stored)) defects.push(`${label}: files sent ${shape(sent)} but stored ${shape(stored)}`);
    };
    for (const ticket of answered.tickets) same(`ticket ${ticket.id}`, ticket.files, attachmentRows.filter((row) => row.message_id === firstMessageOf.get(ticket.id)));
    for (const message of answered.messages) same(`message ${message.id}`, message.files, attachmentRows.filter((row) => row.message_id === message.id));
    for (const update of answered.updates) same(`update ${update.id}`, update.files, fileRows.filter((row) => row.update_id === update.id));

    // No half-written row anywhere, answered or not: each change commits whole, with its audit event.
    const torn = {
      "ticket without its first message": `select t.id from tickets t where not exists (select 1 from ticket_messages m where m.ticket_id = t.id)`,
      "ticket without ticket.created": `select t.id from tickets t where not exists (select 1 from audit_events a where a.action = 'ticket.created' and a.target_id = t.id::text)`,
      "reply without ticket.message_added": `select m.id from ticket_messages m where m.id <> (select f.id from ticket_messages f where f.ticket_id = m.ticket_id order by f.created_at, f.id limit 1) and not exists (select 1 from audit_events a where a.action = 'ticket.message_added' and a.details->>'messageId' = m.id::text)`,
      "message whose attachment count differs from its audit event": `select a.details->>'messageId' as id from audit_events a where a.action = 'ticket.message_added' and (a.details->>'attachments')::int <> (select count(*) from ticket_attachments t where t.message_id::text = a.details->>'messageId')`,
      "ticket whose attachment count differs from its audit event": `select a.target_id as id from audit_events a join tickets t on t.id::text = a.target_id where a.action = 'ticket.created' and (a.details->>'attachments')::int <> (select count(*) from ticket_attachments x join ticket_messages m on m.id = x.message_id where m.ticket_id = t.id and m.id = (select f.id from ticket_messages f where f.ticket_id = t.id order by f.created_at, f.id limit 1))`,
      "update without its two packages": `select u.id from updates u where (select count(*) from update_files f where f.update_id = u.id and f.kind in ('backend', 'frontend')) <> 2`,
      "update without update.created": `select u.id from updates u where not exists (select 1 from audit_events a where a.action = 'update.created' and a.target_id = u.id::text)`,
      "user without auth.register": `select u.id from users u where not u.is_admin and not exists (select 1 from audit_events a where a.action = 'auth.register' and a.target_id = u.id::text)`,
      "approved user without user.approved": `select u.id from users u where u.approved_by is not null and not exists (select 1 from audit_events a where a.action = 'user.approved' and a.target_id = u.id::text)`,
      "user without the verification mail of sign-up": `select u.id from users u where not u.is_admin and not exists (select 1 from jobs j where j.kind = 'mail' and j.payload->>'to' = u.email and j.payload->>'subject' like 'Verify%')`,
      "approved user without the approval mail": `select u.id from users u where u.approved_by is not null and not exists (select 1 from jobs j where j.kind = 'mail' and j.payload->>'to' = u.email and j.payload->>'subject' like '%approved%')`,
      "mail not sent": `select id from jobs where kind = 'mail' and state <> 'done'`,
    };
    for (const [label, text] of Object.entries(torn)) for (const row of await query<{ id: string }>(text)) defects.push(`${label}: ${row.id}`);

    // No orphan file, no missing one: the store holds exactly the referenced content, each file its key's bytes.
    const referenced = await query<{ key: string; size: string }>(
      `select sha256 as key, size::text from ticket_attachments union select sha256, size::text from update_files union select package_sha256, package_size::text from updates where package_sha256 is not null`,
    );
    const sizes = new Map(referenced.map((row) => [row.key, Number(row.size)]));
    const stored = (await filesUnder(filesRoot)).filter((file) => !file.startsWith(path.join(filesRoot, "tmp") + path.sep));
    for (const file of stored) {
      const key = path.basename(file);
      if (!sizes.has(key)) defects.push(`orphan file ${path.relative(filesRoot, file)}`);
      else if (sha256(await readFile(file)) !== key || (await stat(file)).size !== sizes.get(key)) defects.push(`file ${key} does not hold its content`);
    }
    const onDisk = new Set(stored.map((file) => path.basename(file)));
    for (const key of sizes.keys()) if (!onDisk.has(key)) defects.push(`referenced file ${key} missing`);
    for (const file of await filesUnder(path.join(filesRoot, "tmp"))) defects.push(`upload left in progress: ${path.relative(filesRoot, file)}`);

    return query<{ id: string; attempts: number; to: string; subject: string }>(`select id, attempts, payload->>'to' as to, payload->>'subject' as subject from jobs where kind = 'mail'`);
  });

  // Queued mail is sent once. The job's id is its Message-ID; a second copy is only allowed for a job that
  // was claimed again because its process was killed while sending it (attempts > 1: at-least-once).
  const deliveries = new Map<string, number>();
  for (const message of received) {
    const jobId = /^<([0-9a-f-]{36})@/.exec(message.messageId)?.[1] ?? message.messageId;
    deliveries.set(jobId, (deliveries.get(jobId) ?? 0) + 1);
  }
  let resentAfterKill = 0;
  for (const job of mail) {
    const count = deliveries.get(job.id) ?? 0;
    if (count === 0) defects.push(`mail ${job.id} to ${job.to} ("${job.subject}") done but never received`);
    if (count > 1 && count > job.attempts) defects.push(`mail ${job.id} to ${job.to} received ${count} times in ${job.attempts} attempts`);
    if (count > 1) resentAfterKill += count - 1;
    deliveries.delete(job.id);
  }
  for (const [id, count] of deliveries) defects.push(`received ${count} message(s) ${id} of no mail job`);
  for (const user of answered.registrations) if (!received.some((message) => message.to.includes(user.email) && /verify/i.test(message.subject))) defects.push(`no verification mail to ${user.email}`);
  for (const user of answered.approvals) if (!received.some((message) => message.to.includes(user.email) && /approved/i.test(message.subject))) defects.push(`no approval mail to ${user.email}`);
  return { defects, mailJobs: mail.length, resentAfterKill };
}

/** What the restart reported taking back (its warnings about the file store and the job queue). */
function recoveries(portal: PortalProcess): string {
  const lines = portal.output.join("").split("\n").filter((line) => /file store: removed|job queue: took back/.test(line));
  const taken = lines.map((line) => JSON.parse(line) as { abandonedUploads?: number; unreferencedFiles?: number; released?: number });
  const sum = (field: "abandonedUploads" | "unreferencedFiles" | "released") => taken.reduce((total, entry) => total + (entry[field] ?? 0), 0);
  return ` (restart took back ${sum("abandonedUploads")} upload(s) in progress, ${sum("unreferencedFiles")} unreferenced file(s), ${sum("released")} mail job(s) in flight)`;
}

/** Waits until no mail has arrived for a while: every job the restart took back has been sent. */
async function mailSettled(received: ReceivedMail[]): Promise<void> {
  let count = -1;
  while (count !== received.length) {
    count = received.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
}

describe(`crash safety on ${onPostgres ? "PostgreSQL" : "PGlite"} (seed ${SEED})`, () => {
  it(`answers for every 2xx write across ${ROUNDS} SIGKILLs in a stream of writes`, async () => {
    report(`crash safety: seed ${SEED} (CRASH_SEED=${SEED} replays the choices), ${ROUNDS} rounds, ${LANES} lanes, kill after up to ${WRITES} answers + up to ${MAX_KILL_MS} ms, uploads of ${UPLOAD_MB} MB`);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-crash-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // Either database starts as a copy of the run's migrated template: the first start is not what is tested here.
    const databaseUrl = onPostgres ? await createTestPostgresDatabase() : undefined;
    if (!onPostgres) await dataDirFromPgliteTemplate(dataDir);
    const target = { dataDir, databaseUrl };
    const smtp = await startSmtpServer(await freePort());
    cleanups.push(() => smtp.close());
    const env = { DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

    let portal = await startPortal(env);
    const startTimes = [portal.startMs];
    const admin = await login(portal, ADMIN_EMAIL, ADMIN_PASSWORD);
    const customers = [await createCustomer(portal, smtp, admin), await createCustomer(portal, smtp, admin)];
    const state = { pendingUsers: [] as { id: string; email: string }[], tickets: [] as Answered["tickets"], contents: [] as Buffer[] };
    const total: Answered = { registrations: [], approvals: [], tickets: [], messages: [], updates: [] };

    for (let round = 1; round <= ROUNDS; round++) {
      const { answered, refused, attempts, killAfterMs } = await writeUntilKilled(portal, admin, customers, state);
      expect(refused, "writes refused before the kill").toEqual([]);
      for (const key of Object.keys(total) as (keyof Answered)[]) (total[key] as unknown[]).push(...answered[key]);

      // Started again on what the kill left: the embedded database must open (recover) and the server come up.
      portal = await startPortal(env);
      startTimes.push(portal.startMs);
      await mailSettled(smtp.received);
      expect(await stopPortal(portal), portal.output.join("")).toBe(0);
      const { defects, mailJobs, resentAfterKill } = await findDefects(target, total, smtp.received);
      const counts = Object.entries(answered).map(([kind, items]) => `${kind} ${items.length}`).join(", ");
      report(
        `round ${round}: killed ${killAfterMs}${recoveries(portal)}; ${attempts} writes sent, answered 2xx: ${counts}; all ${Object.values(total).flat().length} answered so far found whole: ${defects.length === 0}; mail jobs ${mailJobs}, received ${smtp.received.length} (${resentAfterKill} so far sent again after a kill in mid-send)`,
      );
      expect(defects).toEqual([]);
      if (round === ROUNDS) break;
      // The next round writes on the same data (pending users and tickets carry over; sessions survive restarts).
      portal = await startPortal(env);
      startTimes.push(portal.startMs);
    }
    expect(total.registrations.length + total.tickets.length + total.messages.length, "writes answered across all rounds").toBeGreaterThan(0);
    report(`server start times (ms, from spawn to healthy): ${startTimes.join(", ")}`);
  }, Math.max(600_000, ROUNDS * 150_000));

  it("with STORAGE_URL: a SIGKILL in the middle of a 16 MB update upload leaves no referenced object missing, and the restart sweeps what it left", async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-crash-s3-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const databaseUrl = onPostgres ? await createTestPostgresDatabase() : undefined;
    if (!onPostgres) await dataDirFromPgliteTemplate(dataDir);
    const prefix = "crash/";
    const env = { DATA_DIR: dataDir, ...s3.env(prefix), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

    let portal = await startPortal(env);
    const admin = await login(portal, ADMIN_EMAIL, ADMIN_PASSWORD);
    const kept = await uploadUpdate(portal, admin, 1);
    const objectsBefore = await s3.objects(prefix);
    // The 16 MB upload lasts about 16 × the short form's pace; the kill lands somewhere in it.
    const uploading = uploadUpdate(portal, admin, 16).then(
      () => "answered",
      () => "cut off",
    );
    const killAfterMs = random.integer(200, 3_000);
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    const leftAtKill = (await s3.objects(prefix)).filter((name) => !objectsBefore.includes(name));
    await killPortal(portal);
    const outcome = await uploading;

    portal = await startPortal(env);
    // Healthy is before the recurring jobs are scheduled: a stop at once would cut that short.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await stopPortal(portal), portal.output.join("")).toBe(0);
    const referenced = await withDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) }, (query) =>
      query<{ key: string; size: string }>(`select sha256 as key, size::text from update_files union select package_sha256, package_size::text from updates where package_sha256 is not null`),
    );
    const defects: string[] = [];
    const objects = await s3.objects(prefix);
    const objectOf = (key: string) => `${prefix}${key.slice(0, 2)}/${key}`;
    for (const { key, size } of referenced) {
      if (!objects.includes(objectOf(key))) {
        defects.push(`referenced object ${key} missing`);
        continue;
      }
      const body = (await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectOf(key) }))).Body as Readable;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      const content = Buffer.concat(chunks);
      if (sha256(content) !== key || content.length !== Number(size)) defects.push(`object ${key} does not hold its content`);
    }
    const referencedObjects = new Set(referenced.map((row) => objectOf(row.key)));
    for (const name of objects) if (!referencedObjects.has(name)) defects.push(`object left behind: ${name}`);
    for (const file of await filesUnder(path.join(dataDir, "files"))) defects.push(`local file left: ${file}`);
    for (const file of kept.files) if (!referenced.some((row) => row.key === file.sha256)) defects.push(`the update answered before the kill lost ${file.name}`);
    report(
      `S3 round: killed ${killAfterMs} ms into a 16 MB upload (${outcome}; new objects in the bucket at the kill: ${leftAtKill.map((name) => name.slice(prefix.length)).join(", ") || "none"})${recoveries(portal)}; ${referenced.length} referenced objects whole, ${objects.length} objects in all; defects ${defects.length}`,
    );
    expect(defects).toEqual([]);
  }, 180_000);

  it("delivers after a restart the webhooks committed before a SIGKILL (in flight or not yet started)", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-crash-hooks-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const databaseUrl = onPostgres ? await createTestPostgresDatabase() : undefined;
    if (!onPostgres) await dataDirFromPgliteTemplate(dataDir);
    // Before the kill every request is held unanswered (the deliveries are under way); after it, answered.
    let answering = false;
    const receiver = await startReceiver(() => (answering ? { status: 200 } : "hold"));
    cleanups.push(() => receiver.close());
    const env = { DATA_DIR: dataDir, WEBHOOK_ALLOW_HTTP: "1", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1", WEBHOOK_RETRY_MIN_SECONDS: "0.2", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

    let portal = await startPortal(env);
    const admin = await login(portal, ADMIN_EMAIL, ADMIN_PASSWORD);
    const json = { "content-type": "application/json" };
    const { endpoint } = (await expectStatus(await api(portal, "/webhook-endpoints", { method: "POST", token: admin, headers: json, body: JSON.stringify({ url: receiver.url, events: ["*"] }) }), 201)) as { endpoint: { id: string } };
    const eventIds: string[] = [];
    // More than the 4 one endpoint may have under way: some are committed but not started when the kill comes.
    for (let index = 0; index < 6; index++) {
      const delivery = (await expectStatus(await api(portal, `/webhook-endpoints/${endpoint.id}/test`, { method: "POST", token: admin }), 202)) as { eventId: string };
      eventIds.push(delivery.eventId);
    }
    await waitFor("deliveries under way", () => (receiver.holding > 0 ? true : undefined));
    await killPortal(portal);
    const heldAtKill = receiver.received.length;
    answering = true;

    portal = await startPortal(env);
    const delivered = () => new Set(receiver.received.slice(heldAtKill).map((hook) => hook.headers["webhook-id"]));
    await waitFor("every committed event delivered after the restart", () => (eventIds.every((id) => delivered().has(id)) ? true : undefined), 60_000);
    // Recorded as delivered once the restarted server has written the outcomes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await stopPortal(portal), portal.output.join("")).toBe(0);
    const rows = await withDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) }, (query) => query<{ status: string; event_id: string }>(`select status, event_id::text from webhook_deliveries`));
    expect(rows.map((row) => row.status)).toEqual(eventIds.map(() => "delivered"));
    report(`webhooks across a SIGKILL: ${eventIds.length} committed, ${heldAtKill} under way at the kill, all delivered after the restart (${receiver.received.length - heldAtKill} requests after it)`);
  }, 180_000);
});
