import { randomBytes } from "node:crypto";

export interface FormFile {
  name: string;
  content: Buffer;
  type?: string;
  /** The form field; `attachments` unless named. */
  field?: string;
}

/** A multipart/form-data body with text fields and files, as a browser sends a form. */
export function multipartForm(fields: Record<string, string>, files: FormFile[] = []) {
  const boundary = `----portal-form-${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "attachments"}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body with one file, as a browser would send it. */
export function multipartFile(field: string, filename: string, content: string | Buffer, contentType = "application/octet-stream") {
  return multipartForm({}, [{ field, name: filename, content: Buffer.isBuffer(content) ? content : Buffer.from(content), type: contentType }]);
}
