import { letterTo, type MailMessage, type MailRecipient } from "../../lib/mailer.js";

export function verificationMail(user: MailRecipient, link: string): MailMessage {
  return letterTo(
    user,
    "Verify your e-mail address",
    `Please confirm that this is your e-mail address by opening this link:\n\n${link}\n\nThe link works once and expires in 48 hours. If you did not sign up, ignore this message.`,
  );
}

export function passwordResetMail(user: MailRecipient, link: string): MailMessage {
  return letterTo(
    user,
    "Reset your password",
    `Someone (hopefully you) asked to reset the password of your account. Choose a new one here:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for this, ignore this message: your password stays as it is.`,
  );
}

export function passwordChangedMail(user: MailRecipient): MailMessage {
  return letterTo(
    user,
    "Your password was changed",
    "The password of your account was just changed and every session was logged out. If this was not you, reset your password at once and contact support.",
  );
}
