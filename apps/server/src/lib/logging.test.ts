import { DrizzleQueryError } from "drizzle-orm/errors";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "./logging.js";

async function logged(write: (app: ReturnType<typeof Fastify>) => void): Promise<string> {
  const lines: string[] = [];
  const app = Fastify({ logger: loggerOptions({ LOG_LEVEL: "info" }, { write: (line) => void lines.push(line) }) });
  await app.ready();
  write(app);
  await app.close();
  return lines.join("");
}

describe("the server's log", () => {
  it("names a failed query but never its parameters (a hash or a sealed secret could be one)", async () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), { code: "23505" });
    const output = await logged((app) =>
      app.log.error({ err: new DrizzleQueryError("update users set password_hash = $1 where id = $2", ["$argon2id$v=19$secret-hash", "u-1"], cause) }, "request failed"),
    );
    expect(output).toContain("Failed query: update users set password_hash = $1 where id = $2");
    expect(output).toContain("23505");
    expect(output).not.toContain("secret-hash");
    expect(output).not.toContain("params");
  });

  it("keeps an ordinary error's message, stack and fields", async () => {
    const output = await logged((app) => app.log.error({ err: Object.assign(new Error("disk full"), { statusCode: 507 }) }, "write failed"));
    const line = JSON.parse(output) as { err: { type: string; message: string; stack: string; statusCode: number } };
    expect(line.err).toMatchObject({ type: "Error", message: "disk full", statusCode: 507 });
    expect(line.err.stack).toContain("logging.test.ts");
  });
});
