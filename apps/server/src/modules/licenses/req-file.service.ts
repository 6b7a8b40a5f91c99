import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { licenses, licenseTokens, type UserRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import { findUnstorableText, isStorableText, truncateText, UNSTORABLE_TEXT_MESSAGE } from "../../lib/storable-text.js";
import { buildLicenseFile, type Signer } from "../../lib/signing.js";
import { hashToken, newOpaqueToken } from "../../lib/tokens.js";
import { recordAudit } from "../../db/audit.js";
import { transactionWithWebhooks, type JobWaker } from "../webhooks/index.js";
import { licenseFilePayload } from "./licenses.service.js";
import { presentInstallation, presentLicense, type LicenseRecord } from "./licenses.presenters.js";
import { findLicense } from "./licenses.queries.js";
import { activateInstallation, assertUsable, emitActivationEvents, findLicenseByKey, fingerprintOf } from "./validation.service.js";

export const LICENSE_TOKEN_TTL_MS = 30 * 60 * 1000;

export interface ReqFile {
  licenseKey: string;
  installationData: string;
}

/** Line 1 is the licence key, line 2 the installation's data; anything after is ignored. */
export function parseReqFile(content: Buffer): ReqFile {
  const lines = content.toString("utf8").replace(/^\uFEFF/, "").split(/\r?\n/);
  const licenseKey = lines[0]?.trim() ?? "";
  const installationData = lines[1]?.trim() ?? "";
  if (!licenseKey || !installationData) throw new AppError("license/req_invalid");
  // Line 2 is stored, summarised and audited, JSON escapes decoded: NUL or a lone surrogate in
  // either line, raw or escaped, would fail in the database instead of being refused here.
  if (!isStorableText(licenseKey) || !isStorableText(installationData) || findUnstorableText(parsedJson(installationData))) {
    throw new AppError("license/req_invalid", { message: UNSTORABLE_TEXT_MESSAGE });
  }
  return { licenseKey, installationData };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A short, readable description of the installation for the customer's list. */
function summarise(installationData: string): { summary: string; nonce?: string } {
  try {
    const parsed: unknown = JSON.parse(installationData);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const { nonce, ...rest } = parsed as Record<string, unknown>;
      const summary = Object.entries(rest)
        .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value))
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join(", ");
      return { summary: truncateText(summary, 200), ...(typeof nonce === "string" && nonce.length <= 200 ? { nonce } : {}) };
    }
  } catch {
    // Not JSON: opaque data.
  }
  return { summary: truncateText(installationData, 120) };
}

const INSTALLED_VERSION_MAX_LENGTH = 64;

/**
 * The installed version line 2 names when it is a JSON object with a text `version` field (as the
 * customer's product writes it); anything else names none. Kept as written, trimmed: the update list
 * compares it by semver precedence where it reads as a version.
 */
export function installedVersionOf(installationData: string): string | null {
  try {
    const parsed: unknown = JSON.parse(installationData);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const version = (parsed as Record<string, unknown>).version;
    if (typeof version !== "string") return null;
    const trimmed = version.trim();
    return trimmed !== "" && trimmed.length <= INSTALLED_VERSION_MAX_LENGTH ? trimmed : null;
  } catch {
    return null;
  }
}

/**
 * The .req flow: the key must be the caller's (admins: any), the installation is recorded and the
 * licence activated; the answer carries a short-lived licence token and a licence file bound to
 * this installation (echoing the request's nonce, so a captured answer cannot serve another request).
 */
export async function authenticateReq(db: Database, user: UserRow, file: ReqFile, signer: Signer, context: RequestContext, waker: JobWaker) {
  const found = await findLicenseByKey(db, file.licenseKey);
  // Still the contract's 404 (another customer's key is indistinguishable from an unknown one), but
  // with its own code: the customer must learn that line 1 names none of their licences.
  if (!found || (!user.isAdmin && found.license.ownerId !== user.id)) throw new AppError("license/req_unknown_key");
  assertUsable(found);
  const fingerprint = fingerprintOf(file.installationData);
  const { summary, nonce } = summarise(file.installationData);

  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + LICENSE_TOKEN_TTL_MS);
  const { record, installation } = await transactionWithWebhooks(db, waker, async (tx, webhooks) => {
    const outcome = await activateInstallation(tx, found, fingerprint, summary, { allowReleased: true });
    if (outcome.code === "TRIAL_ALREADY_USED") throw new AppError("license/trial_already_used");
    if (outcome.code !== "VALID") throw new AppError("license/too_many_activations");
    await tx.delete(licenseTokens).where(and(eq(licenseTokens.licenseId, found.license.id), gt(sql`now()`, licenseTokens.expiresAt)));
    await tx.insert(licenseTokens).values({
      licenseId: found.license.id,
      installationId: outcome.installation.id,
      tokenHash: hashToken(token),
      createdBy: user.id,
      expiresAt,
      installedVersion: installedVersionOf(file.installationData),
    });
    await recordAudit(tx, context, {
      action: outcome.activated ? "license.activated" : "license.req_authenticated",
      targetType: "license",
      targetId: found.license.id,
      details: { fingerprint, via: "req" },
    });
    await emitActivationEvents(tx, webhooks, found.license.id, outcome);
    const fresh = (await findLicense(tx, eq(licenses.id, found.license.id))) as LicenseRecord;
    return { record: fresh, installation: outcome.installation };
  });

  return {
    licenseToken: token,
    licenseTokenExpiresAt: expiresAt.toISOString(),
    license: presentLicense(record),
    licenseFile: buildLicenseFile(licenseFilePayload(record, { fingerprint, ...(nonce ? { nonce } : {}) }), signer),
    installation: presentInstallation(installation),
  };
}

/**
 * The licence a valid X-License-Token header speaks for, with the installed version its .req named;
 * anything else (no token, unknown, expired, a deactivated licence) is a 401. A token outlives the
 * `revoke` licence it was made for by up to its 30 minutes: past the licence's end it answers
 * 409 `license/expired`, as a new .req would. (A `perpetual_fallback` licence keeps its tokens;
 * which updates it may have is the updates module's access window.)
 */
export async function licenseForToken(
  db: Database,
  token: string | undefined,
): Promise<{ record: LicenseRecord; installedVersion: string | null; installationId: string | null }> {
  if (!token) throw new AppError("license/invalid_token");
  const [row] = await db
    .select({ licenseId: licenseTokens.licenseId, installedVersion: licenseTokens.installedVersion, installationId: licenseTokens.installationId })
    .from(licenseTokens)
    .where(and(eq(licenseTokens.tokenHash, hashToken(token)), gt(licenseTokens.expiresAt, sql`now()`)))
    .limit(1);
  const record = row ? await findLicense(db, eq(licenses.id, row.licenseId)) : undefined;
  if (!row || !record || record.license.status === "deactivated") throw new AppError("license/invalid_token");
  assertUsable(record);
  return { record, installedVersion: row.installedVersion, installationId: row.installationId };
}
