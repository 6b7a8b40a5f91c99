import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  messageId: string;
  subject: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A port nobody listens on right now (for a server that is started, stopped and started again). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, so tests can count deliveries; with credentials it requires them. */
export async function startSmtpServer(port: number, received: ReceivedMail[] = [], credentials?: { user: string; pass: string }): Promise<TestSmtpServer> {
  const server = new SMTPServer({
    authOptional: !credentials,
    // With credentials: AUTH PLAIN/LOGIN over the plain connection (loopback only), refusing any other login.
    ...(credentials
      ? {
          disabledCommands: ["STARTTLS"],
          allowInsecureAuth: true,
          onAuth(auth, _session, callback) {
            if (auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
            callback(new Error("invalid credentials"));
          },
        }
      : { disabledCommands: ["STARTTLS", "AUTH"] }),
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(raw.split(/\r?\n\r?\n/)[0] ?? "")?.[1]?.trim() ?? "";
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), messageId: header("Message-ID"), subject: header("Subject"), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A client killed in the middle of an exchange resets its connection; smtp-server reports that here.
  server.on("error", () => undefined);
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
