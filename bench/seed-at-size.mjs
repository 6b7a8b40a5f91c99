// Seeds a scratch PostgreSQL database at the size issue 15 names — 10,000 users, 100,000 licences,
// 50,000 tickets with 250,000 messages, 1,000,000 audit events, and what the dashboards read — times
// `scale` (LOAD_SCALE; 0.01 for CI's short form). Set-based SQL (`insert … select … generate_series`),
// so the full size takes a minute or two. Used by bench/load-at-size.mjs; not a bench of its own.
//
// Distributions: user and licence statuses, ticket statuses / priorities / types and audit actions
// are mixed; dates spread over the last two years; names, e-mails and subjects vary so every sort
// has many distinct values. The bench's administrator and customer are real accounts (their
// password is ADMIN.password); the customer owns about 1/10,000 of everything, as any customer would.
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { ADMIN, root } from "./lib.mjs";

const require = createRequire(`${root}apps/server/package.json`);
const pg = require("pg");

export const CUSTOMER = { email: "bench-customer@example.com", password: ADMIN.password };
export const FULL_SIZE = { users: 10_000, licenses: 100_000, tickets: 50_000, messagesPerTicket: 5, auditEvents: 1_000_000 };

const FIRST_NAMES = "Ada Alan Amir Anna Aylin Ben Burak Carla Chen Deniz Diego Elif Emma Eva Farid Hana Ivan Jana Jonas Kemal Lea Leo Lina Luca Maria Mehmet Mia Noah Nora Olga Omar Paul Rosa Sami Sara Selin Tom Una Yuki Zeynep".split(" ");
const LAST_NAMES = "Arslan Becker Costa Demir Dubois Eriksson Fischer Garcia Hansen Ito Jensen Kaya Kim Kowalski Lopez Martin Meyer Moreau Nakamura Novak Olsen Petrov Quinn Rossi Sato Schmidt Silva Smith Tanaka Torres Vogel Wagner Weber Yilmaz Young Zimmer".split(" ");
const SUBJECT_WORDS = "Activation|Billing|Crash|Download|Export|Installer|Invoice|Key|Licence|Login|Migration|Offline|Performance|Proxy|Renewal|Report|Seat|Setup|Sync|Update".split("|");
const AUDIT_ACTIONS = [
  "auth.login", "auth.login", "auth.login", "auth.logout", "auth.login_failed", "license.activated", "license.deactivated",
  "license.issued", "license_request.created", "license_request.approved", "ticket.created", "ticket.replied",
  "ticket.status_changed", "user.approved", "user.updated", "job.failed", "settings.updated", "project.created",
];

const textArray = (values) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]`;
/** A pseudo-random pick from `array` for row `n` (deterministic, so every run seeds the same data). */
const pick = (array, n, salt) => `(${array})[1 + (hashint8((${n})::bigint * 7919 + ${salt}) & 2147483647) % array_length(${array}, 1)]`;
/** A pseudo-random fraction in [0, 1) for row `n`. */
const fraction = (n, salt) => `((hashint8((${n})::bigint * 104729 + ${salt}) & 2147483647)::float8 / 2147483648)`;
/** A time in the last two years. */
const pastTwoYears = (n, salt) => `now() - ${fraction(n, salt)} * interval '730 days'`;

export function sizes(scale) {
  const at = (count, minimum) => Math.max(minimum, Math.round(count * scale));
  return {
    users: at(FULL_SIZE.users, 60),
    licenses: at(FULL_SIZE.licenses, 300),
    tickets: at(FULL_SIZE.tickets, 150),
    messagesPerTicket: FULL_SIZE.messagesPerTicket,
    auditEvents: at(FULL_SIZE.auditEvents, 3_000),
  };
}

/**
 * Creates `portal_load_at_size_<pid>` on the server of `baseUrl`, migrates it with the built server's
 * migrator, seeds it and answers its URL, the figures seeded, the key of a licence to validate, and drop() (a no-op with KEEP_DB=1).
 */
export async function seedAtSize({ baseUrl, scale = 1, log = console.log }) {
  const dist = `${root}apps/server/dist/`;
  const { openDatabase } = await import(`${dist}db/client.js`);
  const { migrateDatabase } = await import(`${dist}db/migrate.js`);
  const { hashPassword } = await import(`${dist}lib/passwords.js`);
  const n = sizes(scale);
  const name = `portal_load_at_size_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    if (process.env.KEEP_DB === "1") log(`KEEP_DB=1: database ${name} kept`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  let validationKey;
  try {
    const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
    await migrateDatabase(handle);
    await handle.close();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      validationKey = await seed(client, n, await hashPassword(ADMIN.password), log);
    } finally {
      await client.end();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), name, sizes: n, validationKey, drop };
}

