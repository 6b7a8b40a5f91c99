import type { MultipartValue } from "@fastify/multipart";
import type { ErrorCode } from "@portal/contract";
import { AppError, FieldError } from "./app-error.js";
import { FileTooLargeError } from "./file-store.js";
import { truncateText } from "./storable-text.js";

/** A text part of a multipart form as the string a form field stands for; anything else is the client's mistake (422). */
export function textOfField(part: MultipartValue): string {
  if (part.valueTruncated) throw new FieldError("body", part.fieldname, "This field is too long");
  // A field sent as application/json arrives parsed: only its scalar forms can stand for a form's text.
  const value: unknown = part.value;
  if (typeof value === "object" && value !== null) throw new FieldError("body", part.fieldname, "This field must be text");
  return String(value);
}

/**
 * What a failure while reading a multipart upload means for the client: its own mistakes become the
 * feature's refusals (a file over the size cap, too many files), failures of the disk stay failures
 * (500, logged).
 */
export function multipartRefusal(error: unknown, codes: { fileTooLarge: ErrorCode; tooManyFiles: ErrorCode }): unknown {
  if (error instanceof AppError || error instanceof FieldError) return error;
  if (error instanceof FileTooLargeError) return new AppError(codes.fileTooLarge);
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError(codes.fileTooLarge);
  if (code === "FST_FILES_LIMIT") return new AppError(codes.tooManyFiles);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return new AppError("common/payload_too_large");
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) return error;
  // errno codes (ENOSPC, EACCES…) are the server's own trouble.
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return error;
  return new AppError("common/bad_request", { message: "The multipart body could not be read." });
}

/** An uploaded file's name that is safe to store and to send back in Content-Disposition: no path, no control characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const cleaned = truncateText(base.replace(/[\u0000-\u001f\u007f]/g, "").trim(), 255);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "attachment" : cleaned;
}
