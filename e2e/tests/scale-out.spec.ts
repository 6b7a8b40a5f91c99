import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import http from "node:http";
import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import { admin, apiLogin, expect, mailFiles, readyAccount, PASSWORD, test } from "./support";

/**
 * Run by playwright.scale-out.config.ts after the browser journey, through a round-robin proxy in
 * front of two API processes: what each process did must be seen by the other.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
test.skip(!enabled, "needs TEST_DATABASE_URL and TEST_REDIS_URL (two API processes on PostgreSQL and Redis)");

interface UpstreamCount {
  upstream: string;
  requests: number;
}

async function upstreamCounts(request: APIRequestContext): Promise<UpstreamCount[]> {
  const response = await request.get("/__proxy/upstreams");
  expect(response.status()).toBe(200);
  return (await response.json()) as UpstreamCount[];
}

/** The upstream that served the requests made between two readings (exactly one must have). */
function servedBy(before: UpstreamCount[], after: UpstreamCount[]): string {
  const grew = after.filter((count, index) => count.requests > before[index]!.requests);
  expect(grew, "one request, one upstream").toHaveLength(1);
  return grew[0]!.upstream;
}

/** Opens an event stream through the proxy; `waitFor` resolves with the first chunk of text holding `marker`. */
function openEventStream(url: string, token: string) {
  return new Promise<{ status: number; waitFor: (marker: string, timeoutMs: number) => Promise<string>; close: () => void }>((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" }, agent: false }, (response) => {
      let received = "";
      const waiting: { marker: string; done: (text: string) => void }[] = [];
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        received += chunk;
        for (const wait of waiting.filter((each) => received.includes(each.marker))) wait.done(received);
      });
      resolve({
        status: response.statusCode ?? 0,
        waitFor: (marker, timeoutMs) =>
          new Promise((done, fail) => {
            if (received.includes(marker)) return done(received);
            const timer = setTimeout(() => fail(new Error(`no event with ${marker} within ${timeoutMs} ms`)), timeoutMs);
            waiting.push({ marker, done: (text) => (clearTimeout(timer), done(text)) });
          }),
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}

test("both API processes served the journey, turn about", async ({ request }) => {
  const counts = await upstreamCounts(request);
  expect(counts).toHaveLength(2);
  for (const count of counts) expect(count.requests, count.upstream).toBeGreaterThan(20);
  // Round robin per request: the two counts never differ by more than one.
  expect(Math.abs(counts[0]!.requests - counts[1]!.requests)).toBeLessThanOrEqual(1);
});

test("a live audit event raised through one process reaches a stream opened through the other", async ({ request, baseURL }) => {
  const token = await apiLogin(request, admin.email, admin.password);
  const marker = `scale-out-${randomBytes(4).toString("hex")}`;
  const beforeStream = await upstreamCounts(request);
  const stream = await openEventStream(`${baseURL}/api/v1/audit-events/stream?outcome=failure&q=${marker}`, token);
  try {
    expect(stream.status).toBe(200);
    const beforeLogin = await upstreamCounts(request);
    const streamUpstream = servedBy(beforeStream, beforeLogin);
    const refused = await request.post("/api/v1/auth/token", {
      form: { username: `${marker}@example.com`, password: PASSWORD },
      headers: { "user-agent": marker },
    });
    expect(refused.status()).toBe(401);
    expect(servedBy(beforeLogin, await upstreamCounts(request))).not.toBe(streamUpstream);
    expect(await stream.waitFor(marker, 10_000)).toContain("auth.login_failed");
  } finally {
    stream.close();
  }
});

test("a file uploaded through one process downloads through the other", async ({ request }) => {
  const email = await readyAccount(request, "scale-out");
  const headers = { authorization: `Bearer ${await apiLogin(request, email, PASSWORD)}` };
  const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(256 * 1024), Buffer.from("\n%%EOF\n")]);
  const beforeUpload = await upstreamCounts(request);
  const created = await request.post("/api/v1/tickets", {
    headers,
    multipart: {
      subject: "Two processes",
      type: "technical",
      priority: "low",
      message: "The trace is attached.",
      attachments: { name: "trace.pdf", mimeType: "application/pdf", buffer: pdf },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const afterUpload = await upstreamCounts(request);
  const ticket = ((await created.json()) as { data: { id: string; messages: { attachments: { id: string }[] }[] } }).data;
  const download = await request.get(`/api/v1/tickets/${ticket.id}/attachments/${ticket.messages[0]!.attachments[0]!.id}`, { headers });
  expect(download.status()).toBe(200);
  expect(servedBy(afterUpload, await upstreamCounts(request))).not.toBe(servedBy(beforeUpload, afterUpload));
  expect(Buffer.compare(await download.body(), pdf)).toBe(0);

  // It lives in the bucket, and in neither process's DATA_DIR.
  const filesUnder = (directory: string) =>
    readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  const holdsThePdf = (file: string) => statSync(file).size === pdf.length && Buffer.compare(readFileSync(file), pdf) === 0;
  expect(process.env.PORTAL_E2E_DATA_DIRS!.split(",").flatMap(filesUnder).filter(holdsThePdf)).toEqual([]);
  expect(filesUnder(process.env.PORTAL_SCALE_OUT_BUCKET_DIR!).filter(holdsThePdf)).toHaveLength(1);
});

test("every mail queued by either process was sent exactly once", async () => {
  const client = new pg.Client({ connectionString: process.env.PORTAL_SCALE_OUT_DATABASE_URL });
  await client.connect();
  try {
    const states = async () =>
      (await client.query<{ state: string; count: number }>("select state::text, count(*)::int as count from jobs where kind = 'mail' group by state")).rows;
    // Mail goes out after the answer: wait for the queue to drain.
    await expect.poll(async () => (await states()).filter((row) => row.state !== "done"), { timeout: 15_000 }).toEqual([]);
    const done = (await states()).find((row) => row.state === "done")?.count ?? 0;
    expect(done).toBeGreaterThan(0);

    // Each process writes what it sent to its own DATA_DIR's outbox: together, each message once.
    const messageIds = mailFiles().map((file) => /^Message-ID: (.*)$/im.exec(readFileSync(file, "utf8"))?.[1]?.trim());
    expect(messageIds).toHaveLength(done);
    expect(new Set(messageIds).size).toBe(done);
  } finally {
    await client.end();
  }
});
