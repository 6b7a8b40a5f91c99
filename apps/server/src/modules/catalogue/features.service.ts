import { and, eq, like, ne, or } from "drizzle-orm";
import { featureCodeFromName, type Feature, type featureBodySchema } from "@portal/contract";
import type { z } from "zod";
import type { Executor } from "../../db/client.js";
import { features, type FeatureRow } from "../../db/schema/index.js";
import { toCents } from "../../lib/money.js";
import { presentFeature } from "./catalogue.presenters.js";
import { catalogueItems } from "./catalogue-items.js";

type FeatureInput = z.output<typeof featureBodySchema>;

const CODE_MAX_LENGTH = 64;

/**
 * The entitlement code a new feature gets when none is given: `featureCodeFromName`, with "_2", "_3"…
 * while another feature has it (the base shortened so the code stays within 64 characters). Reads the
 * codes that start like it, bounded by how many features share that start.
 */
export async function deriveFeatureCode(executor: Executor, name: string, exceptId?: string): Promise<string> {
  const base = featureCodeFromName(name);
  const stem = base.slice(0, CODE_MAX_LENGTH - 4);
  // The base has only A-Z, 0-9 and "_": "_" is LIKE's one-character wildcard, escaped.
  const rows = await executor
    .select({ code: features.code })
    .from(features)
    .where(and(or(eq(features.code, base), like(features.code, `${stem.replace(/_/g, "\\_")}%`)), exceptId ? ne(features.id, exceptId) : undefined))
    .limit(10_000);
  const taken = new Set(rows.map((row) => row.code));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const tail = `_${suffix}`;
    const candidate = `${base.slice(0, CODE_MAX_LENGTH - tail.length).replace(/_+$/, "")}${tail}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const featureItems = catalogueItems<FeatureRow, FeatureInput, Feature>({
  table: features,
  kind: "feature",
  nameConstraint: "features_name_key",
  uniqueConstraints: { features_code_key: "feature/code_taken" },
  inUseCode: "catalogue/feature_in_use",
  sortColumns: { name: features.name, createdAt: features.createdAt, price: features.priceCents },
  columns: (input) => ({ name: input.name, description: input.description, priceCents: toCents(input.price) }),
  // Given: stored as given (409 feature/code_taken when another feature has it). Absent: derived on create, kept on update.
  derivedColumns: async (executor, input, id) => {
    if (input.code !== undefined) return { code: input.code };
    return id ? {} : { code: await deriveFeatureCode(executor, input.name) };
  },
  present: presentFeature,
});

export const listFeatures = featureItems.list;
export const createFeature = featureItems.create;
export const updateFeature = featureItems.update;
export const deleteFeature = featureItems.remove;
