import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { TICKET_ATTACHMENT_LIMITS } from "@portal/contract";
import { AppError, FieldError } from "../../lib/app-error.js";
import type { FileStore, StagedFile } from "../../lib/file-store.js";
import { cleanFileName, multipartRefusal, textOfField } from "../../lib/multipart.js";
import { AttachmentSniffer, AttachmentTypeError } from "./attachment-types.js";

/** A file received with a ticket or message, on disk in the store's temporary area until the change commits. */
export interface StagedAttachment {
  name: string;
  contentType: string;
  file: StagedFile;
}

export interface MultipartTicketBody {
  fields: Record<string, string>;
  attachments: StagedAttachment[];
}

export const ATTACHMENTS_FIELD = "attachments";

// Text fields of a ticket or message form; the message may be 20,000 characters of up to 4 bytes each.
const TEXT_FIELD_MAX_BYTES = 100_000;
const TEXT_FIELDS_MAX = 10;

/**
 * Reads a multipart ticket or message form: text fields as strings, every `attachments` file
 * streamed into the file store's temporary area and judged by its content on the way. On any
 * refusal nothing is left behind: the files already staged are discarded before the error leaves.
 */
export async function readMultipartTicketBody(request: FastifyRequest, store: FileStore): Promise<MultipartTicketBody> {
  const { maxFiles, maxBytes } = TICKET_ATTACHMENT_LIMITS;
  const fields: Record<string, string> = {};
  const attachments: StagedAttachment[] = [];
  try {
    const parts = request.parts({
      // One byte over the limit reaches the store, which refuses it; busboy would silently truncate at the limit itself.
      limits: { fileSize: maxBytes + 1, files: maxFiles, fields: TEXT_FIELDS_MAX, fieldSize: TEXT_FIELD_MAX_BYTES, parts: maxFiles + TEXT_FIELDS_MAX },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        const value = textOfField(part);
        if (Object.hasOwn(fields, part.fieldname)) throw new FieldError("body", part.fieldname, "Send this field once");
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== ATTACHMENTS_FIELD) {
        part.file.resume();
        throw new FieldError("body", part.fieldname, `Unknown field "${part.fieldname}"; files go in "${ATTACHMENTS_FIELD}"`);
      }
      if (attachments.length >= maxFiles) throw new AppError("ticket/too_many_attachments");
      const { file, contentType } = await stageAttachment(store, part.file);
      // A form's empty file input arrives as a nameless, empty part: not an attachment.
      if (file.size === 0 && !part.filename) {
        await file.discard();
        continue;
      }
      if (file.size === 0) {
        await file.discard();
        throw new FieldError("body", ATTACHMENTS_FIELD, `The file "${cleanFileName(part.filename)}" is empty`);
      }
      attachments.push({ name: cleanFileName(part.filename), contentType, file });
    }
    return { fields, attachments };
  } catch (error) {
    await Promise.all(attachments.map((attachment) => attachment.file.discard()));
    throw refusalOf(error);
  }
}

async function stageAttachment(store: FileStore, stream: Readable): Promise<{ file: StagedFile; contentType: string }> {
  const sniffer = new AttachmentSniffer();
  const file = await store.stage(stream, { maxBytes: TICKET_ATTACHMENT_LIMITS.maxBytes, inspect: (chunk) => sniffer.inspect(chunk) });
  try {
    return { file, contentType: sniffer.finish() };
  } catch (error) {
    await file.discard();
    throw error;
  }
}

/** The client's mistakes become their refusal; failures of the disk stay failures (500, logged). */
function refusalOf(error: unknown): unknown {
  if (error instanceof AttachmentTypeError) return new AppError("ticket/attachment_type");
  return multipartRefusal(error, { fileTooLarge: "ticket/attachment_too_large", tooManyFiles: "ticket/too_many_attachments" });
}
