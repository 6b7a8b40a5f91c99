import { eq, ilike, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { ErrorCode, Page } from "@portal/contract";
import type { Database, Executor } from "../../db/client.js";
import type { features, services } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { isForeignKeyViolation, uniqueViolationConstraint } from "../../lib/db-errors.js";
import { containsPattern, countRows, pageOrder, pageWindow, toPage } from "../../lib/pagination.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";

type ItemTable = typeof features | typeof services;

interface ItemKind<Row, Input extends { name: string }, Item> {
  table: ItemTable;
  /** The audit target type and action prefix: "feature" or "service". */
  kind: "feature" | "service";
  nameConstraint: string;
  /** Answered when PostgreSQL refuses the delete because a plan or licence still holds the item. */
  inUseCode: ErrorCode;
  sortColumns: Record<string, AnyPgColumn>;
  columns(input: Input): Record<string, unknown>;
  /** Columns worked out in the change's transaction (a feature's derived code); `id` is set on an update. */
  derivedColumns?(executor: Executor, input: Input, id?: string): Promise<Record<string, unknown>>;
  /** Other unique constraints and what each answers. */
  uniqueConstraints?: Record<string, ErrorCode>;
  present(row: Row): Item;
}

/**
 * Features and services are managed the same way: a name unique regardless of case, an audit
 * event per change, and a delete refused while something references the item.
 */
export function catalogueItems<Row, Input extends { name: string }, Item>(spec: ItemKind<Row, Input, Item>) {
  const { table, kind } = spec;
  const nameTaken = (error: unknown): never => {
    const constraint = uniqueViolationConstraint(error);
    if (constraint === spec.nameConstraint) throw new AppError("catalogue/name_taken");
    const code = constraint === undefined ? undefined : spec.uniqueConstraints?.[constraint];
    if (code) throw new AppError(code);
    throw error;
  };

  return {
    list(db: Database, query: { page: number; pageSize: number; sort: string; order: "asc" | "desc"; q?: string | undefined }): Promise<Page<Item>> {
      const where = query.q ? ilike(table.name, containsPattern(query.q)) : undefined;
      const sortColumn = spec.sortColumns[query.sort] ?? table.name;
      const { limit, offset } = pageWindow(query);
      return toPage(
        query,
        db.select().from(table).where(where).orderBy(...pageOrder(query.order, sortColumn, table.id)).limit(limit).offset(offset) as Promise<Row[]>,
        db.select(countRows()).from(table).where(where),
        spec.present,
      );
    },

    async create(db: Database, input: Input, context: RequestContext): Promise<Item> {
      try {
        return await db.transaction(async (tx) => {
          const derived = spec.derivedColumns ? await spec.derivedColumns(tx, input) : {};
          const [row] = (await tx.insert(table).values({ ...spec.columns(input), ...derived } as never).returning()) as Row[];
          const id = (row as { id: string }).id;
          await recordAudit(tx, context, { action: `${kind}.created`, targetType: kind, targetId: id, details: { name: input.name } });
          return spec.present(row!);
        });
      } catch (error) {
        return nameTaken(error);
      }
    },

    async update(db: Database, id: string, input: Input, context: RequestContext): Promise<Item> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = (await tx
            .update(table)
            .set({ ...spec.columns(input), ...(spec.derivedColumns ? await spec.derivedColumns(tx, input, id) : {}), updatedAt: sql`now()` } as never)
            .where(eq(table.id, id))
            .returning()) as Row[];
          if (!row) throw new AppError("common/not_found");
          await recordAudit(tx, context, { action: `${kind}.updated`, targetType: kind, targetId: id, details: { name: input.name } });
          return spec.present(row);
        });
      } catch (error) {
        return nameTaken(error);
      }
    },

    async remove(db: Database, id: string, context: RequestContext): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx.delete(table).where(eq(table.id, id)).returning({ name: table.name });
          if (!row) throw new AppError("common/not_found");
          await recordAudit(tx, context, { action: `${kind}.deleted`, targetType: kind, targetId: id, details: { name: row.name } });
        });
      } catch (error) {
        // Plans and licences hold their items with ON DELETE RESTRICT.
        if (isForeignKeyViolation(error)) throw new AppError(spec.inUseCode);
        throw error;
      }
    },
  };
}
