import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  portalLanguages,
  type Faq,
  type FaqCategoryAdmin,
  type FaqEntry,
  type Page,
  type PerLanguage,
  type PortalLanguage,
  type faqCategoryBodySchema,
  type faqEntryBodySchema,
  type faqEntryListQuerySchema,
} from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { faqCategories, faqCategoryNames, faqEntries, faqEntryTranslations, type FaqEntryRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { isForeignKeyViolation } from "../../lib/db-errors.js";
import { containsPattern, countRows, pageWindow, toPageOf } from "../../lib/pagination.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";

type EntryInput = z.output<typeof faqEntryBodySchema>;
type EntryQuery = z.output<typeof faqEntryListQuerySchema>;
type CategoryInput = z.output<typeof faqCategoryBodySchema>;

/** The interface's languages in their order, as an SQL array: the last resort when neither the asked one nor English exists. */
const languageOrder = sql`array[${sql.join(
  portalLanguages.map((language) => sql`${language}`),
  sql`, `,
)}]::text[]`;

/** A category's name in `language`, else in English, else its key. */
function categoryName(language: PortalLanguage): SQL<string> {
  const nameIn = (wanted: string) =>
    sql`(select ${faqCategoryNames.name} from ${faqCategoryNames} where ${faqCategoryNames.categoryId} = ${faqCategories.id} and ${faqCategoryNames.language} = ${wanted})`;
  return sql<string>`coalesce(${nameIn(language)}, ${nameIn("en")}, ${faqCategories.key})`;
}

/**
 * GET /faq: the nine categories and every entry in the reader's language; an entry without that
 * language is served in English, or in the first language it has. `q` searches the served question
 * and answer. Answers are Markdown text, never HTML.
 */
export async function readFaq(db: Database, language: PortalLanguage, q: string | undefined): Promise<Faq> {
  const served = db
    .select({ language: faqEntryTranslations.language, question: faqEntryTranslations.question, answer: faqEntryTranslations.answer })
    .from(faqEntryTranslations)
    .where(eq(faqEntryTranslations.entryId, faqEntries.id))
    .orderBy(
      sql`(${faqEntryTranslations.language} = ${language}) desc`,
      sql`(${faqEntryTranslations.language} = 'en') desc`,
      sql`array_position(${languageOrder}, ${faqEntryTranslations.language})`,
    )
    .limit(1)
    .as("served");
  const search = q ? containsPattern(q) : undefined;
  const [categories, items] = await Promise.all([
    db
      .select({ id: faqCategories.id, key: faqCategories.key, name: categoryName(language), order: faqCategories.position })
      .from(faqCategories)
      .orderBy(asc(faqCategories.position), asc(faqCategories.key)),
    db
      .select({
        id: faqEntries.id,
        categoryId: faqEntries.categoryId,
        popular: faqEntries.popular,
        order: faqEntries.position,
        language: served.language,
        question: served.question,
        answer: served.answer,
      })
      .from(faqEntries)
      .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
      .innerJoinLateral(served, sql`true`)
      .where(search ? or(ilike(served.question, search), ilike(served.answer, search)) : undefined)
      .orderBy(asc(faqCategories.position), asc(faqEntries.position), asc(faqEntries.createdAt), asc(faqEntries.id)),
  ]);
  return { language, categories, items: items.map((item) => ({ ...item, language: item.language as PortalLanguage })) };
}

function byLanguage<Row extends { language: string }>(rows: Row[], pick: (row: Row) => string): PerLanguage {
  const texts: PerLanguage = {};
  for (const language of portalLanguages) {
    const row = rows.find((candidate) => candidate.language === language);
    if (row) texts[language] = pick(row);
  }
  return texts;
}

async function presentEntries(executor: Executor, rows: FaqEntryRow[]): Promise<FaqEntry[]> {
  if (rows.length === 0) return [];
  const translations = await executor
    .select()
    .from(faqEntryTranslations)
    .where(inArray(faqEntryTranslations.entryId, rows.map((row) => row.id)));
  return rows.map((row) => {
    const own = translations.filter((translation) => translation.entryId === row.id);
    return {
      id: row.id,
      categoryId: row.categoryId,
      popular: row.popular,
      order: row.position,
      question: byLanguage(own, (translation) => translation.question),
      answer: byLanguage(own, (translation) => translation.answer),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function presentEntry(executor: Executor, row: FaqEntryRow): Promise<FaqEntry> {
  const [entry] = await presentEntries(executor, [row]);
  return entry!;
}

/** Administrators' list: every language of each entry; `q` looks in all of them. */
export function listFaqEntries(db: Database, query: EntryQuery): Promise<Page<FaqEntry>> {
  const search = query.q ? containsPattern(query.q) : undefined;
  const where = and(
    query.categoryId ? eq(faqEntries.categoryId, query.categoryId) : undefined,
    search
      ? exists(
          db
            .select({ one: sql`1` })
            .from(faqEntryTranslations)
            .where(and(eq(faqEntryTranslations.entryId, faqEntries.id), or(ilike(faqEntryTranslations.question, search), ilike(faqEntryTranslations.answer, search)))),
        )
      : undefined,
  );
  const direction = query.order === "asc" ? asc : desc;
  const order =
    query.sort === "position"
      ? [direction(faqCategories.position), direction(faqEntries.position), direction(faqEntries.createdAt), direction(faqEntries.id)]
      : [direction(query.sort === "updatedAt" ? faqEntries.updatedAt : faqEntries.createdAt), direction(faqEntries.id)];
  const { limit, offset } = pageWindow(query);
  return toPageOf(
    query,
    db
      .select({ entry: faqEntries })
      .from(faqEntries)
      .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select(countRows()).from(faqEntries).where(where),
    (rows) => presentEntries(db, rows.map((row) => row.entry)),
  );
}

async function writeTranslations(tx: Executor, entryId: string, input: EntryInput): Promise<PortalLanguage[]> {
  const languages = portalLanguages.filter((language) => input.question[language] !== undefined);
  await tx.delete(faqEntryTranslations).where(eq(faqEntryTranslations.entryId, entryId));
  await tx
    .insert(faqEntryTranslations)
    .values(languages.map((language) => ({ entryId, language, question: input.question[language]!, answer: input.answer[language]! })));
  return languages;
}

/** Where a new (or moved) entry goes when no order is given: after the last one of its category. */
const endOf = (categoryId: string) =>
  sql<number>`(select coalesce(max(${faqEntries.position}) + 1, 0) from ${faqEntries} where ${faqEntries.categoryId} = ${categoryId})`;

/** The referenced category does not exist (the foreign key says so, even against a concurrent change). */
function unknownCategory(error: unknown): never {
  if (isForeignKeyViolation(error)) throw new AppError("faq/unknown_category");
  throw error;
}

export async function createFaqEntry(db: Database, input: EntryInput, context: RequestContext): Promise<FaqEntry> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(faqEntries)
        .values({ categoryId: input.categoryId, popular: input.popular, position: input.order ?? endOf(input.categoryId), createdBy: context.actorId })
        .returning();
      const languages = await writeTranslations(tx, row!.id, input);
      await recordAudit(tx, context, { action: "faq.entry_created", targetType: "faq_entry", targetId: row!.id, details: { languages } });
      return presentEntry(tx, row!);
    });
  } catch (error) {
    unknownCategory(error);
  }
}

/** PUT: the whole entry; a language left out of the body loses its texts. */
export async function updateFaqEntry(db: Database, id: string, input: EntryInput, context: RequestContext): Promise<FaqEntry> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for("update");
      if (!current) throw new AppError("common/not_found");
      const moved = current.categoryId !== input.categoryId;
      const position = input.order ?? (moved ? endOf(input.categoryId) : current.position);
      const [row] = await tx
        .update(faqEntries)
        .set({ categoryId: input.categoryId, popular: input.popular, position, updatedAt: sql`now()` })
        .where(eq(faqEntries.id, id))
        .returning();
      const languages = await writeTranslations(tx, id, input);
      await recordAudit(tx, context, { action: "faq.entry_updated", targetType: "faq_entry", targetId: id, details: { languages } });
      return presentEntry(tx, row!);
    });
  } catch (error) {
    unknownCategory(error);
  }
}

