import { eq, isNotNull, sql } from "drizzle-orm";
import type { FileStore, StagedFile } from "../lib/file-store.js";
import type { Database, Executor } from "./client.js";
import { ticketAttachments, updateFiles, updates } from "./schema/index.js";

/**
 * The database side of lib/file-store: which rows hold a file key, and how a change that stores files
 * takes them back when it fails. The store is shared (ticket attachments, update files, update
 * packages) and content-addressed, so one file may be referenced from several tables at once.
 */

/**
 * Serialises storing and removing one key for the rest of the transaction, so a clean-up of the same
 * content cannot delete a file another transaction is about to reference.
 */
export async function lockFileKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`file:${key}`}, 0))`);
}

/** Whether any row of any table that holds file-store keys points at this content. */
export async function isFileKeyReferenced(executor: Executor, key: string): Promise<boolean> {
  const [row] = await executor
    .select({
      referenced: sql<boolean>`exists (select 1 from ${ticketAttachments} where ${eq(ticketAttachments.sha256, key)})
        or exists (select 1 from ${updateFiles} where ${eq(updateFiles.sha256, key)})
        or exists (select 1 from ${updates} where ${eq(updates.packageSha256, key)})`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.referenced);
}

/**
 * What a process killed in the middle of a change may have left in the store, taken back at start:
 * its uploads in progress, and files it had moved into place inside a transaction that never
 * committed (a stored file that no row references). A file another process is storing right now is
 * safe: it holds the key's lock until its transaction ends, and the check waits for that lock.
 */
export async function recoverFileStore(db: Database, files: FileStore): Promise<{ abandonedUploads: number; unreferencedFiles: number }> {
  const abandonedUploads = await files.removeAbandonedUploads();
  const referenced = new Set(
    (
      await db
        .select({ key: ticketAttachments.sha256 })
        .from(ticketAttachments)
        .union(db.select({ key: updateFiles.sha256 }).from(updateFiles))
        .union(db.select({ key: sql<string>`${updates.packageSha256}` }).from(updates).where(isNotNull(updates.packageSha256)))
    ).map((row) => row.key),
  );
  let unreferencedFiles = 0;
  // A page of the store's listing at a time (a bucket may hold millions of files).
  for await (const keys of files.listKeys()) {
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await db.transaction(async (tx) => {
        await lockFileKey(tx, key);
        if (await files.removeUnlessReferenced(key, (candidate) => isFileKeyReferenced(tx, candidate))) unreferencedFiles++;
      });
    }
  }
  return { abandonedUploads, unreferencedFiles };
}

/** Removes each stored file unless a row still references its content (after a failed change, or a deletion). */
export async function removeStoredUnlessReferenced(db: Database, files: FileStore, keys: Iterable<string>): Promise<void> {
  for (const key of new Set(keys)) {
    await db.transaction(async (tx) => {
      await lockFileKey(tx, key);
      await files.removeUnlessReferenced(key, (candidate) => isFileKeyReferenced(tx, candidate));
    });
  }
}

/**
 * Moves a staged file into the store inside the transaction that will reference it, holding the key's
 * lock until that transaction ends; `created` collects the keys this call put there, for `withStoredFiles`.
 */
export async function storeStaged(tx: Executor, file: StagedFile, created: string[]): Promise<string> {
  await lockFileKey(tx, file.sha256);
  const stored = await file.store();
  if (stored.created) created.push(stored.key);
  return stored.key;
}

/** Runs a change that may store files; if it fails, the staged copies are discarded and the store is left as it was. */
export async function withStoredFiles<T>(db: Database, files: FileStore, staged: StagedFile[], change: (created: string[]) => Promise<T>): Promise<T> {
  const created: string[] = [];
  try {
    return await change(created);
  } catch (error) {
    await Promise.all(staged.map((file) => file.discard()));
    await removeStoredUnlessReferenced(db, files, created);
    throw error;
  }
}
