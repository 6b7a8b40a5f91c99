import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Update, updateChangelogBodySchema, updateCommandsBodySchema, updateDraftPatchSchema } from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { features, licenses, updateFiles, updateRequiredFeatures, updates, updateVerifications, users, type UpdateRow } from "../../db/schema/index.js";
import { AppError, FieldError } from "../../lib/app-error.js";
import type { FileStore } from "../../lib/file-store.js";
import type { RequestContext } from "../../lib/request-context.js";
import type { Signer } from "../../lib/signing.js";
import { removeStoredUnlessReferenced, storeStaged, withStoredFiles } from "../../db/stored-files.js";
import { recordAudit } from "../../db/audit.js";
import type { Mailing } from "../jobs/index.js";
import { notify } from "../notifications/index.js";
import { transactionWithWebhooks } from "../webhooks/index.js";
import { entitledByChannel, licenseMayHave, offered } from "./access-window.js";
import { buildPackage, signManifest, type ManifestInput } from "./manifest.js";
import { filesOf, getUpdate } from "./updates.queries.js";
import type { StagedUpdateFile } from "./uploads.js";
import { parseVersion, versionSortKey } from "./versions.js";

type CommandsInput = z.output<typeof updateCommandsBodySchema>;
type ChangelogInput = z.output<typeof updateChangelogBodySchema>;
type DraftPatchInput = z.output<typeof updateDraftPatchSchema>;

export interface UpdateDeps {
  files: FileStore;
  mailing: Mailing;
  signer: Signer;
}

/** Publishing takes this lock, so two publishes cannot both find their version above the last one. */
const PUBLISH_LOCK = "updates:publish";

const CUSTOMER_UPDATES_LINK = "/updates";

/** A new draft with its checked files, stored in the transaction that records them. */
export async function createDraft(db: Database, staged: StagedUpdateFile[], context: RequestContext, deps: Pick<UpdateDeps, "files">): Promise<Update> {
  return withStoredFiles(
    db,
    deps.files,
    staged.map((upload) => upload.file),
    (created) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(updates).values({ createdBy: context.actorId }).returning({ id: updates.id });
        const id = row!.id;
        for (const [position, upload] of staged.entries()) {
          const sha256 = await storeStaged(tx, upload.file, created);
          await tx.insert(updateFiles).values({ updateId: id, kind: upload.kind, name: upload.name, path: upload.path, size: upload.file.size, sha256, position });
        }
        await recordAudit(tx, context, {
          action: "update.created",
          targetType: "update",
          targetId: id,
          details: { files: staged.map((upload) => ({ path: upload.path, size: upload.file.size, sha256: upload.file.sha256 })) },
        });
        return getUpdate(tx, id);
      }),
  );
}

/** The update row locked for a change that only a draft allows. */
async function lockDraft(tx: Executor, id: string): Promise<UpdateRow> {
  const [row] = await tx.select().from(updates).where(eq(updates.id, id)).for("update").limit(1);
  if (!row) throw new AppError("update/not_found");
  if (row.status !== "draft") throw new AppError("update/published");
  return row;
}

export async function setCommands(db: Database, id: string, input: CommandsInput, context: RequestContext): Promise<Update> {
  return db.transaction(async (tx) => {
    await lockDraft(tx, id);
    await tx.update(updates).set({ commands: input.commands, updatedAt: sql`now()` }).where(eq(updates.id, id));
    await recordAudit(tx, context, { action: "update.commands_set", targetType: "update", targetId: id, details: { commands: input.commands.length } });
    return getUpdate(tx, id);
  });
}

/**
 * A draft's channel and required features (either may be absent: kept). Unknown feature ids → 422
 * `catalogue/unknown_feature`. Answers whether anything changed.
 */
