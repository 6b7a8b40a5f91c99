import type { Executor } from "../../db/client.js";
import type { JobRow } from "../../db/schema/index.js";
import type { MailAttachment, MailMessage, Mailer } from "../../lib/mailer.js";
import { enqueueJob } from "./job-queue.js";
import type { JobHandler, RetryPolicy } from "./job-runner.js";

export const MAIL_JOB = "mail";

/** What a service needs to send mail: where links point, and a way to say "a message is waiting". */
export interface Mailing {
  publicUrl: string;
  /** Call after the transaction that queued mail has committed, so it goes out at once. */
  wake(): void;
}

/**
 * Queues a message in the caller's transaction: it is sent if and only if the change commits, and
 * it survives an SMTP outage or a restart. Sent by the job runner with retries (see mailJobHandler).
 */
export async function queueMail(executor: Executor, message: MailMessage): Promise<void> {
  const attachments = boundedAttachments(message.attachments ?? []);
  await enqueueJob(executor, MAIL_JOB, { to: message.to, subject: message.subject, text: message.text, ...(attachments.length ? { attachments } : {}) });
}

/**
 * At most this many characters of base64 (about 3 MiB of files) ride in one mail job: the payload is
 * a row the queue reads and rewrites. Attachments past it are left out; the letter's link still
 * leads to the document in the portal.
 */
export const MAX_MAIL_ATTACHMENT_CHARACTERS = 4 * 1024 * 1024;

function boundedAttachments(attachments: MailAttachment[]): MailAttachment[] {
  const kept: MailAttachment[] = [];
  let size = 0;
  for (const { filename, contentType, contentBase64 } of attachments) {
    size += contentBase64.length;
    if (size > MAX_MAIL_ATTACHMENT_CHARACTERS) break;
    kept.push({ filename, contentType, contentBase64 });
  }
  return kept;
}

const isAttachment = (value: unknown): value is MailAttachment =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as MailAttachment).filename === "string" &&
  typeof (value as MailAttachment).contentType === "string" &&
  typeof (value as MailAttachment).contentBase64 === "string";

function messageOf(job: JobRow): MailMessage {
  const { to, subject, text, attachments } = job.payload as Partial<MailMessage>;
  if (typeof to !== "string" || typeof subject !== "string" || typeof text !== "string") throw new Error("mail job without to, subject and text");
  if (attachments !== undefined && !(Array.isArray(attachments) && attachments.every(isAttachment))) throw new Error("mail job with malformed attachments");
  return { to, subject, text, ...(attachments?.length ? { attachments } : {}) };
}

/**
 * Sends one queued message. Its Message-ID comes from the job, so a retry after an answer that was
 * lost on the way back is recognisable as the same message to the receiving side.
 */
export function mailJobHandler(mailer: Mailer, retry: RetryPolicy, from: string): JobHandler {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "portal.local";
  return {
    retry,
    run: (job) => mailer.send(messageOf(job), { messageId: `<${job.id}@${domain}>` }),
    // Who did not get which message: what an administrator needs to follow up (never the body, which may hold a link token).
    describe: (job) => {
      const { to, subject } = job.payload as Partial<MailMessage>;
      return { to, subject };
    },
  };
}
