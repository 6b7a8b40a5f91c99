import type { Feature, featureBodySchema } from "@portal/contract";
import type { z } from "zod";
import { features, type FeatureRow } from "../../db/schema/index.js";
import { toCents } from "../../lib/money.js";
import { presentFeature } from "./catalogue.presenters.js";
import { catalogueItems } from "./catalogue-items.js";

type FeatureInput = z.output<typeof featureBodySchema>;

const featureItems = catalogueItems<FeatureRow, FeatureInput, Feature>({
  table: features,
  kind: "feature",
  nameConstraint: "features_name_key",
  inUseCode: "catalogue/feature_in_use",
  sortColumns: { name: features.name, createdAt: features.createdAt, price: features.priceCents },
  columns: (input) => ({ name: input.name, description: input.description, priceCents: toCents(input.price) }),
  present: presentFeature,
});

export const listFeatures = featureItems.list;
export const createFeature = featureItems.create;
export const updateFeature = featureItems.update;
export const deleteFeature = featureItems.remove;
