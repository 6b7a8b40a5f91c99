import { setTimeout as sleep } from "node:timers/promises";
import { sql, type SQL } from "drizzle-orm";
import type { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/database.js";
import { pgliteHostOf, type DatabaseHandle, type Executor } from "./client.js";

/** How many objects the worker's heap holds, after a full collection (the head of a heap snapshot says it). */
async function heapObjectsOf(worker: Worker): Promise<number> {
  const snapshot = await worker.getHeapSnapshot();
  let head = "";
  for await (const chunk of snapshot) {
    head += String(chunk);
    const count = /"node_count":(\d+)/.exec(head);
    if (count) {
      snapshot.destroy();
      return Number(count[1]);
    }
  }
  throw new Error("the heap snapshot names no node_count");
}

async function rowsOf<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  return ((await executor.execute(query)) as unknown as { rows: Row[] }).rows;
}

// The database path the server uses (PGlite: its worker behind one pg connection; PostgreSQL: a pool),
// under the concurrency an API process puts on it.
describe("database under concurrent callers", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table worker_counter (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into worker_counter values (1, 0)`);
    await database.db.execute(sql`create table worker_jobs (id int primary key, claimed_by int)`);
    await database.db.execute(sql`insert into worker_jobs select g, null from generate_series(1, 12) g`);
  });
  afterAll(() => database?.close());

  const count = async () => (await rowsOf<{ n: number }>(database.db, sql`select n from worker_counter where id = 1`))[0]!.n;

  it("keeps transactions whole and apart: no lost update, a failed one leaves nothing", async () => {
    const before = await count();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 16 }, (_, index) =>
        database.db.transaction(async (tx) => {
          const [row] = await rowsOf<{ n: number }>(tx, sql`select n from worker_counter where id = 1 for update`);
          await sleep(2); // other callers run meanwhile
          await tx.execute(sql`update worker_counter set n = ${row!.n + 1} where id = 1`);
          if (index % 4 === 3) throw new Error("rolled back on purpose");
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toHaveLength(4);
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(String(outcome.reason)).toMatch(/on purpose/);
    expect(await count()).toBe(before + 12);
  });

  it("answers a statement error inside a transaction and goes on serving", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update worker_counter set n = n + 1000 where id = 1`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: "22012" }) }); // division_by_zero
    expect(await count()).toBeLessThan(1000);
    const [row] = await database.preparedQuery<{ ok: number }>("worker-ok", "select 1 as ok", []);
    expect(row).toEqual({ ok: 1 });
  });

  it("serves a named prepared statement to many callers at once, beside transactions", async () => {
    const text = "select $1::int + 1 as n";
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, (_, index) => database.preparedQuery<{ n: number }>("worker-plus-one", text, [index])),
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update worker_counter set n = n where id = 1`);
        return [{ n: -1 }];
      }),
    ]);
    expect(answers.slice(0, 100).map(([row]) => row!.n)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
  });

  it("gives concurrent job claimers distinct rows with for update skip locked", async () => {
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, worker) =>
        database.db.transaction(async (tx) => {
          const [job] = await rowsOf<{ id: number }>(tx, sql`select id from worker_jobs where claimed_by is null order by id limit 1 for update skip locked`);
          if (!job) return undefined;
          await sleep(2);
          await tx.execute(sql`update worker_jobs set claimed_by = ${worker} where id = ${job.id}`);
          return job.id;
        }),
      ),
    );
    const claimed = claims.filter((id) => id !== undefined);
    expect(new Set(claimed).size).toBe(claimed.length);
    const rows = await rowsOf<{ id: number; claimed_by: number }>(database.db, sql`select id, claimed_by from worker_jobs where claimed_by is not null`);
    expect(rows).toHaveLength(claimed.length);
  });

  it("runs withExclusiveLock holders one at a time while other queries go on", async () => {
    const events: string[] = [];
    await Promise.all([
      ...Array.from({ length: 3 }, (_, index) =>
        database.withExclusiveLock(7_340_999, async (db) => {
          events.push(`in ${index}`);
          await db.execute(sql`select pg_sleep(0.02)`);
          await sleep(5);
          events.push(`out ${index}`);
        }),
      ),
      database.preparedQuery("worker-ok", "select 1 as ok", []),
    ]);
    for (let at = 0; at < events.length; at += 2) {
      expect(events[at]!.replace("in", "out")).toBe(events[at + 1]);
    }
    const [held] = await rowsOf<{ held: number }>(database.db, sql`select count(*)::int as held from pg_locks where locktype = 'advisory'`);
    expect(held!.held).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE !== "postgres")("PGlite worker", () => {
  it("keeps the main thread free while the database works, and ends its thread on close()", async () => {
    const database = await openTestDatabase();
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      // Busy (not sleeping) work in the database: a few hundred ms of WebAssembly.
      await database.db.execute(sql`select count(*) from generate_series(1, 1000000) g where g % 7 = 0`);
    } finally {
      clearInterval(ticker);
    }
    const busy = performance.now() - started;
    expect(busy).toBeGreaterThan(100);
    // Blocked, the loop would stall for the whole query; a busy machine may add a pause of its own.
    expect(longestGap).toBeLessThan(Math.max(100, busy / 2));

    const worker = (pgliteHostOf(database) as unknown as { worker: Worker }).worker;
    await database.close();
    expect(worker.threadId, "the database thread has ended").toBe(-1);
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it("keeps nothing of the answers it has passed on: its heap stays the same size query after query", async () => {
    const database = await openTestDatabase();
    try {
      const worker = (pgliteHostOf(database) as unknown as { worker: Worker }).worker;
      const queries = (count: number) => Promise.all(Array.from({ length: count }, () => database.db.execute(sql`select g, 'row ' || g from generate_series(1, 20) g`)));
      await queries(100);
      const before = await heapObjectsOf(worker);
      await queries(1000);
      const after = await heapObjectsOf(worker);
      // PGlite's execProtocolRaw kept every answer message it parsed: 100,308 objects after these 1,000 queries.
      expect(after - before).toBeLessThan(2000);
    } finally {
      await database.close();
    }
  });

  it("tells its owner when the database thread dies while open, and not on a normal close", async () => {
    const lost: Error[] = [];
    const database = await openTestDatabase({ onLost: (error) => lost.push(error) });
    const worker = (pgliteHostOf(database) as unknown as { worker: Worker }).worker;
    await worker.terminate();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
    expect(lost).toHaveLength(1);
    await database.close();

    const closed = await openTestDatabase({ onLost: (error) => lost.push(error) });
    await closed.close();
    expect(lost).toHaveLength(1);
  });
});
