import { and, asc, eq, gt, lte, ne, sql, type SQL } from "drizzle-orm";
import {
  ISSUED_DAYS_SHOWN,
  ISSUED_MONTHS_SHOWN,
  LIVE_INSTALLATION_HOURS,
  VALIDATION_DAYS_SHOWN,
  customerActivityActions,
  formatLicenseKey,
  type CustomerActivityAction,
  type ActivityEntry,
  type AdminDashboard,
  type CustomerDashboard,
} from "@portal/contract";
import type { Database } from "../../db/client.js";
import { installations, licenseRequests, licenses, orders, plans, tickets, type LicenseRow, type TicketRow, type UserRow } from "../../db/schema/index.js";
import { bucketCounts } from "../../db/pages.js";
import { coalescedRead } from "../../lib/coalesced-read.js";
import { preparedSql, preparedStatement } from "../../db/prepared.js";

const RECENT_ACTIVITY_LIMIT = 10;
const EXPIRING_LISTED = 10;
const EXPIRY_WINDOW = sql`interval '30 days'`;

const licenseCounts = {
  active: sql<number>`count(*) filter (where ${licenses.status} = 'active')::int`,
  notActivated: sql<number>`count(*) filter (where ${licenses.status} = 'not_activated')::int`,
  deactivated: sql<number>`count(*) filter (where ${licenses.status} = 'deactivated')::int`,
};

const ticketCounts = {
  open: sql<number>`count(*) filter (where ${tickets.status} = 'open')::int`,
  inProgress: sql<number>`count(*) filter (where ${tickets.status} = 'in_progress')::int`,
  resolved: sql<number>`count(*) filter (where ${tickets.status} = 'resolved')::int`,
};

/** A trial that has not ended: the dashboard counts its days down. */
const runningTrial = and(eq(licenses.type, "trial"), ne(licenses.status, "deactivated"), gt(licenses.expiresAt, sql`now()`));

function presentListed(row: { id: string; keyCompact: string; planName: string; expiresAt: Date }) {
  return { id: row.id, key: formatLicenseKey(row.keyCompact), planName: row.planName, expiresAt: row.expiresAt.toISOString() };
}

const expiringSoon = and(eq(licenses.status, "active"), gt(licenses.expiresAt, sql`now()`), lte(licenses.expiresAt, sql`now() + ${EXPIRY_WINDOW}`));

interface ActivityRow {
  at: Date | string;
  action: CustomerActivityAction;
  target_type: string | null;
  target_id: string | null;
}

/** The contract's list as SQL text: constants, written into the statement like its limit. */
const shownActions = sql.raw(customerActivityActions.map((action) => `'${action}'`).join(", "));

/**
 * What the customer did (sign-ins and sign-outs left out: they would crowd everything else) and what
 * others did to their account, licences, requests and tickets — never an internal note, and only the
 * actions the dashboard has words for (`customerActivityActions`). One branch per kind, each served
 * by an index, each cut to the limit before the merge.
 */
async function recentActivity(db: Database, userId: string): Promise<ActivityEntry[]> {
  const rows = (await preparedSql(db, "dashboard_activity", {}, () => {
    const user = sql.placeholder("userId");
    // The limit is written into the text: as a parameter it would keep PostgreSQL planning each call.
    const limit = sql.raw(String(RECENT_ACTIVITY_LIMIT));
    const onOwn = (targetType: string, owned: SQL) => sql`
      (select at, action, target_type, target_id from audit_events
       where target_type = ${targetType} and target_id in (${owned}) and actor_id is distinct from ${user}::uuid
         and action in (${shownActions}) and coalesce(details->>'internal', 'false') <> 'true'
       order by at desc limit ${limit})`;
    return sql`
      select at, action, target_type, target_id from (
        (select at, action, target_type, target_id from audit_events
         where actor_id = ${user}::uuid and action in (${shownActions})
         order by at desc limit ${limit})
        union all ${onOwn("user", sql`${user}::text`)}
        union all ${onOwn("license", sql`select id::text from licenses where owner_id = ${user}::uuid`)}
        union all ${onOwn("license_request", sql`select id::text from license_requests where requester_id = ${user}::uuid`)}
        union all ${onOwn("ticket", sql`select id::text from tickets where user_id = ${user}::uuid`)}
      ) activity
      order by at desc limit ${limit}`;
  }).execute({ userId })).rows as ActivityRow[];
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
  }));
}

