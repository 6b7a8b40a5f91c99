import type { Executor } from "../../db/client.js";
import type { JobRow } from "../../db/schema/index.js";
import type { MailMessage, Mailer } from "../../lib/mailer.js";
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
  await enqueueJob(executor, MAIL_JOB, { to: message.to, subject: message.subject, text: message.text });
}

function messageOf(job: JobRow): MailMessage {
  const { to, subject, text } = job.payload as Partial<MailMessage>;
  if (typeof to !== "string" || typeof subject !== "string" || typeof text !== "string") throw new Error("mail job without to, subject and text");
  return { to, subject, text };
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
