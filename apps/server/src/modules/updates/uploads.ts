import type { FastifyRequest } from "fastify";
import { UPDATE_LIMITS, UPDATE_PACKAGE_NAMES, type UpdateFileKind } from "@portal/contract";
import { AppError, FieldError } from "../../lib/app-error.js";
import type { FileStore, StagedFile } from "../../lib/file-store.js";
import { cleanFileName, multipartRefusal, textOfField } from "../../lib/multipart.js";
import { assertDistinctPaths, normaliseInstallPath } from "./install-paths.js";
import { inspectZip } from "./zip-inspection.js";

/** A file of an update on disk in the store's temporary area, checked, until the draft's transaction stores it. */
export interface StagedUpdateFile {
  kind: UpdateFileKind;
  name: string;
  path: string;
  file: StagedFile;
}

export interface UploadLimits {
  maxFileBytes: number;
  maxExpandedBytes: number;
}

export const UPLOAD_FIELDS = { backend: "backend", frontend: "frontend", extras: "extras", extraPaths: "extraPaths" } as const;

// An install path is at most 300 characters of up to 4 bytes each.
const PATH_FIELD_MAX_BYTES = 4 * UPDATE_LIMITS.maxPathLength + 64;

/**
 * Reads `POST /updates`: `backend` (a file named backend.zip), `frontend` (frontend.zip), any number
 * of `extras` files and as many `extraPaths` text fields, paired by order (the n-th path is the n-th
 * extra's install path, wherever it stands in the form). Each file streams into the store's temporary
 * area, hashed on the way and refused as soon as it passes the size cap; each package is checked as a
 * ZIP from its staged copy right after it arrived. On any refusal every staged file is discarded
 * before the error leaves: nothing of the request stays on disk.
 */
export async function readUpdateUpload(request: FastifyRequest, store: FileStore, limits: UploadLimits): Promise<StagedUpdateFile[]> {
  if (!request.isMultipart()) {
    throw new AppError("common/unsupported_media_type", { message: "Send the update's files as multipart/form-data: backend, frontend, extras and extraPaths." });
  }
  const packages: Partial<Record<"backend" | "frontend", StagedUpdateFile>> = {};
  const extras: StagedUpdateFile[] = [];
  const paths: string[] = [];
  const staged = () => [packages.backend, packages.frontend, ...extras].filter((file) => file !== undefined);
  try {
    // One more file and field than allowed reach the loop, which refuses them with the contract's code.
    const maxFiles = 2 + UPDATE_LIMITS.maxExtras + 1;
    const maxFields = UPDATE_LIMITS.maxExtras + 1;
    const parts = request.parts({
      // One byte over the cap reaches the store, which refuses it; busboy would silently truncate at the limit itself.
      limits: { fileSize: limits.maxFileBytes + 1, files: maxFiles, fields: maxFields, fieldSize: PATH_FIELD_MAX_BYTES, parts: maxFiles + maxFields },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.fieldname !== UPLOAD_FIELDS.extraPaths) throw new FieldError("body", part.fieldname, `Unknown field "${part.fieldname}"`);
        if (paths.length >= UPDATE_LIMITS.maxExtras) throw new AppError("update/too_many_extras");
        paths.push(textOfField(part));
        continue;
      }
      if (part.fieldname === UPLOAD_FIELDS.backend || part.fieldname === UPLOAD_FIELDS.frontend) {
        const kind = part.fieldname;
        if (packages[kind]) {
          part.file.resume();
          throw new FieldError("body", kind, "Send this file once");
        }
        const name = cleanFileName(part.filename);
        // A form's empty file input arrives as a nameless part: the file is missing.
        if (!part.filename) {
          part.file.resume();
          continue;
        }
        if (name !== UPDATE_PACKAGE_NAMES[kind]) {
          part.file.resume();
          throw new AppError("update/file_name", { message: `The ${kind} file must be named ${UPDATE_PACKAGE_NAMES[kind]}, not "${name}".` });
        }
        // A package is read at random (its central directory first): checked from a local copy.
        const file = await store.stage(part.file, { maxBytes: limits.maxFileBytes, localCopy: true, checkLocalCopy: (path) => inspectPackage(kind, path, limits) });
        packages[kind] = { kind, name, path: name, file };
        continue;
      }
      if (part.fieldname === UPLOAD_FIELDS.extras) {
        if (!part.filename) {
          part.file.resume();
          continue;
        }
        if (extras.length >= UPDATE_LIMITS.maxExtras) {
          part.file.resume();
          throw new AppError("update/too_many_extras");
        }
        // Installed as they are, never extracted: an extra is not checked as a ZIP even when it is one.
        extras.push({ kind: "extra", name: cleanFileName(part.filename), path: "", file: await store.stage(part.file, { maxBytes: limits.maxFileBytes }) });
        continue;
      }
      part.file.resume();
      throw new FieldError("body", part.fieldname, `Unknown field "${part.fieldname}"; files go in backend, frontend and extras`);
    }
    if (!packages.backend || !packages.frontend) throw new AppError("update/files_required");
    if (paths.length > extras.length) throw new FieldError("body", UPLOAD_FIELDS.extraPaths, "There are more extra paths than extra files");
    extras.forEach((extra, index) => {
      extra.path = normaliseInstallPath(paths[index]);
    });
    assertDistinctPaths(extras.map((extra) => extra.path));
    return [packages.backend, packages.frontend, ...extras];
  } catch (error) {
    await Promise.all(staged().map((upload) => upload.file.discard()));
    throw multipartRefusal(error, { fileTooLarge: "update/file_too_large", tooManyFiles: "update/too_many_extras" });
  }
}

/** The ZIP checks of one package; a refusal names the package's field, so the client can mark that file. */
async function inspectPackage(kind: "backend" | "frontend", path: string, limits: UploadLimits): Promise<void> {
  try {
    await inspectZip(path, limits);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.code, { message: error.message, status: error.status, headers: error.headers, field: kind });
  }
}