interface CustomerFigureRow {
  active: number;
  notActivated: number;
  deactivated: number;
  expiringIn30Days: number;
  pending: number;
  openOrders: number;
  awaitingMe: number;
  open: number;
  inProgress: number;
  resolved: number;
}

/**
 * The customer's figures: the counts in one statement (four single-row aggregates side by side,
 * each through its owner index) beside the expiring list and the activity. Five statements per
 * call held five of the pool's connections; under 32 concurrent dashboards they queued for them.
 */
export async function customerDashboard(db: Database, userId: string): Promise<CustomerDashboard> {
  const [[counts], expiring, trials, activity] = await Promise.all([
    preparedSql(db, "dashboard_counts", {}, () => {
      const user = sql.placeholder("userId");
      return sql`
        select l.*, r.*, o.*, t.* from
          (select ${licenseCounts.active} as "active", ${licenseCounts.notActivated} as "notActivated",
                  ${licenseCounts.deactivated} as "deactivated", count(*) filter (where ${expiringSoon})::int as "expiringIn30Days"
           from ${licenses} where ${licenses.ownerId} = ${user}) l,
          (select count(*) filter (where ${licenseRequests.status} = 'pending')::int as "pending"
           from ${licenseRequests} where ${licenseRequests.requesterId} = ${user}) r,
          (select count(*) filter (where ${orders.status} in ('pending_offer', 'offered', 'accepted'))::int as "openOrders",
                  count(*) filter (where ${orders.status} = 'offered' and ${orders.validUntil} > now())::int as "awaitingMe"
           from ${orders} where ${orders.userId} = ${user}) o,
          (select ${ticketCounts.open} as "open", ${ticketCounts.inProgress} as "inProgress", ${ticketCounts.resolved} as "resolved"
           from ${tickets} where ${tickets.userId} = ${user}) t`;
    })
      .execute({ userId })
      .then((result) => result.rows as CustomerFigureRow[]),
    preparedStatement(db, "dashboard_expiring", {}, (_shape, name) =>
      db
        .select({ id: licenses.id, keyCompact: licenses.keyCompact, planName: plans.name, expiresAt: licenses.expiresAt })
        .from(licenses)
        .innerJoin(plans, eq(plans.id, licenses.planId))
        .where(and(eq(licenses.ownerId, sql.placeholder("userId")), expiringSoon))
        .orderBy(asc(licenses.expiresAt), asc(licenses.id))
        .limit(EXPIRING_LISTED)
        .prepare(name),
    ).execute({ userId }),
    preparedStatement(db, "dashboard_trials", {}, (_shape, name) =>
      db
        .select({ id: licenses.id, keyCompact: licenses.keyCompact, planName: plans.name, expiresAt: licenses.expiresAt })
        .from(licenses)
        .innerJoin(plans, eq(plans.id, licenses.planId))
        .where(and(eq(licenses.ownerId, sql.placeholder("userId")), runningTrial))
        .orderBy(asc(licenses.expiresAt), asc(licenses.id))
        .limit(EXPIRING_LISTED)
        .prepare(name),
    ).execute({ userId }),
    recentActivity(db, userId),
  ]);
  // Aggregates without GROUP BY always answer one row.
  const figures = counts!;
  return {
    licenses: { active: figures.active, notActivated: figures.notActivated, deactivated: figures.deactivated, expiringIn30Days: figures.expiringIn30Days },
    requests: { pending: figures.pending },
    orders: { open: figures.openOrders, awaitingMe: figures.awaitingMe },
    tickets: { open: figures.open, inProgress: figures.inProgress, resolved: figures.resolved },
    recentActivity: activity,
    expiring: expiring.map(presentListed),
    trials: trials.map(presentListed),
  };
}

interface SeriesRow {
  period: string;
  count: number | string;
}

/** The last `count` UTC months as `YYYY-MM`, oldest first (this month last). */
function lastMonths(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index), 1)).toISOString().slice(0, 7),
  );
}

/** The last `count` UTC days as `YYYY-MM-DD`, oldest first (today last). */
function lastDays(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (count - 1 - index))).toISOString().slice(0, 10),
  );
}

