// The log monitor over a large audit log on PostgreSQL: seeds AUDIT_BENCH_ROWS (default 200,000)
// events into a scratch database, then times the first page, a deep page by OFFSET and the same
// page by keyset cursor, a filtered count and the CSV export, and prints the plans (EXPLAIN) of
// the list queries. Not part of `npm test` (seeding takes a while); run after `npm run build`:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/audit-log.mjs
import { performance } from "node:perf_hooks";
import pg from "pg";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const rows = Number(process.env.AUDIT_BENCH_ROWS ?? 200_000);
const server = new URL("../apps/server/dist/", import.meta.url);
const { openDatabase } = await import(new URL("db/client.js", server).href);
const { migrateDatabase } = await import(new URL("db/migrate.js", server).href);
const { auditEventsCsv, listAuditEvents } = await import(new URL("modules/audit/audit.queries.js", server).href);

const name = `portal_audit_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
const raw = new pg.Client({ connectionString: url.toString() });
try {
  await migrateDatabase(handle);
  await raw.connect();
  const seeding = performance.now();
  await raw.query(
    `insert into audit_events (at, action, outcome, actor_email, target_type, target_id, ip, user_agent)
     select now() - (n || ' seconds')::interval,
            (array['auth.login','auth.login_failed','license.activated','ticket.created','user.approved'])[1 + n % 5],
            case when n % 7 = 0 then 'failure' else 'success' end,
            'user' || (n % 500) || '@example.com', 'user', md5(n::text), '10.0.' || (n % 250) || '.1', 'bench'
     from generate_series(1, $1) as n`,
    [rows],
  );
  await raw.query("analyze audit_events");
  console.log(`seeded ${rows.toLocaleString("en")} events in ${Math.round(performance.now() - seeding)} ms`);

  const time = async (label, run, repeat = 5) => {
    const times = [];
    let result;
    for (let index = 0; index < repeat; index++) {
      const started = performance.now();
      result = await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${label.padEnd(52)} median ${times[Math.floor(times.length / 2)].toFixed(1)} ms`);
    return result;
  };
  const query = (extra = {}) => ({ page: 1, pageSize: 50, sort: "at", order: "desc", ...extra });
  const deepPage = Math.floor(rows / 50 / 2);

  await time("first page (page=1, with count)", () => listAuditEvents(handle.db, query()));
  await time(`deep page by OFFSET (page=${deepPage}, with count)`, () => listAuditEvents(handle.db, query({ page: deepPage })));
  // Walk to the deep page once by cursor, then time the same page by keyset.
  let cursor;
  const walked = performance.now();
  for (let page = 1; page < deepPage; page++) cursor = (await listAuditEvents(handle.db, query(cursor ? { cursor } : {}))).nextCursor;
  console.log(`(walked ${deepPage - 1} pages by cursor in ${Math.round(performance.now() - walked)} ms)`);
  await time(`deep page by cursor (page ${deepPage}, no count)`, () => listAuditEvents(handle.db, query({ cursor })));
  await time("first page, action filter, sort actor", () => listAuditEvents(handle.db, query({ action: "ticket.created", sort: "actor", order: "asc" })));
  await time("first page, outcome=failure", () => listAuditEvents(handle.db, query({ outcome: "failure" })));
  await time("first page, q=user42@ (no index: a scan)", () => listAuditEvents(handle.db, query({ q: "user42@" })), 3);
  await time(
    "CSV export, outcome=failure (all rows)",
    async () => {
      let bytes = 0;
      for await (const chunk of auditEventsCsv(handle.db, query({ outcome: "failure" }))) bytes += chunk.length;
      return bytes;
    },
    1,
  );

  const explain = async (label, sql) => {
    const { rows: plan } = await raw.query(`explain (analyze, buffers off, costs off, summary on) ${sql}`);
    console.log(`\n-- ${label}\n${plan.map((row) => row["QUERY PLAN"]).join("\n")}`);
  };
  const columns = "id, at, actor_email, action, outcome";
  await explain("first page", `select ${columns} from audit_events order by at desc, id desc limit 51`);
  await explain(`deep page by OFFSET`, `select ${columns} from audit_events order by at desc, id desc limit 51 offset ${(deepPage - 1) * 50}`);
  const { rows: [middle] } = await raw.query(`select at::text as at, id from audit_events order by at desc, id desc offset ${(deepPage - 1) * 50 - 1} limit 1`);
  await explain("deep page by keyset", `select ${columns} from audit_events where (at, id) < ('${middle.at}'::timestamptz, ${middle.id}) order by at desc, id desc limit 51`);
  await explain("sort by actor, keyset", `select ${columns} from audit_events where (coalesce(actor_email, ''), at, id) > ('user250@example.com', '${middle.at}'::timestamptz, ${middle.id}) order by coalesce(actor_email, ''), at, id limit 51`);
  await explain("count with outcome filter", `select count(*) from audit_events where outcome = 'failure'`);
} finally {
  await raw.end().catch(() => undefined);
  await handle.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
