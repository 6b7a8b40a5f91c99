import { bigint, date, pgTable } from "drizzle-orm/pg-core";

/**
 * Licence validations answered per UTC day. Each API process counts in memory and adds its batch
 * with an upsert (`count = count + excluded.count`), so a validation never writes by itself and
 * several processes add up.
 */
export const validationCounts = pgTable("validation_counts", {
  day: date("day", { mode: "string" }).primaryKey(),
  count: bigint("count", { mode: "number" }).notNull().default(0),
});
