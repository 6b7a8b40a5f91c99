import type { NotificationType } from "@portal/contract";
import type { Executor } from "../../db/client.js";
import { notifications } from "../../db/schema/index.js";
import type { MailMessage } from "../../lib/mailer.js";
import { getNotificationSettings } from "./notification-settings.service.js";

export interface NotificationDraft {
  type: NotificationType;
  title: string;
  body: string;
  link?: string;
}

/**
 * Writes the in-app notification inside the caller's transaction and returns the e-mail to send
 * after it commits, each only where the user's settings ask for that channel.
 */
export async function notify(
  tx: Executor,
  user: { id: string; email: string; firstname: string },
  draft: NotificationDraft,
  publicUrl: string,
): Promise<MailMessage | undefined> {
  const settings = await getNotificationSettings(tx, user.id);
  const channels = settings.channels[draft.type];
  if (channels.inApp) {
    await tx.insert(notifications).values({ userId: user.id, type: draft.type, title: draft.title, body: draft.body, link: draft.link ?? null });
  }
  if (!channels.email) return undefined;
  const link = draft.link ? `\n\n${publicUrl}${draft.link}` : "";
  return { to: user.email, subject: draft.title, text: `Hello ${user.firstname},\n\n${draft.body}${link}\n\n— Licence Portal` };
}
