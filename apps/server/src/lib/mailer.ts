import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Sends without making the caller wait; a failure is logged, never thrown. */
  sendInBackground(message: MailMessage): void;
}

export const OUTBOX_DIRECTORY = "mail";

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/mail. */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: FastifyBaseLogger }): Mailer {
  const outbox = path.join(options.dataDir, OUTBOX_DIRECTORY);
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: options.from, ...message });
    if (options.smtpUrl) {
      options.logger.info({ subject: message.subject }, "mail sent");
      return;
    }
    await mkdir(outbox, { recursive: true, mode: 0o700 });
    const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    options.logger.info({ subject: message.subject, file }, "mail written to outbox");
  }

  return {
    send,
    sendInBackground(message) {
      send(message).catch((error: unknown) => options.logger.error({ err: error, subject: message.subject }, "mail failed"));
    },
  };
}
