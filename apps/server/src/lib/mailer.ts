import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

/** A file sent with a message (an offer's PDF), its bytes in base64 as the mail job stores them. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** Who a mail is written to: the address, and the name it greets. */
export interface MailRecipient {
  email: string;
  firstname: string;
}

/** A message to one person: their first name, the text, the portal's signature (every mail the portal writes). */
export function letterTo(recipient: MailRecipient, subject: string, body: string): MailMessage {
  return { to: recipient.email, subject, text: `Hello ${recipient.firstname},\n\n${body}\n\n— Licence Portal` };
}

export interface Mailer {
  /** Hands one message to SMTP (or the outbox folder); throws when it was not accepted. */
  send(message: MailMessage, options?: { messageId?: string }): Promise<void>;
}

export const OUTBOX_DIRECTORY = "mail";

// Bounded, so that a stopping server waits for a hanging SMTP server no longer than this.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/mail. */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: FastifyBaseLogger }): Mailer {
  const outbox = path.join(options.dataDir, OUTBOX_DIRECTORY);
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS } as Parameters<typeof nodemailer.createTransport>[0])
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    async send(message, { messageId } = {}) {
      const { attachments, ...letter } = message;
      const info = await transport.sendMail({
        from: options.from,
        ...letter,
        ...(attachments?.length
          ? { attachments: attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.contentBase64, encoding: "base64" })) }
          : {}),
        ...(messageId ? { messageId } : {}),
      });
      if (options.smtpUrl) {
        options.logger.info({ subject: message.subject }, "mail sent");
        return;
      }
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      options.logger.info({ subject: message.subject, file }, "mail written to outbox");
    },
  };
}
