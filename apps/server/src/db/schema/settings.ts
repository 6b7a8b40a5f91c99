import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/** One row per user who has saved interface settings; a user without one gets `defaultUserSettings`. */
export const userSettings = pgTable("user_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  theme: text("theme", { enum: ["light", "dark", "auto"] }).notNull(),
  language: text("language").notNull(),
  sidebarCollapsed: boolean("sidebar_collapsed").notNull(),
  tableDensity: text("table_density", { enum: ["comfortable", "compact"] }).notNull(),
  /** null: the device's own zone. */
  timeZone: text("time_zone"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