async function applyAvailability(tx: Executor, id: string, input: { channel?: Update["channel"] | undefined; requiredFeatureIds?: string[] | undefined }): Promise<boolean> {
  let changed = false;
  if (input.channel !== undefined) {
    const done = await tx.update(updates).set({ channel: input.channel }).where(and(eq(updates.id, id), ne(updates.channel, input.channel))).returning({ id: updates.id });
    changed ||= done.length > 0;
  }
  if (input.requiredFeatureIds !== undefined) {
    const wanted = input.requiredFeatureIds;
    if (wanted.length > 0) {
      const known = await tx.select({ id: features.id }).from(features).where(inArray(features.id, wanted));
      if (known.length !== wanted.length) throw new AppError("catalogue/unknown_feature");
    }
    const current = await tx.select({ featureId: updateRequiredFeatures.featureId }).from(updateRequiredFeatures).where(eq(updateRequiredFeatures.updateId, id));
    const had = new Set(current.map((row) => row.featureId));
    if (had.size !== wanted.length || wanted.some((featureId) => !had.has(featureId))) {
      await tx.delete(updateRequiredFeatures).where(eq(updateRequiredFeatures.updateId, id));
      if (wanted.length > 0) await tx.insert(updateRequiredFeatures).values(wanted.map((featureId) => ({ updateId: id, featureId })));
      changed = true;
    }
  }
  return changed;
}

/** `PATCH /updates/{id}`: a draft's channel and required features before it is published. */
export async function setDraftAvailability(db: Database, id: string, input: DraftPatchInput, context: RequestContext): Promise<Update> {
  return db.transaction(async (tx) => {
    await lockDraft(tx, id);
    if (await applyAvailability(tx, id, input)) {
      await tx.update(updates).set({ updatedAt: sql`now()` }).where(eq(updates.id, id));
      await recordAudit(tx, context, {
        action: "update.availability_set",
        targetType: "update",
        targetId: id,
        details: { ...(input.channel ? { channel: input.channel } : {}), ...(input.requiredFeatureIds ? { requiredFeatureIds: input.requiredFeatureIds } : {}) },
      });
    }
    return getUpdate(tx, id);
  });
}

/**
 * Withdraws a published update (`POST /updates/{id}/yank`): from then on no list offers it and every
 * download answers `410 update/yanked`; administrators and the history still show it. A draft → 409
 * `update/not_published`; a second yank → 409 `update/already_yanked`.
 */
export async function yankUpdate(db: Database, id: string, context: RequestContext): Promise<Update> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(updates).where(eq(updates.id, id)).for("update").limit(1);
    if (!row) throw new AppError("update/not_found");
    if (row.status !== "published") throw new AppError("update/not_published");
    if (row.yankedAt) throw new AppError("update/already_yanked");
    await tx.update(updates).set({ yankedAt: sql`now()`, yankedBy: context.actorId }).where(eq(updates.id, id));
    await recordAudit(tx, context, { action: "update.yanked", targetType: "update", targetId: id, details: { version: row.version, channel: row.channel } });
    return getUpdate(tx, id);
  });
}

/** Refuses a version that is not above every published one (`409 update/version_not_newer`). */
async function assertNewerThanPublished(executor: Executor, versionKey: string): Promise<void> {
  const [latest] = await executor
    .select({ version: updates.version, versionKey: updates.versionKey })
    .from(updates)
    .where(eq(updates.status, "published"))
    .orderBy(desc(updates.versionKey))
    .limit(1);
  if (latest?.versionKey && versionKey <= latest.versionKey) {
    throw new AppError("update/version_not_newer", { message: `The version must be above every published version; the latest is ${latest.version}.` });
  }
}

function parsedVersionOf(text: string) {
  const version = parseVersion(text);
  if (!version) throw new FieldError("body", "version", "Version must be a semantic version such as 2.4.0, with numbers below 2^53");
  return version;
}

/**
 * Step 3: the change log publishes the draft. The manifest is signed and the package built before the
 * transaction (a package of several gigabytes must not hold locks while it is written); the
 * transaction then checks that nothing moved meanwhile (the draft unchanged, its version still above
 * every published one under the publishing lock), stores the package, freezes the update, and tells
 * the customers whose licences are verified for it. A failure takes the package back.
 */
