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
 * Exact row counts of the big tables without counting them: triggers (migration 0013) add one row
 * of +n / −n per inserting or deleting statement in that statement's transaction, so the sum of a
 * table's rows is its count in any snapshot; readers fold the parts into one now and then.
 */
export const rowCounts = pgTable(
  "row_counts",
  {
    tableName: text("table_name").notNull(),
    delta: bigint("delta", { mode: "number" }).notNull(),
  },
  (table) => [index("row_counts_table_idx").on(table.tableName)],
);