/** Validations per UTC day (as flushed by the processes' counters), the last days including empty ones. */
async function validationsPerDay(db: Database): Promise<AdminDashboard["validations"]["perDay"]> {
  const { rows } = await preparedSql(db, "dashboard_validations", {}, () => sql`
    with days as (
      select (now() at time zone 'UTC')::date - back as day from generate_series(0, ${sql.raw(String(VALIDATION_DAYS_SHOWN - 1))}) back
    )
    select to_char(days.day, 'YYYY-MM-DD') as period, coalesce(v.count, 0)::bigint as count
    from days left join validation_counts v on v.day = days.day
    order by days.day`).execute() as { rows: SeriesRow[] };
  return rows.map((row) => ({ day: row.period, count: Number(row.count) }));
}

/**
 * Portal-wide figures. Users, tickets and licences by status and licences per month are read from
 * the trigger-kept `row_counts` (counting 100,000 licences and 50,000 tickets by status on every
 * call took most of 700 ms at size), in one statement; pending requests and live installations through
 * their indexes in another; validations per day in a third. Seven statements at once held seven of the
 * pool's connections: at 32 concurrent dashboards they queued for them (p95 74 ms at size).
 */
async function readAdminDashboard(db: Database): Promise<AdminDashboard> {
  const [buckets, [indexed], days] = await Promise.all([
    bucketCounts(db, ["users", "tickets", "licenses"]),
    preparedSql(db, "dashboard_pending_live", {}, () => sql`
      select (select count(*)::int from ${licenseRequests} where ${licenseRequests.status} = 'pending') as "pending",
             (select count(*)::int from ${orders} where ${orders.status} = 'pending_offer') as "pendingOffers",
             (select count(*)::int from ${orders} where ${orders.status} = 'accepted') as "awaitingPayment",
             (select count(*)::int from ${installations}
              where ${installations.releasedAt} is null and ${installations.lastSeenAt} > now() - make_interval(hours => ${sql.raw(String(LIVE_INSTALLATION_HOURS))})) as "live"`)
      .execute()
      .then((result) => result.rows as { pending: number; pendingOffers: number; awaitingPayment: number; live: number }[]),
    validationsPerDay(db),
  ]);
  // A table's count by status (or in all, "total") from its buckets; 0 for a status without rows.
  const countsOf =
    <Status extends string>(table: "users" | "tickets" | "licenses") =>
    (status: Status | "total") =>
      buckets[table].get(status === "total" ? "" : `status:${status}`) ?? 0;
  const usersIn = countsOf<UserRow["status"]>("users");
  const ticketsIn = countsOf<TicketRow["status"]>("tickets");
  const licensesIn = countsOf<LicenseRow["status"]>("licenses");
  const months = lastMonths(ISSUED_MONTHS_SHOWN).map((month) => ({ month, count: buckets.licenses.get(`issued:${month}`) ?? 0 }));
  const issuedDays = lastDays(ISSUED_DAYS_SHOWN).map((day) => ({ day, count: buckets.licenses.get(`issued-day:${day}`) ?? 0 }));
  return {
    users: { pending: usersIn("pending"), active: usersIn("active"), locked: usersIn("locked"), total: usersIn("total") },
    requests: { pending: indexed!.pending },
    orders: { pendingOffers: indexed!.pendingOffers, awaitingPayment: indexed!.awaitingPayment },
    tickets: {
      total: ticketsIn("total"),
      open: ticketsIn("open"),
      inProgress: ticketsIn("in_progress"),
      resolved: ticketsIn("resolved"),
      closed: ticketsIn("closed"),
    },
    licenses: {
      active: licensesIn("active"),
      notActivated: licensesIn("not_activated"),
      deactivated: licensesIn("deactivated"),
      issuedPerMonth: months,
      issuedPerDay: issuedDays,
    },
    validations: { perDay: days },
    installations: { live: indexed!.live },
  };
}

const adminDashboardReads = new WeakMap<Database, () => Promise<AdminDashboard>>();

/**
 * The admin dashboard: the same figures for every administrator, so overlapping calls share one read
 * that started after each of them arrived (`coalescedRead`). 32 concurrent dashboards made the database
 * count the live installations' index 32 times over (p95 52 ms at size); now it counts once or twice.
 */
export function adminDashboard(db: Database): Promise<AdminDashboard> {
  let read = adminDashboardReads.get(db);
  if (!read) adminDashboardReads.set(db, (read = coalescedRead(() => readAdminDashboard(db))));
  return read();
}
