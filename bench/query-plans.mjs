// The plan check of load at size: what cannot flake on a small, loaded CI machine. For each GET the
// bench measures, the statements the server ran for one call (recorded by bench/record-queries.mjs) are
// EXPLAIN ANALYZEd on the seeded database with sequential scans and explicit sorts priced out
// (enable_seqscan, enable_sort off), so what remains is what no index can avoid — at 1% of the data
// as at full size, whatever the planner would pick for small tables:
//   - no sequential scan of a big table (only the small catalogue tables and row_counts may be read whole);
//   - no sort of more than SORTED_ROWS_ALLOWED rows (a page, a union of pages, a dashboard's months).
// An incremental sort (licences by plan name: the ids of one plan at a time, index-only) is allowed.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { root } from "./lib.mjs";

const pg = createRequire(`${root}apps/server/package.json`)("pg");

export const BIG_TABLES = new Set([
  "users", "licenses", "license_requests", "license_features", "installations", "projects",
  "tickets", "ticket_messages", "ticket_reads", "ticket_attachments", "audit_events", "sessions",
]);
export const SORTED_ROWS_ALLOWED = 100;

/** Read-only statements only: EXPLAIN ANALYZE runs what it explains. */
const readOnly = (text) => /^\s*(select|with)\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);

function* nodes(plan) {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/** What in one plan breaks the rules above (empty when nothing does). */
export function planProblems(plan) {
  const problems = [];
  for (const node of nodes(plan)) {
    if (node["Node Type"] === "Seq Scan" && BIG_TABLES.has(node["Relation Name"])) {
      problems.push(`sequential scan of ${node["Relation Name"]} (${node["Actual Rows"] * node["Actual Loops"]} rows)`);
    }
    if (node["Node Type"] === "Sort") {
      const input = node.Plans?.[0];
      const sorted = input ? input["Actual Rows"] * input["Actual Loops"] : 0;
      if (sorted > SORTED_ROWS_ALLOWED) problems.push(`sort of ${sorted} rows on ${JSON.stringify(node["Sort Key"])}`);
    }
  }
  return problems;
}

/**
 * Calls each of `calls` ({label, url, headers}) once on a server that records its statements into
 * `logFile`, and EXPLAINs what each ran on `databaseUrl`. Answers one result per call: its label, the
 * statements explained, the shared buffers they touched, and the problems found.
 */
export async function checkPlans({ calls, logFile, databaseUrl }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const results = [];
  try {
    await client.query("set default_transaction_read_only = on; set enable_seqscan = off; set enable_sort = off");
    for (const { label, url, headers } of calls) {
      writeFileSync(logFile, "");
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${label} answered ${response.status}`);
      await response.text();
      const statements = readFileSync(logFile, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line)).filter((statement) => readOnly(statement.text));
      const problems = [];
      let buffers = 0;
      for (const { text, values } of statements) {
        const { rows } = await client.query(`explain (analyze, buffers, format json) ${text}`, values).catch((error) => {
          throw new Error(`${label}: EXPLAIN failed (${error.message}) for ${text} with ${JSON.stringify(values)}`);
        });
        const [{ Plan: plan }] = rows[0]["QUERY PLAN"];
        buffers += (plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0);
        problems.push(...planProblems(plan).map((problem) => `${problem} in: ${text.replace(/\s+/g, " ").slice(0, 160)}`));
      }
      results.push({ label, statements: statements.length, buffers, problems });
    }
  } finally {
    await client.end();
  }
  return results;
}
