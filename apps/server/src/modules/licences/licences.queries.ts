import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { features, installations, licenseFeatures, licenses, plans, projects, users } from "../../db/schema/index.js";
import type { LicenseRecord } from "./licences.presenters.js";

/** Live installations per licence, as a correlated subquery usable in SELECT and ORDER BY. */
export const activationCount = sql<number>`(select count(*)::int from ${installations} where ${installations.licenseId} = ${licenses.id} and ${installations.releasedAt} is null)`;

export const licenseColumns = {
  license: licenses,
  planName: plans.name,
  projectName: projects.name,
  ownerEmail: users.email,
  activations: activationCount,
};

export function licenseSelect(executor: Executor) {
  return executor
    .select(licenseColumns)
    .from(licenses)
    .innerJoin(plans, eq(plans.id, licenses.planId))
    .innerJoin(users, eq(users.id, licenses.ownerId))
    .leftJoin(projects, eq(projects.id, licenses.projectId));
}

/** Attaches each licence's features with one query for the whole page. */
export async function withFeatures(
  executor: Executor,
  rows: Omit<LicenseRecord, "features">[],
): Promise<LicenseRecord[]> {
  if (rows.length === 0) return [];
  const links = await executor
    .select({ licenseId: licenseFeatures.licenseId, id: features.id, name: features.name })
    .from(licenseFeatures)
    .innerJoin(features, eq(features.id, licenseFeatures.featureId))
    .where(inArray(licenseFeatures.licenseId, rows.map((row) => row.license.id)))
    .orderBy(features.name);
  return rows.map((row) => ({
    ...row,
    features: links.filter((link) => link.licenseId === row.license.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function findLicense(executor: Executor, where: SQL | undefined): Promise<LicenseRecord | undefined> {
  const [row] = await licenseSelect(executor).where(where).limit(1);
  if (!row) return undefined;
  const [record] = await withFeatures(executor, [row]);
  return record;
}

export const liveInstallation = (licenseId: string, fingerprint: string) =>
  and(eq(installations.licenseId, licenseId), eq(installations.fingerprint, fingerprint), isNull(installations.releasedAt));
