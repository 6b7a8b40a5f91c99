import { letterTo, type MailMessage, type MailRecipient } from "../../lib/mailer.js";

export function accountApprovedMail(user: MailRecipient, loginLink: string): MailMessage {
  return letterTo(user, "Your account has been approved", `An administrator approved your registration. You can log in now:\n\n${loginLink}`);
}