export async function deleteFaqEntry(db: Database, id: string, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning({ id: faqEntries.id });
    if (!row) throw new AppError("common/not_found");
    await recordAudit(tx, context, { action: "faq.entry_deleted", targetType: "faq_entry", targetId: id });
  });
}

/**
 * Swaps an entry with its neighbour inside its category and numbers the category 0, 1, 2… again,
 * so orders typed by hand (gaps, equal numbers) end up as shown. The category row is locked, so two
 * moves in one category take turns. At the top (or bottom) nothing changes.
 */
export async function moveFaqEntry(db: Database, id: string, direction: "up" | "down", context: RequestContext): Promise<FaqEntry> {
  return db.transaction(async (tx) => {
    const [entry] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for("update");
    if (!entry) throw new AppError("common/not_found");
    await tx.select({ id: faqCategories.id }).from(faqCategories).where(eq(faqCategories.id, entry.categoryId)).for("update");
    const siblings = await tx
      .select({ id: faqEntries.id, position: faqEntries.position })
      .from(faqEntries)
      .where(eq(faqEntries.categoryId, entry.categoryId))
      .orderBy(asc(faqEntries.position), asc(faqEntries.createdAt), asc(faqEntries.id));
    const from = siblings.findIndex((sibling) => sibling.id === id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= siblings.length) return presentEntry(tx, entry);
    [siblings[from], siblings[to]] = [siblings[to]!, siblings[from]!];
    for (const [position, sibling] of siblings.entries()) {
      if (sibling.position !== position) {
        await tx.update(faqEntries).set({ position, ...(sibling.id === id ? { updatedAt: sql`now()` } : {}) }).where(eq(faqEntries.id, sibling.id));
      }
    }
    await recordAudit(tx, context, { action: "faq.entry_moved", targetType: "faq_entry", targetId: id, details: { direction, from, to } });
    const [moved] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id));
    return presentEntry(tx, moved!);
  });
}

