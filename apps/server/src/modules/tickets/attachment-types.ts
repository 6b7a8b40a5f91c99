/**
 * Judges an attachment's type by its bytes, whatever its name or the browser's Content-Type say.
 * Binary formats are recognised by their signature in the first bytes; anything else is accepted
 * only as text/plain, which means valid UTF-8 without NUL bytes from the first byte to the last.
 * Works chunk by chunk, so a file is judged while it streams to disk and refused as early as possible.
 */
export class AttachmentTypeError extends Error {
  constructor() {
    super("attachment type not allowed");
    this.name = "AttachmentTypeError";
  }
}

const SIGNATURE_BYTES = 12;

function signatureType(head: Buffer): string | undefined {
  const startsWith = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (startsWith(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (head.subarray(0, 6).toString("latin1") === "GIF87a" || head.subarray(0, 6).toString("latin1") === "GIF89a") return "image/gif";
  if (head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  if (head.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  // Local file header, or the end record of an empty archive.
  if (startsWith(0x50, 0x4b, 0x03, 0x04) || startsWith(0x50, 0x4b, 0x05, 0x06)) return "application/zip";
  return undefined;
}

export class AttachmentSniffer {
  private head = Buffer.alloc(0);
  private decided: string | undefined;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private pendingText: Buffer[] = [];

  /** Feed every chunk in order; throws AttachmentTypeError as soon as the file cannot be allowed. */
  inspect(chunk: Buffer): void {
    if (this.decided && this.decided !== "text/plain") return;
    if (!this.decided) {
      this.head = Buffer.concat([this.head, chunk]);
      this.pendingText.push(chunk);
      if (this.head.length < SIGNATURE_BYTES) return;
      this.decide();
      return;
    }
    this.checkText(chunk, true);
  }

  /** The content type, once the whole file has been seen. */
  finish(): string {
    if (!this.decided) this.decide();
    if (this.decided === "text/plain") this.checkText(Buffer.alloc(0), false);
    return this.decided!;
  }

  private decide(): void {
    this.decided = signatureType(this.head) ?? "text/plain";
    const pending = this.pendingText;
    this.pendingText = [];
    this.head = Buffer.alloc(0);
    if (this.decided === "text/plain") for (const chunk of pending) this.checkText(chunk, true);
  }

  private checkText(chunk: Buffer, more: boolean): void {
    if (chunk.includes(0)) throw new AttachmentTypeError();
    try {
      this.decoder.decode(chunk, { stream: more });
    } catch {
      throw new AttachmentTypeError();
    }
  }
}
