import { bigint, date, index, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Licence validations answered per UTC day. Each API process counts in memory and adds its batch
 * with an upsert (`count = count + excluded.count`), so a validation never writes by itself and
 * several processes add up.
 */
export const validationCounts = pgTable("validation_counts", {
  day: date("day", { mode: "string" }).primaryKey(),
  count: bigint("count", { mode: "number" }).notNull().default(0),
});

/**
 * Exact counts of the big tables without counting them: triggers (migrations 0013, 0014) add rows of
 * +n / −n per inserting or deleting statement, and −1 / +1 per row that moves to another bucket, in
 * the writing statement's transaction, so the sum of a (table, bucket)'s rows is its count in any
 * snapshot; readers fold the rows into one per bucket now and then. `bucket` is '' for the whole table,
 * `status:<status>` for users, licences and tickets by status, `issued:<YYYY-MM>` for licences by
 * UTC month of issue (the dashboards' figures).
 */
export const rowCounts = pgTable(
  "row_counts",
  {
    tableName: text("table_name").notNull(),
    bucket: text("bucket").notNull().default(""),
    delta: bigint("delta", { mode: "number" }).notNull(),
  },
  (table) => [index("row_counts_table_bucket_idx").on(table.tableName, table.bucket)],
);
