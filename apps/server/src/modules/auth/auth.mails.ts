import type { MailMessage } from "../../lib/mailer.js";

interface Recipient {
  email: string;
  firstname: string;
}

const signature = "\n\n— Licence Portal";

export function verificationMail(user: Recipient, link: string): MailMessage {
  return {
    to: user.email,
    subject: "Verify your e-mail address",
    text: `Hello ${user.firstname},\n\nPlease confirm that this is your e-mail address by opening this link:\n\n${link}\n\nThe link works once and expires in 48 hours. If you did not sign up, ignore this message.${signature}`,
  };
}

export function passwordResetMail(user: Recipient, link: string): MailMessage {
  return {
    to: user.email,
    subject: "Reset your password",
    text: `Hello ${user.firstname},\n\nSomeone (hopefully you) asked to reset the password of your account. Choose a new one here:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for this, ignore this message: your password stays as it is.${signature}`,
  };
}

export function passwordChangedMail(user: Recipient): MailMessage {
  return {
    to: user.email,
    subject: "Your password was changed",
    text: `Hello ${user.firstname},\n\nThe password of your account was just changed and every session was logged out. If this was not you, reset your password at once and contact support.${signature}`,
  };
}

export function accountApprovedMail(user: Recipient, loginLink: string): MailMessage {
  return {
    to: user.email,
    subject: "Your account has been approved",
    text: `Hello ${user.firstname},\n\nAn administrator approved your registration. You can log in now:\n\n${loginLink}${signature}`,
  };
}
