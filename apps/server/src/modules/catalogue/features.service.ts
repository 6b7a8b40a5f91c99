import { asc, desc, eq, ilike, sql } from "drizzle-orm";
import type { Feature, featureBodySchema, featureListQuerySchema, Page } from "@portal/contract";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { features } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { isForeignKeyViolation, uniqueViolationConstraint } from "../../lib/db-errors.js";
import { toCents } from "../../lib/money.js";
import { containsPattern, pageWindow, toPage } from "../../lib/pagination.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../audit/audit.service.js";
import { presentFeature } from "./catalogue.presenters.js";

type FeatureInput = z.output<typeof featureBodySchema>;
type FeatureQuery = z.output<typeof featureListQuerySchema>;

const sortColumns = { name: features.name, createdAt: features.createdAt, price: features.priceCents } as const;

export function listFeatures(db: Database, query: FeatureQuery): Promise<Page<Feature>> {
  const where = query.q ? ilike(features.name, containsPattern(query.q)) : undefined;
  const direction = query.order === "asc" ? asc : desc;
  const { limit, offset } = pageWindow(query);
  return toPage(
    query,
    db.select().from(features).where(where).orderBy(direction(sortColumns[query.sort]), direction(features.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(features).where(where),
    presentFeature,
  );
}

function nameTaken(error: unknown): never {
  if (uniqueViolationConstraint(error) === "features_name_key") throw new AppError("catalogue/name_taken");
  throw error;
}

export async function createFeature(db: Database, input: FeatureInput, context: RequestContext): Promise<Feature> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(features)
        .values({ name: input.name, description: input.description, priceCents: toCents(input.price) })
        .returning();
      await recordAudit(tx, context, { action: "feature.created", targetType: "feature", targetId: row!.id, details: { name: input.name } });
      return presentFeature(row!);
    });
  } catch (error) {
    nameTaken(error);
  }
}

export async function updateFeature(db: Database, id: string, input: FeatureInput, context: RequestContext): Promise<Feature> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(features)
        .set({ name: input.name, description: input.description, priceCents: toCents(input.price), updatedAt: sql`now()` })
        .where(eq(features.id, id))
        .returning();
      if (!row) throw new AppError("common/not_found");
      await recordAudit(tx, context, { action: "feature.updated", targetType: "feature", targetId: id, details: { name: input.name } });
      return presentFeature(row);
    });
  } catch (error) {
    nameTaken(error);
  }
}

export async function deleteFeature(db: Database, id: string, context: RequestContext): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(features).where(eq(features.id, id)).returning({ name: features.name });
      if (!row) throw new AppError("common/not_found");
      await recordAudit(tx, context, { action: "feature.deleted", targetType: "feature", targetId: id, details: { name: row.name } });
    });
  } catch (error) {
    // Plans and licences hold their features with ON DELETE RESTRICT.
    if (isForeignKeyViolation(error)) throw new AppError("catalogue/feature_in_use");
    throw error;
  }
}
