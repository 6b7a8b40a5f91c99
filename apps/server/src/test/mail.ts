import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

export interface SentMail {
  file: string;
  messageId: string;
  to: string;
  subject: string;
  body: string;
}

/** Every message in the DATA_DIR/mail outbox, oldest first. */
export async function outbox(dataDir: string): Promise<SentMail[]> {
  const directory = path.join(dataDir, "mail");
  const files = (await readdir(directory).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(directory, file), "utf8");
      const [head = "", ...rest] = raw.split("\n\n");
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? "";
      const body = rest.join("\n\n").replace(/=\n/g, "").replace(/=3D/g, "=");
      return { file, messageId: header("Message-ID"), to: header("To"), subject: header("Subject"), body };
    }),
  );
}

/** Waits (mail goes out after the answer) for the newest message to `to` whose subject matches. */
export async function waitForMail(dataDir: string, to: string, subject: RegExp, timeoutMs = 3_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outbox(dataDir)).filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function linkToken(mail: SentMail): string {
  const match = /[?&]token=([A-Za-z0-9_%-]+)/.exec(mail.body);
  if (!match?.[1]) throw new Error(`no token link in mail "${mail.subject}"`);
  return decodeURIComponent(match[1]);
}