async function presentCategories(executor: Executor, where?: SQL): Promise<FaqCategoryAdmin[]> {
  const rows = await executor.select().from(faqCategories).where(where).orderBy(asc(faqCategories.position), asc(faqCategories.key));
  const names = rows.length
    ? await executor.select().from(faqCategoryNames).where(inArray(faqCategoryNames.categoryId, rows.map((row) => row.id)))
    : [];
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    order: row.position,
    name: byLanguage(
      names.filter((name) => name.categoryId === row.id),
      (name) => name.name,
    ),
  }));
}

/** The nine categories with their names in every language (administrators rename them). */
export function listFaqCategories(db: Database): Promise<FaqCategoryAdmin[]> {
  return presentCategories(db);
}

/** Renames a category: the names given replace the stored ones; a language left out falls back to English. */
export async function renameFaqCategory(db: Database, id: string, input: CategoryInput, context: RequestContext): Promise<FaqCategoryAdmin> {
  return db.transaction(async (tx) => {
    const [category] = await tx.update(faqCategories).set({ updatedAt: sql`now()` }).where(eq(faqCategories.id, id)).returning();
    if (!category) throw new AppError("common/not_found");
    const languages = portalLanguages.filter((language) => input.name[language] !== undefined);
    await tx.delete(faqCategoryNames).where(eq(faqCategoryNames.categoryId, id));
    await tx.insert(faqCategoryNames).values(languages.map((language) => ({ categoryId: id, language, name: input.name[language]! })));
    await recordAudit(tx, context, { action: "faq.category_renamed", targetType: "faq_category", targetId: id, details: { key: category.key, languages } });
    const [presented] = await presentCategories(tx, eq(faqCategories.id, id));
    return presented!;
  });
}
