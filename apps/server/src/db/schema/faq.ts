import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, boolean } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/** The nine FAQ categories (made by a migration, keyed by a stable `key`); names per language below. */
export const faqCategories = pgTable(
  "faq_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    position: integer("position").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("faq_categories_key_key").on(table.key)],
);

export type FaqCategoryRow = typeof faqCategories.$inferSelect;

export const faqCategoryNames = pgTable(
  "faq_category_names",
  {
    categoryId: uuid("category_id")
      .notNull()
      .references(() => faqCategories.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    name: text("name").notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.language] })],
);

export const faqEntries = pgTable(
  "faq_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => faqCategories.id, { onDelete: "restrict" }),
    popular: boolean("popular").notNull().default(false),
    // Ascending inside the category; ties are broken by creation time.
    position: integer("position").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("faq_entries_category_position_idx").on(table.categoryId, table.position, table.createdAt)],
);

export type FaqEntryRow = typeof faqEntries.$inferSelect;

/** The question and its Markdown answer in one language; an entry has at least one. */
export const faqEntryTranslations = pgTable(
  "faq_entry_translations",
  {
    entryId: uuid("entry_id")
      .notNull()
      .references(() => faqEntries.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
  },
  (table) => [primaryKey({ columns: [table.entryId, table.language] })],
);

export type FaqEntryTranslationRow = typeof faqEntryTranslations.$inferSelect;

/** Demo requests from the FAQ's dialog (anyone may send one); `userId` when the sender was logged in. */
export const demoRequests = pgTable(
  "demo_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name"),
    company: text("company"),
    product: text("product"),
    message: text("message"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("demo_requests_created_idx").on(table.createdAt), index("demo_requests_email_idx").on(sql`lower(${table.email})`)],
);

export type DemoRequestRow = typeof demoRequests.$inferSelect;