export async function publishUpdate(db: Database, id: string, input: ChangelogInput, context: RequestContext, deps: UpdateDeps): Promise<Update> {
  const version = parsedVersionOf(input.version);
  const versionKey = versionSortKey(version);
  const [draft] = await db.select().from(updates).where(eq(updates.id, id)).limit(1);
  if (!draft) throw new AppError("update/not_found");
  if (draft.status !== "draft") throw new AppError("update/published");
  await assertNewerThanPublished(db, versionKey);
  // Checked again in the transaction; refused here before a package is built for nothing.
  if (input.requiredFeatureIds?.length) {
    const known = await db.select({ id: features.id }).from(features).where(inArray(features.id, input.requiredFeatureIds));
    if (known.length !== input.requiredFeatureIds.length) throw new AppError("catalogue/unknown_feature");
  }

  const files = (await filesOf(db, [id])).get(id) ?? [];
  const manifestInput: ManifestInput = {
    updateId: id,
    version: version.version,
    type: input.type,
    header: input.header,
    changeLog: input.changeLog,
    commands: draft.commands,
    files,
    publishedAt: new Date(),
  };
  const signed = signManifest(manifestInput, deps.signer);
  const packageFile = await buildPackage(deps.files, signed, manifestInput);

  const update = await withStoredFiles(db, deps.files, [packageFile], (created) =>
    transactionWithWebhooks(db, deps.mailing, async (tx, webhooks) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${PUBLISH_LOCK}, 0))`);
      const locked = await lockDraft(tx, id);
      if (locked.updatedAt.getTime() !== draft.updatedAt.getTime()) {
        throw new AppError("common/conflict", { message: "The draft changed while it was being published. Please try again." });
      }
      await assertNewerThanPublished(tx, versionKey);
      await applyAvailability(tx, id, input);
      const packageSha256 = await storeStaged(tx, packageFile, created);
      const [published] = await tx
        .update(updates)
        .set({
          status: "published",
          version: version.version,
          versionKey,
          type: input.type,
          header: input.header,
          changeLog: input.changeLog,
          manifest: signed.manifest,
          manifestSignature: signed.signature,
          packageSha256,
          packageSize: packageFile.size,
          publishedBy: context.actorId,
          publishedAt: manifestInput.publishedAt,
          updatedAt: manifestInput.publishedAt,
        })
        .where(eq(updates.id, id))
        .returning({ channel: updates.channel });
      await recordAudit(tx, context, {
        action: "update.published",
        targetType: "update",
        targetId: id,
        details: { version: version.version, type: input.type, packageSha256, packageSize: packageFile.size, channel: published!.channel },
      });
      // Told only where a licence is offered it and may have it: not one that expired (access-window.ts).
      const customers = await tx
        .selectDistinct({ id: users.id, email: users.email, firstname: users.firstname })
        .from(updates)
        .crossJoin(licenses)
        .innerJoin(users, eq(users.id, licenses.ownerId))
        .where(and(eq(updates.id, id), offered, licenseMayHave, eq(users.status, "active")));
      for (const customer of customers) await notifyAvailable(tx, customer, manifestInput, deps.mailing.publicUrl);
      return webhooks.emit("update.published", await getUpdate(tx, id));
    }),
  );
  deps.mailing.wake();
  return update;
}

function notifyAvailable(
  tx: Executor,
  customer: { id: string; email: string; firstname: string },
  update: Pick<ManifestInput, "version" | "header" | "type">,
  publicUrl: string,
): Promise<void> {
  return notify(
    tx,
    customer,
    {
      type: "maintenance_updates",
      title: `Update ${update.version} is available`,
      body: `${update.header}\n\nA ${update.type} update (${update.version}) is ready for your licence. Upload your installation's .req file on the updates page to download it.`,
      link: CUSTOMER_UPDATES_LINK,
    },
    publicUrl,
  );
}

