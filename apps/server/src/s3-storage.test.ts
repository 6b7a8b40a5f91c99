import { createHash, randomBytes } from "node:crypto";
import { access, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import type { Ticket, Update } from "@portal/contract";
import { zipOf } from "@portal/test-support";
import { entriesOf } from "./test/zip-entries.js";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { recoverFileStore } from "./db/stored-files.js";
import { endedProcessTag, storedFiles } from "./test/data-dir.js";
import { adminToken, createCustomer } from "./test/factories.js";
import { call, firstError, json } from "./test/http.js";
import { multipartForm } from "./test/multipart.js";
import { useS3Server } from "./test/s3-server.js";
import { openSecondConnection } from "./test/database.js";
import { useTestApp } from "./test/test-app.js";

// Every stored file of the app goes to s3rver on 127.0.0.1, under this prefix of its bucket.
const PREFIX = "portal/";
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const s3 = useS3Server();
const t = useTestApp(
  {},
  {},
  () => ({ ...s3.env(PREFIX), UPDATE_MAX_FILE_BYTES: String(MAX_FILE_BYTES) }),
);

const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");
const objectOf = (key: string) => `${PREFIX}${key.slice(0, 2)}/${key}`;
const storedObjects = async () => (await s3.objects(PREFIX)).filter((name) => !name.startsWith(`${PREFIX}tmp/`));
const temporaryObjects = () => s3.objects(`${PREFIX}tmp/`);

function updateForm(files: { field: string; name: string; content: Buffer }[], extraPaths: string[] = []) {
  return multipartForm(
    extraPaths.length === 1 ? { extraPaths: extraPaths[0]! } : {},
    files.map((file) => ({ ...file, type: "application/zip" })),
  );
}

const packageZip = (label: string, size = 4096) => zipOf([{ name: "README.txt", data: `${label} ${randomBytes(8).toString("hex")}`, deflate: true }, { name: "app/main.bin", data: randomBytes(size) }]);

/** A ticket opened through the first app with one attachment. */
async function ticketWithAttachment(token: string, file: { name: string; content: Buffer; type: string }): Promise<Ticket> {
  const created = await call(t.app, {
    method: "POST",
    url: "/api/v1/tickets",
    token,
    ...multipartForm({ subject: "Attached", type: "technical", priority: "low", message: "See the attachment." }, [file]),
  });
  expect(created.statusCode, created.body).toBe(201);
  return json<{ data: Ticket }>(created).data;
}

/** A draft update of `backend` and a frontend of its own, uploaded through `app`. */
async function uploadDraft(app: Parameters<typeof call>[0], admin: string, backend: Buffer, label: string): Promise<Update> {
  const created = await call(app, {
    method: "POST",
    url: "/api/v1/updates",
    token: admin,
    ...updateForm([
      { field: "backend", name: "backend.zip", content: backend },
      { field: "frontend", name: "frontend.zip", content: packageZip(`${label} frontend`) },
    ]),
  });
  expect(created.statusCode, created.body).toBe(201);
  return json<{ data: Update }>(created).data;
}



describe("file storage in an S3 bucket (STORAGE_URL)", () => {
  it("stores an update's files in the bucket, serves them with Range, ETag and HEAD, and builds the package from them", async () => {
    const admin = await adminToken(t.app);
    const backend = packageZip("backend", 300_000);
    const frontend = packageZip("frontend");
    const extra = randomBytes(5000);
    const created = await call(t.app, {
      method: "POST",
      url: "/api/v1/updates",
      token: admin,
      ...updateForm([
        { field: "backend", name: "backend.zip", content: backend },
        { field: "frontend", name: "frontend.zip", content: frontend },
        { field: "extras", name: "tool.sh", content: extra },
      ], ["bin/tool.sh"]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = json<{ data: Update }>(created).data;
    // In the bucket under their SHA-256, nothing left in its temporary area, nothing on local disk.
    for (const content of [backend, frontend, extra]) expect(await storedObjects()).toContain(objectOf(sha256(content)));
    expect(await temporaryObjects()).toEqual([]);
    expect(await storedFiles(t)).toEqual([]);

    const url = `/api/v1/updates/${draft.id}/files/backend.zip`;
    const etag = `"${sha256(backend)}"`;
    const whole = await call(t.app, { method: "GET", url, token: admin });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(backend)).toBe(true);
    expect(whole.headers).toMatchObject({ etag, "accept-ranges": "bytes", "content-length": String(backend.length), "cache-control": "private, no-store" });
    const part = await call(t.app, { method: "GET", url, token: admin, headers: { range: "bytes=1000-1999", "if-range": etag } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1000-1999/${backend.length}`);
    expect(part.rawPayload.equals(backend.subarray(1000, 2000))).toBe(true);
    const suffix = await call(t.app, { method: "GET", url, token: admin, headers: { range: "bytes=-5" } });
    expect(suffix.rawPayload.equals(backend.subarray(-5))).toBe(true);
    // If-Range naming other content: the whole file. A range past the end: 416.
    expect((await call(t.app, { method: "GET", url, token: admin, headers: { range: "bytes=0-9", "if-range": `"${"0".repeat(64)}"` } })).statusCode).toBe(200);
    const past = await call(t.app, { method: "GET", url, token: admin, headers: { range: `bytes=${backend.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${backend.length}`);
    const head = await call(t.app, { method: "HEAD", url, token: admin, headers: { range: "bytes=0-99" } });
    expect(head.statusCode).toBe(206);
    expect(head.headers).toMatchObject({ etag, "content-length": "100", "content-range": `bytes 0-99/${backend.length}` });
    expect(head.rawPayload.length).toBe(0);

    expect((await call(t.app, { method: "PUT", url: `/api/v1/updates/${draft.id}/commands`, token: admin, payload: { commands: ["systemctl restart app"] } })).statusCode).toBe(200);
    const published = await call(t.app, {
      method: "PUT",
      url: `/api/v1/updates/${draft.id}/changelog`,
      token: admin,
      payload: { header: "Release 9.0.0", version: "9.0.0", type: "minor", changeLog: "- from a bucket", channel: "beta" },
    });
    expect(published.statusCode, published.body).toBe(200);
    const pack = await call(t.app, { method: "GET", url: `/api/v1/updates/${draft.id}/package`, token: admin });
    expect(pack.statusCode).toBe(200);
    expect(pack.headers.etag).toBe(`"${sha256(pack.rawPayload)}"`);
    expect(await storedObjects()).toContain(objectOf(sha256(pack.rawPayload)));
    const entries = await entriesOf(pack.rawPayload);
    expect(entries.get("backend.zip")?.equals(backend)).toBe(true);
    expect(entries.get("bin/tool.sh")?.equals(extra)).toBe(true);
    const resumed = await call(t.app, { method: "GET", url: `/api/v1/updates/${draft.id}/package`, token: admin, headers: { range: "bytes=100-" } });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.rawPayload.equals(pack.rawPayload.subarray(100))).toBe(true);
  });

  it("refuses a file too large half-way through and leaves no object; a draft deleted takes its objects back", async () => {
    const admin = await adminToken(t.app);
    const before = await storedObjects();
    const tooLarge = await call(t.app, {
      method: "POST",
      url: "/api/v1/updates",
      token: admin,
      ...updateForm([
        { field: "frontend", name: "frontend.zip", content: packageZip("frontend") },
        { field: "backend", name: "backend.zip", content: randomBytes(MAX_FILE_BYTES + 1) },
      ]),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(firstError(tooLarge).loc).toEqual(["update/file_too_large"]);
    expect(await storedObjects()).toEqual(before);
    expect(await temporaryObjects()).toEqual([]);
    expect(await storedFiles(t)).toEqual([]);

    const backend = packageZip("doomed");
    const draft = await uploadDraft(t.app, admin, backend, "doomed");
    expect(await storedObjects()).toContain(objectOf(sha256(backend)));
    expect((await call(t.app, { method: "DELETE", url: `/api/v1/updates/${draft.id}`, token: admin })).statusCode).toBe(200);
    expect(await storedObjects()).toEqual(before);
  });

  it("refuses a package that is no ZIP, checked while the bucket still completes the upload, and leaves nothing", async () => {
    const admin = await adminToken(t.app);
    const before = await storedObjects();
    const refused = await call(t.app, {
      method: "POST",
      url: "/api/v1/updates",
      token: admin,
      ...updateForm([
        { field: "backend", name: "backend.zip", content: randomBytes(MAX_FILE_BYTES) },
        { field: "frontend", name: "frontend.zip", content: packageZip("frontend") },
      ]),
    });
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused).loc).toEqual(["update/not_a_zip", "backend"]);
    expect(await storedObjects()).toEqual(before);
    expect(await temporaryObjects()).toEqual([]);
    expect(await storedFiles(t)).toEqual([]);
  });

  it("keeps a ticket's attachment in the bucket and serves it back", async () => {
    const customer = await createCustomer(t);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(20_000)]);
    const ticket = await ticketWithAttachment(customer.token, { name: "shot.png", content: png, type: "image/png" });
    const attachment = ticket.messages[0]!.attachments[0]!;
    expect(await storedObjects()).toContain(objectOf(sha256(png)));
    const download = await call(t.app, { method: "GET", url: `/api/v1/tickets/${ticket.id}/attachments/${attachment.id}`, token: customer.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.rawPayload.equals(png)).toBe(true);

    const tooLarge = await call(t.app, {
      method: "POST",
      url: `/api/v1/tickets/${ticket.id}/messages`,
      token: customer.token,
      ...multipartForm({ body: "A bigger one" }, [{ name: "big.png", content: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]) }]),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(await temporaryObjects()).toEqual([]);
  });

  it("sweeps at start what no row references and what a killed upload left, from the bucket's listing", async () => {
    const orphan = randomBytes(1000);
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: objectOf(sha256(orphan)), Body: orphan }));
    // A process of this host that has ended, and one of another host (whose tag cannot be checked), today.
    const ended = `${PREFIX}tmp/${await endedProcessTag()}/1-cut-off.part`;
    const elsewhere = `${PREFIX}tmp/another-host~1~started~0badc0de/1-cut-off.part`;
    for (const key of [ended, elsewhere]) await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: randomBytes(10) }));
    const referenced = (await storedObjects()).filter((name) => name !== objectOf(sha256(orphan)));

    const recovered = await recoverFileStore(t.database.db, t.app.files);
    expect(recovered).toEqual({ abandonedUploads: 1, unreferencedFiles: 1 });
    expect(await storedObjects()).toEqual(referenced);
    expect(await temporaryObjects()).toEqual([elsewhere]);
    await s3.empty(`${PREFIX}tmp/`);
  });
});

describe("two processes with their own DATA_DIR on one database and one bucket", () => {
  it("serve through one what was uploaded through the other, and sign with the one key", async () => {
    const otherDataDir = await mkdtemp(path.join(os.tmpdir(), "portal-s3-second-"));
    const database = await openSecondConnection(t.database);
    const config = loadConfig({ DATA_DIR: otherDataDir, LOG_LEVEL: "silent", PUBLIC_URL: t.config.publicUrl, ...s3.env(PREFIX), UPDATE_MAX_FILE_BYTES: String(MAX_FILE_BYTES) });
    const second = await buildApp({ config, database, runJobs: false });
    try {
      await second.ready();
      expect(second.signer.publicKeyPem).toBe(t.app.signer.publicKeyPem);
      const customer = await createCustomer(t);
      const text = Buffer.from(`notes ${randomBytes(16).toString("hex")}\n`.repeat(200));
      const ticket = await ticketWithAttachment(customer.token, { name: "notes.txt", content: text, type: "text/plain" });
      const download = await call(second, { method: "GET", url: `/api/v1/tickets/${ticket.id}/attachments/${ticket.messages[0]!.attachments[0]!.id}`, token: customer.token });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(text)).toBe(true);

      const admin = await adminToken(second);
      const backend = packageZip("second process");
      const draft = await uploadDraft(second, admin, backend, "second");
      const part = await call(t.app, { method: "GET", url: `/api/v1/updates/${draft.id}/files/backend.zip`, token: admin, headers: { range: "bytes=5-" } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(backend.subarray(5))).toBe(true);
      // Neither DATA_DIR holds a stored file.
      expect(await storedFiles(t)).toEqual([]);
      expect(await storedFiles({ ...t, dataDir: otherDataDir })).toEqual([]);
    } finally {
      await second.close();
      await database.close();
      await rm(otherDataDir, { recursive: true, force: true });
    }
  });
});

describe("a server with STORAGE_URL refuses to start", () => {
  const build = async (env: Record<string, string>) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-s3-boot-"));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...s3.env(PREFIX), ...env });
      const app = await buildApp({ config, database: t.database, runJobs: false });
      await app.close();
      return { dataDir, error: undefined };
    } catch (error) {
      return { dataDir, error: error as Error };
    } finally {
      await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    }
  };

  it("on a STORAGE_URL that is not s3://BUCKET/PREFIX", () => {
    for (const url of ["https://bucket/prefix", "s3://", "s3://UPPER/prefix", "s3://bucket/a//b", "s3://bucket/../x"]) {
      expect(() => loadConfig({ ...s3.env(PREFIX), STORAGE_URL: url }), url).toThrow(ConfigError);
      expect(() => loadConfig({ ...s3.env(PREFIX), STORAGE_URL: url }), url).toThrow(/STORAGE_URL: must be s3:\/\/BUCKET\/PREFIX/);
    }
    expect(loadConfig({ ...s3.env(PREFIX), STORAGE_URL: "s3://my-bucket" }).STORAGE_URL).toEqual({ bucket: "my-bucket", prefix: "" });
    expect(loadConfig({ ...s3.env(PREFIX), STORAGE_URL: "s3://my-bucket/a/b/" }).STORAGE_URL).toEqual({ bucket: "my-bucket", prefix: "a/b/" });
    expect(() => loadConfig({ ...s3.env(PREFIX), AWS_SECRET_ACCESS_KEY: "" })).toThrow(/AWS_SECRET_ACCESS_KEY: must be set too/);
  });

  it("on a missing bucket, refused credentials or an endpoint that does not answer, naming the variable and quoting the storage", async () => {
    const missing = await build({ STORAGE_URL: "s3://no-such-bucket/x" });
    expect(missing.error?.message).toMatch(/^STORAGE_URL: the bucket "no-such-bucket" does not exist .*NoSuchBucket/);
    // s3rver checks the access key's id but not a version-4 signature, so a wrong secret cannot be shown here; AWS answers it as SignatureDoesNotMatch, a 403 the same way.
    const wrongKey = await build({ AWS_ACCESS_KEY_ID: "NOBODY" });
    expect(wrongKey.error?.message).toMatch(/^AWS_ACCESS_KEY_ID \/ AWS_SECRET_ACCESS_KEY: the storage refused these credentials for STORAGE_URL=s3:\/\/portal-test\/portal\/ \(InvalidAccessKeyId: /);
    // A port of 127.0.0.1 that nothing listens on.
    const nowhere = await build({ S3_ENDPOINT: "http://127.0.0.1:9" });
    expect(nowhere.error?.message).toMatch(/^S3_ENDPOINT: the storage at http:\/\/127\.0\.0\.1:9 cannot be reached .*ECONNREFUSED/);
  });

  it("when the signing key or the TOTP key would only be made in its own DATA_DIR, naming the variable", async () => {
    const noSigningKey = await build({ LICENSE_SIGNING_KEY: "" });
    expect(noSigningKey.error?.message).toMatch(/^LICENSE_SIGNING_KEY must be set: STORAGE_URL is set/);
    await expect(access(path.join(noSigningKey.dataDir, "license-signing-key.pem"))).rejects.toThrow();
    const noTotpKey = await build({ TOTP_ENCRYPTION_KEY: "" });
    expect(noTotpKey.error?.message).toMatch(/^TOTP_ENCRYPTION_KEY must be set: STORAGE_URL is set/);
    expect((await build({})).error).toBeUndefined();
  });
});