async function seed(client, n, passwordHash, log) {
  const step = async (label, sql, params = []) => {
    const started = performance.now();
    const result = await client.query(sql, params);
    log(`  ${label.padEnd(34)} ${String(result.rowCount ?? "").padStart(9)} rows ${(performance.now() - started).toFixed(0).padStart(7)} ms`);
  };
  const customers = n.users - 20;
  const { LICENSE_KEY_ALPHABET, licenseKeyCheckCharacter } = await import(`${root}packages/contract/dist/index.js`);
  const keyBody = Array.from({ length: 29 }, (_, index) => LICENSE_KEY_ALPHABET[(index * 7 + 3) % LICENSE_KEY_ALPHABET.length]).join("");
  const first = textArray(FIRST_NAMES);
  const last = textArray(LAST_NAMES);
  const words = textArray(SUBJECT_WORDS);
  const started = performance.now();
  log(`seeding ${JSON.stringify(n)}`);

  // Users: the bench's administrator and customer, 19 more administrators (ticket assignees), customers.
  await step(
    "users",
    `insert into users (email, user_name, firstname, lastname, password_hash, is_admin, status, email_verified_at, approved_at, created_at, updated_at)
     select case n when 1 then $3 when 2 then $4 else lower(f) || '.' || lower(l) || n || '@' || (array['example.com','mail.test','corp.example','acme.test'])[1 + n % 4] end,
            case n when 1 then 'bench-admin' when 2 then 'bench-customer' else lower(l) || '_' || lower(f) || n end,
            f, l, $1, n = 1 or n > $2 - 19,
            case when n <= 2 or n > $2 - 19 then 'active' when n % 20 = 3 then 'pending' when n % 20 = 4 then 'locked' when n % 20 = 5 then 'disabled' else 'active' end,
            now(), now(), created, created
     from (select n, ${pick(first, "n", 1)} as f, ${pick(last, "n", 2)} as l, ${pastTwoYears("n", 3)} as created
           from generate_series(1, $2) as n) as source`,
    [passwordHash, n.users, ADMIN.email, CUSTOMER.email],
  );
  // Numbered views of the seeded users, so set-based inserts can pick "customer k" by arithmetic.
  await client.query(`create temporary table seed_customers as
    select row_number() over (order by (email <> $1), created_at, id) as k, id, email from users where not is_admin`, [CUSTOMER.email]);
  await client.query(`create temporary table seed_admins as select row_number() over (order by created_at, id) as k, id, email from users where is_admin`);
  await client.query("create unique index on seed_customers (k)");
  await client.query("analyze seed_customers; analyze seed_admins");

  await step(
    "features",
    `insert into features (name, code, description, price_cents)
     select 'Feature ' || (array['Alpha','Beta','Gamma','Delta','Epsilon','Zeta','Eta','Theta'])[1 + n % 8] || ' ' || n,
            'FEATURE_' || upper((array['Alpha','Beta','Gamma','Delta','Epsilon','Zeta','Eta','Theta'])[1 + n % 8]) || '_' || n, 'Seeded', 500 * n
     from generate_series(1, 24) as n`,
  );
  await step(
    "plans",
    `insert into plans (name, description, price_cents, currency, billing_period, duration_days, max_activations)
     select (array['Starter','Team','Professional','Business','Enterprise','Education','Developer','Studio','Cloud','Edge','Lab','Unlimited'])[n],
            'Seeded plan', 1000 * n, (array['USD','EUR','TRY'])[1 + n % 3], (array['monthly','yearly','once'])[1 + n % 3], 365, 1 + n % 5
     from generate_series(1, 12) as n`,
  );
  await step(
    "plan features",
    `insert into plan_features (plan_id, feature_id)
     select p.id, f.id from (select id, row_number() over (order by name) as k from plans) p
     join (select id, row_number() over (order by name) as k from features) f on f.k between p.k and p.k + 2`,
  );
  await step(
    "projects",
    `insert into projects (owner_id, name, description, created_at, updated_at)
     select c.id, (array['Website','Backend','Mobile','Data','Tools'])[1 + c.k % 5] || ' ' || c.k, '', now() - interval '700 days', now() - interval '700 days'
     from seed_customers c where c.k % 2 = 1`,
  );
  await step(
    "licence requests",
    `insert into license_requests (requester_id, status, plan_id, quantity, created_at, updated_at)
     select c.id, (array['pending','approved','approved','rejected','cancelled'])[1 + n % 5], p.id, 1 + n % 3, created, created
     from (select n, ${pastTwoYears("n", 11)} as created from generate_series(1, $1) as n) s
     join seed_customers c on c.k = 1 + s.n % $2
     join (select id, row_number() over (order by name) - 1 as k from plans) p on p.k = s.n % 12`,
    [Math.round(n.licenses / 5), customers],
  );
  // Licences: 55% active, 30% not activated, 15% deactivated; a third in their owner's project;
  // issued over two years for 365 days, so some are expired and some expire within 30 days.
  await step(
    "licences",
    `insert into licenses (key_compact, owner_id, plan_id, project_id, status, issued_at, expires_at, max_activations, deactivated_at)
     select upper(substr(md5('key' || s.n) || md5('more' || s.n), 1, 30)), c.id, p.id,
            case when s.n % 3 = 0 then (select id from projects where owner_id = c.id) end,
            case when s.r < 0.55 then 'active' when s.r < 0.85 then 'not_activated' else 'deactivated' end,
            s.issued, s.issued + interval '365 days', 3,
            case when s.r >= 0.85 then s.issued + interval '30 days' end
     from (select n, ${fraction("n", 21)} as r, ${pastTwoYears("n", 22)} as issued from generate_series(1, $1) as n) s
     join seed_customers c on c.k = 1 + s.n % $2
     join (select id, row_number() over (order by name) - 1 as k from plans) p on p.k = (hashint4(s.n) & 2147483647) % 12`,
    [n.licenses, customers],
  );
  // The licence the bench validates: the customer's, not yet activated (the first validation activates it).
  await step(
    "licence to validate",
    `insert into licenses (key_compact, owner_id, plan_id, status, expires_at, max_activations)
     select $1, (select id from users where email = $2), (select id from plans order by name limit 1), 'not_activated', now() + interval '365 days', 3`,
    [keyBody + licenseKeyCheckCharacter(keyBody), CUSTOMER.email],
  );
  await step(
    "licence features",
    `insert into license_features (license_id, feature_id) select l.id, pf.feature_id from licenses l join plan_features pf on pf.plan_id = l.plan_id`,
  );
  // The reminders of licences already inside a reminder window count as sent, as on a portal that has
  // been running: otherwise the first server to start sends about 1,100 of them while it is measured.
  await step(
    "expiry reminders already sent",
    `insert into license_expiry_notices (license_id, days_before)
     select l.id, d.days from licenses l cross join (values (30), (7), (1)) as d(days)
     where l.status <> 'deactivated' and l.expires_at > now() and l.expires_at <= now() + make_interval(days => d.days)`,
  );
  // One installation per active licence, seen within the last three days (about a third in the last 24 h).
  await step(
    "installations",
    `insert into installations (license_id, fingerprint, data_summary, first_seen_at, last_seen_at)
     select id, 'machine-' || key_compact, 'seeded', issued_at, now() - ${fraction("hashtext(key_compact)", 31)} * interval '72 hours'
     from licenses where status = 'active'`,
  );
  // Tickets: statuses, priorities and types mixed; every fifth assigned to an administrator.
  await step(
    "tickets",
    `insert into tickets (number, subject, type, priority, status, user_id, assignee_id, first_response_at, created_at, updated_at)
     select s.n, ${pick(words, "s.n", 41)} || ' ' || lower(${pick(words, "s.n", 42)}) || ' problem on ' || (array['Windows','macOS','Linux','iOS','Android'])[1 + s.n % 5] || ' (' || s.n || ')',
            (array['technical','billing','general','feature_request','custom','license_request'])[1 + s.n % 6],
            (array['low','medium','medium','high','critical'])[1 + (s.n / 7) % 5],
            case when s.r < 0.2 then 'open' when s.r < 0.35 then 'in_progress' when s.r < 0.6 then 'resolved' else 'closed' end,
            c.id, case when s.n % 5 = 0 then a.id end,
            case when s.r >= 0.2 then s.created + interval '3 hours' end,
            s.created, s.created + ${fraction("s.n", 44)} * interval '30 days'
     from (select n, ${fraction("n", 43)} as r, ${pastTwoYears("n", 45)} as created from generate_series(1, $1) as n) s
     join seed_customers c on c.k = 1 + s.n % $2
     join seed_admins a on a.k = 1 + s.n % 20`,
    [n.tickets, customers],
  );
  await client.query("select setval('ticket_number_seq', $1)", [n.tickets]);
  // Messages: the customer and support take turns; one in ten is an internal note.
  await step(
    "ticket messages",
    `insert into ticket_messages (ticket_id, author_id, author_role, body, internal, created_at)
     select t.id, case when k % 2 = 1 then t.user_id else coalesce(t.assignee_id, (select id from seed_admins where k = 2)) end,
            case when k % 2 = 1 then 'user' else 'admin' end,
            'Message ' || k || ' about ' || t.subject || repeat(' Some more detail to make it a realistic length.', 1 + k % 4),
            k % 2 = 0 and (t.number + k) % 10 = 0, t.created_at + k * interval '2 hours'
     from tickets t cross join generate_series(1, $1) as k`,
    [n.messagesPerTicket],
  );
  await step(
    "validation counts",
    `insert into validation_counts (day, count) select (now() at time zone 'UTC')::date - d, 1000 + (hashint4(d) & 4095) from generate_series(0, 729) as d`,
  );
  // Audit events: actions mixed (a third sign-ins), refusals as failures, actors among all users.
  await step(
    "audit events",
    `insert into audit_events (at, actor_id, actor_email, action, outcome, target_type, target_id, ip, user_agent)
     select s.at, u.id, u.email, s.action, case when s.action in ('auth.login_failed', 'job.failed') then 'failure' else 'success' end,
            case when s.action like 'license.%' then 'license' when s.action like 'ticket.%' then 'ticket'
                 when s.action like 'license_request.%' then 'license_request' when s.action like 'user.%' then 'user'
                 when s.action like 'project.%' then 'project' end,
            case when s.action like 'auth.%' or s.action like 'settings.%' or s.action like 'job.%' then null
                 when s.action like 'user.%' then u.id::text else md5(s.n::text) end,
            '10.' || (s.n % 200) || '.' || (s.n / 200 % 250) || '.' || (1 + s.n % 254), (array['Mozilla/5.0 (X11; Linux x86_64)','Mozilla/5.0 (Macintosh)','curl/8.5.0','portal-cli/1.2'])[1 + s.n % 4]
     from (select n, ${pick(textArray(AUDIT_ACTIONS), "n", 51)} as action, ${pastTwoYears("n", 52)} as at from generate_series(1, $1) as n) s
     join (select row_number() over (order by id) - 1 as k, id, email from users) u on u.k = (hashint4(s.n + 53) & 2147483647) % $2`,
    [n.auditEvents, n.users],
  );
  const vacuuming = performance.now();
  await client.query("vacuum analyze");
  log(`  vacuum analyze ${(performance.now() - vacuuming).toFixed(0).padStart(38)} ms`);
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return keyBody + licenseKeyCheckCharacter(keyBody);
}
