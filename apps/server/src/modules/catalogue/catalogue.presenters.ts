import { releaseChannels, type Feature, type Plan, type ReleaseChannel, type Service } from "@portal/contract";
import type { FeatureRow, PlanRow, ServiceRow } from "../../db/schema/index.js";
import { fromCents } from "../../lib/money.js";

export function presentFeature(row: FeatureRow): Feature {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    price: fromCents(row.priceCents),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stored channel list, as the contract types it (the database's check keeps it to known channels). */
export function channelsOf(stored: string[]): ReleaseChannel[] {
  return releaseChannels.filter((channel) => stored.includes(channel));
}

export function presentService(row: ServiceRow): Service {
  return { id: row.id, name: row.name, description: row.description, createdAt: row.createdAt.toISOString() };
}

export function presentPlan(row: PlanRow, features: FeatureRow[], services: ServiceRow[]): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: fromCents(row.priceCents),
    currency: row.currency,
    billingPeriod: row.billingPeriod,
    durationDays: row.durationDays,
    maxActivations: row.maxActivations,
    maxReleasesPer30Days: row.maxReleasesPer30Days,
    trialDays: row.trialDays,
    floating: row.floating,
    heartbeatSeconds: row.heartbeatSeconds,
    expirationStrategy: row.expirationStrategy,
    offlineTtlDays: row.offlineTtlDays,
    channels: channelsOf(row.channels),
    features: features.map(presentFeature),
    services: services.map(presentService),
    active: row.active,
    isCustom: row.ownerId !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
