import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { storedFiles } from "../test/data-dir.js";
import { createCustomer } from "../test/factories.js";
import { call, json } from "../test/http.js";
import { multipartForm } from "../test/multipart.js";
import { useTestApp } from "../test/test-app.js";
import { recoverFileStore } from "./stored-files.js";

const t = useTestApp();

describe("file store recovery at start", () => {
  it("removes a stored file that no row references (its transaction never committed), keeps referenced ones", async () => {
    const customer = await createCustomer(t);
    const attachment = Buffer.from(randomBytes(2_000).toString("hex"));
    const body = multipartForm({ subject: "Kept", type: "technical", priority: "low", message: "see log" }, [{ name: "log.txt", content: attachment, type: "text/plain" }]);
    const created = await call(t.app, { method: "POST", url: "/api/v1/tickets", token: customer.token, ...body });
    expect(created.statusCode, created.body).toBe(201);
    const kept = json<{ data: { messages: { attachments: { sha256?: string }[] }[] } }>(created);
    expect(kept.data.messages[0]!.attachments).toHaveLength(1);

    // What a process killed between the rename into the store and its commit leaves.
    const orphan = await t.app.files.stage(Readable.from([randomBytes(3_000)]));
    const { key } = await orphan.store();
    expect(await storedFiles(t)).toHaveLength(2);

    expect(await recoverFileStore(t.database.db, t.app.files)).toEqual({ abandonedUploads: 0, unreferencedFiles: 1 });
    expect(await t.app.files.exists(key)).toBe(false);
    expect(await storedFiles(t)).toHaveLength(1);
    expect(await recoverFileStore(t.database.db, t.app.files)).toEqual({ abandonedUploads: 0, unreferencedFiles: 0 });
  });
});