/** Whether this licence may have this (published, not yanked) update, by its status and expiry (access-window.ts). */
async function mayHave(tx: Executor, updateId: string, licenseId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(updates)
    .innerJoin(licenses, eq(licenses.id, licenseId))
    .where(and(eq(updates.id, updateId), sql`${updates.yankedAt} is null`, licenseMayHave))
    .limit(1);
  return row !== undefined;
}

/** Deletes a draft and, after the commit, its files unless other rows use the same content. */
export async function deleteDraft(db: Database, id: string, context: RequestContext, deps: Pick<UpdateDeps, "files">): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    await lockDraft(tx, id);
    const files = await tx.select({ sha256: updateFiles.sha256, path: updateFiles.path }).from(updateFiles).where(eq(updateFiles.updateId, id));
    await tx.delete(updates).where(eq(updates.id, id));
    await recordAudit(tx, context, { action: "update.deleted", targetType: "update", targetId: id, details: { files: files.map((file) => file.path) } });
    return files.map((file) => file.sha256);
  });
  await removeStoredUnlessReferenced(db, deps.files, keys);
}

/**
 * Marks a licence verified for an update, or takes that back; repeating either changes nothing.
 * Verifying for a published update tells the licence's owner, unless another of their licences was
 * verified for it already. The update row is locked, so a verification and a publish of the same
 * update never miss each other's notification.
 */
export async function setVerification(db: Database, id: string, licenseId: string, verified: boolean, context: RequestContext, deps: Pick<UpdateDeps, "mailing">): Promise<Update> {
  const update = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(updates).where(eq(updates.id, id)).for("update").limit(1);
    if (!row) throw new AppError("update/not_found");
    const [license] = await tx
      .select({ id: licenses.id, keyCompact: licenses.keyCompact, ownerId: licenses.ownerId, status: licenses.status })
      .from(licenses)
      .where(eq(licenses.id, licenseId))
      .limit(1);
    if (!license) throw new AppError("update/license_not_found");
    if (verified) {
      const inserted = await tx
        .insert(updateVerifications)
        .values({ updateId: id, licenseId, verifiedBy: context.actorId })
        .onConflictDoNothing()
        .returning({ licenseId: updateVerifications.licenseId });
      if (inserted.length > 0) {
        await recordAudit(tx, context, { action: "update.license_verified", targetType: "update", targetId: id, details: { licenseId, version: row.version } });
        if (row.status === "published" && (await mayHave(tx, row.id, license.id))) await notifyOwnerOnce(tx, row, license);
      }
    } else {
      const removed = await tx
        .delete(updateVerifications)
        .where(and(eq(updateVerifications.updateId, id), eq(updateVerifications.licenseId, licenseId)))
        .returning({ licenseId: updateVerifications.licenseId });
      if (removed.length > 0) {
        await recordAudit(tx, context, { action: "update.license_unverified", targetType: "update", targetId: id, details: { licenseId, version: row.version } });
      }
    }
    return getUpdate(tx, id);
  });
  deps.mailing.wake();
  return update;

  async function notifyOwnerOnce(tx: Executor, row: UpdateRow, license: { id: string; ownerId: string }) {
    // Not when the customer had it already: through another licence, or this one by its channel and features.
    const [alreadyOffered] = await tx
      .select({ licenseId: licenses.id })
      .from(updates)
      .innerJoin(licenses, eq(licenses.ownerId, license.ownerId))
      .where(
        and(eq(updates.id, row.id), licenseMayHave, or(and(ne(licenses.id, license.id), offered), and(eq(licenses.id, license.id), entitledByChannel))),
      )
      .limit(1);
    if (alreadyOffered) return;
    const [owner] = await tx
      .select({ id: users.id, email: users.email, firstname: users.firstname })
      .from(users)
      .where(and(eq(users.id, license.ownerId), eq(users.status, "active")))
      .limit(1);
    if (owner) await notifyAvailable(tx, owner, { version: row.version!, header: row.header!, type: row.type! }, deps.mailing.publicUrl);
  }
}
