import { sql, type SQL } from "drizzle-orm";
import { formatLicenseKey, type AuditTargetType } from "@portal/contract";
import type { Executor } from "../../db/client.js";

/** What an event's target is called now, and whether it still exists. */
export interface AuditTargetName {
  name: string | null;
  deleted: boolean;
}

export const NO_TARGET_NAME: AuditTargetName = { name: null, deleted: false };

/** Every target with a table has a uuid key: anything else in `target_id` names nothing there. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Per target type that is a row of a table: the select naming the rows whose ids are `ids`, as
 * (id, name), by primary key. A user is named by their e-mail (what the admin's user list finds and
 * the actor column shows), a licence request by its requester's, a ticket by number and subject.
 */
const namedBy: Partial<Record<AuditTargetType, (ids: SQL) => SQL>> = {
  user: (ids) => sql`select id::text as id, email as name from users where id in (${ids})`,
  session: (ids) => sql`select s.id::text, u.email from sessions s join users u on u.id = s.user_id where s.id in (${ids})`,
  project: (ids) => sql`select id::text, name from projects where id in (${ids})`,
  payment_method: (ids) => sql`select id::text, initcap(brand) || ' •••• ' || last4 from payment_methods where id in (${ids})`,
  feature: (ids) => sql`select id::text, name from features where id in (${ids})`,
  service: (ids) => sql`select id::text, name from services where id in (${ids})`,
  plan: (ids) => sql`select id::text, name from plans where id in (${ids})`,
  license_request: (ids) => sql`select r.id::text, u.email from license_requests r join users u on u.id = r.requester_id where r.id in (${ids})`,
  license: (ids) => sql`select id::text, key_compact from licenses where id in (${ids})`,
  order: (ids) =>
    sql`select o.id::text, 'O-' || lpad(o.sequence::text, greatest(6, length(o.sequence::text)), '0') || ' ' || u.email from orders o join users u on u.id = o.user_id where o.id in (${ids})`,
  // A draft has no version yet: it exists, without a name.
  update: (ids) => sql`select id::text, version from updates where id in (${ids})`,
  ticket: (ids) => sql`select id::text, 'T-' || lpad(number::text, greatest(6, length(number::text)), '0') || ' ' || subject from tickets where id in (${ids})`,
  faq_entry: (ids) =>
    sql`select e.id::text, (select question from faq_entry_translations t where t.entry_id = e.id order by t.language <> 'en', t.language limit 1) from faq_entries e where e.id in (${ids})`,
  faq_category: (ids) =>
    sql`select c.id::text, coalesce((select name from faq_category_names n where n.category_id = c.id and n.language = 'en'), c.key) from faq_categories c where c.id in (${ids})`,
  demo_request: (ids) => sql`select id::text, email from demo_requests where id in (${ids})`,
  job: (ids) => sql`select id::text, kind from jobs where id in (${ids})`,
  // Never deleted, only revoked: a token keeps its name in the log for as long as the log keeps it.
  api_token: (ids) => sql`select id::text, name from api_tokens where id in (${ids})`,
  webhook_endpoint: (ids) => sql`select id::text, url from webhook_endpoints where id in (${ids})`,
  // A delivery is named by what it sent and where: "license.created → https://…".
  webhook_delivery: (ids) => sql`select d.id::text, d.type || ' → ' || e.url from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where d.id in (${ids})`,
};

/** A name as stored, as the interface shows it. */
const shownAs: Partial<Record<AuditTargetType, (stored: string) => string>> = { license: formatLicenseKey };

export interface NamedTarget {
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
}

const keyOf = (type: string, id: string) => `${type}\u0000${id}`;

/** For a target that is gone: the name its event recorded (a deleted plan's, a removed card's), if any. */
function recordedName(type: string, details: Record<string, unknown> | null): string | null {
  if (!details) return null;
  if (type === "payment_method" && typeof details.brand === "string" && typeof details.last4 === "string") {
    return `${details.brand.charAt(0).toUpperCase()}${details.brand.slice(1)} •••• ${details.last4}`;
  }
  for (const field of ["name", "email", "version", "url"]) if (typeof details[field] === "string") return details[field];
  return null;
}

/**
 * The names of the targets of `events` (one page, or one poll of the live stream), read in ONE
 * statement: a union of one primary-key look-up per target type present, never one per event.
 * Answers, in the events' order, each target's name and whether its record is gone.
 */
export async function nameAuditTargets(executor: Executor, events: readonly NamedTarget[]): Promise<AuditTargetName[]> {
  const idsByType = new Map<AuditTargetType, Set<string>>();
  for (const { targetType, targetId } of events) {
    const type = targetType as AuditTargetType;
    if (!targetId || !namedBy[type] || !UUID.test(targetId)) continue;
    const ids = idsByType.get(type) ?? new Set<string>();
    ids.add(targetId.toLowerCase());
    idsByType.set(type, ids);
  }
  const found = new Map<string, string | null>();
  if (idsByType.size > 0) {
    const branches = [...idsByType].map(
      ([type, ids]) => sql`select ${type}::text as type, named.* from (${namedBy[type]!(sql.join([...ids].map((id) => sql`${id}`), sql`, `))}) as named(id, name)`,
    );
    const result = (await executor.execute(sql.join(branches, sql` union all `))) as unknown as { rows: { type: AuditTargetType; id: string; name: string | null }[] };
    for (const row of result.rows) {
      const show = shownAs[row.type];
      found.set(keyOf(row.type, row.id), row.name !== null && show ? show(row.name) : row.name);
    }
  }
  return events.map(({ targetType, targetId, details }) => {
    if (!targetType || !targetId || !namedBy[targetType as AuditTargetType]) return NO_TARGET_NAME;
    const key = keyOf(targetType, targetId.toLowerCase());
    if (found.has(key)) return { name: found.get(key) ?? null, deleted: false };
    return { name: recordedName(targetType, details), deleted: true };
  });
}
