import type { NotificationType } from "@portal/contract";
import type { Executor } from "../../db/client.js";
import { notifications } from "../../db/schema/index.js";
import { letterTo, type MailAttachment } from "../../lib/mailer.js";
import { queueMail } from "../jobs/index.js";
import { getNotificationSettings } from "./notification-settings.service.js";

export interface NotificationDraft {
  type: NotificationType;
  title: string;
  body: string;
  link?: string;
  /** Sent with the e-mail only (an offer's PDF); the in-app notification has the link. */
  attachments?: MailAttachment[];
}

/**
 * Writes the in-app notification and queues the e-mail inside the caller's transaction, each only
 * where the user's settings ask for that channel. Wake the job runner after the commit.
 */
export async function notify(
  tx: Executor,
  user: { id: string; email: string; firstname: string },
  draft: NotificationDraft,
  publicUrl: string,
): Promise<void> {
  const settings = await getNotificationSettings(tx, user.id);
  const channels = settings.channels[draft.type];
  if (channels.inApp) {
    await tx.insert(notifications).values({ userId: user.id, type: draft.type, title: draft.title, body: draft.body, link: draft.link ?? null });
  }
  if (!channels.email) return;
  const link = draft.link ? `\n\n${publicUrl}${draft.link}` : "";
  const letter = letterTo(user, draft.title, `${draft.body}${link}`);
  await queueMail(tx, draft.attachments?.length ? { ...letter, attachments: draft.attachments } : letter);
}
