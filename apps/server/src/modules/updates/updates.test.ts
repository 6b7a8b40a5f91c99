import { createHash, createPublicKey, randomBytes, verify } from "node:crypto";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AvailableUpdates, Page, SignedManifest, Update, UpdateHistoryRow, UpdateManifest } from "@portal/contract";
import { zipOf } from "@portal/test-support";
import { entriesOf } from "../../test/zip-entries.js";
import { LocalFileStore } from "../../lib/file-store.js";
import { auditEvents, jobs, notifications, updateFiles, updates, updateVerifications } from "../../db/schema/index.js";
import { storedFiles as storedFilesOf, temporaryFiles } from "../../test/data-dir.js";
import { rowCounts as rowCountsOf } from "../../test/database.js";
import { adminToken, createCustomer, issueLicenses } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { multipartFile } from "../../test/multipart.js";
import { useTestApp } from "../../test/test-app.js";

const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_EXPANDED_BYTES = 16 * 1024 * 1024;
const t = useTestApp({ UPDATE_MAX_FILE_BYTES: String(MAX_FILE_BYTES), UPDATE_MAX_EXPANDED_BYTES: String(MAX_EXPANDED_BYTES) });

// ---------------------------------------------------------------- ZIPs made in the test

/** A package with unique content, so the content-addressed store never shares it with another test's. */
const packageZip = (label: string) => zipOf([{ name: "README.txt", data: `${label} ${randomBytes(8).toString("hex")}`, deflate: true }, { name: "app/main.js", data: randomBytes(2048), deflate: true }]);

/** A ZIP whose one entry of zeros really inflates past the bound (or to `expanded` bytes), declaring its true size (or, with `lie`, a small one). */
function bomb(lie = false, expanded = MAX_EXPANDED_BYTES + 1024 * 1024): Buffer {
  return zipOf([{ name: "zeros.bin", data: Buffer.alloc(expanded), deflate: true, declaredSize: lie ? 1024 : undefined }]);
}


// ---------------------------------------------------------------- requests

interface UploadFile {
  field: string;
  name: string;
  content: Buffer;
}

/** The step-1 form: files and `extraPaths` text fields in the order given. */
function uploadForm(parts: (UploadFile | { path: string })[]) {
  const boundary = `----updates-${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("path" in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="extraPaths"\r\n\r\n${part.path}\r\n`));
      continue;
    }
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.name}"\r\nContent-Type: application/zip\r\n\r\n`),
      part.content,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const backendPart = async (content?: Buffer): Promise<UploadFile> => ({ field: "backend", name: "backend.zip", content: content ?? packageZip("backend") });
const frontendPart = async (content?: Buffer): Promise<UploadFile> => ({ field: "frontend", name: "frontend.zip", content: content ?? packageZip("frontend") });
const extraPart = (name: string, content: Buffer = randomBytes(300)): UploadFile => ({ field: "extras", name, content });

async function upload(token: string, parts: (UploadFile | { path: string })[]) {
  return call(t.app, { method: "POST", url: "/api/v1/updates", token, ...uploadForm(parts) });
}

async function createDraft(token: string, extras: { name: string; path: string; content?: Buffer }[] = []): Promise<Update> {
  const response = await upload(token, [await backendPart(), await frontendPart(), ...extras.flatMap((extra) => [extraPart(extra.name, extra.content), { path: extra.path }])]);
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: Update }>(response).data;
}

let major = 100;
/** A version above every one published so far in this file. */
const nextVersion = () => `${++major}.0.0`;

/**
 * On the beta channel, which the licences here do not follow: what a licence may take is decided by
 * verifications by hand alone (release-channels.test.ts covers channels and required features).
 */
const changelog = (version: string, overrides: Record<string, string> = {}) => ({
  header: `Release ${version}`,
  version,
  type: "minor",
  changeLog: `- fixes for ${version}`,
  channel: "beta",
  ...overrides,
});

async function publish(token: string, id: string, version: string, overrides: Record<string, string> = {}) {
  return call(t.app, { method: "PUT", url: `/api/v1/updates/${id}/changelog`, token, payload: changelog(version, overrides) });
}

async function publishedUpdate(token: string, extras: { name: string; path: string; content?: Buffer }[] = [], commands = ["systemctl stop app", "systemctl start app"]) {
  const draft = await createDraft(token, extras);
  expect((await call(t.app, { method: "PUT", url: `/api/v1/updates/${draft.id}/commands`, token, payload: { commands } })).statusCode).toBe(200);
  const response = await publish(token, draft.id, nextVersion());
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Update }>(response).data;
}

const verification = (token: string, updateId: string, licenseId: string, method: "POST" | "DELETE" = "POST") =>
  call(t.app, { method, url: `/api/v1/updates/${updateId}/verifications`, token, payload: { licenseId } });

/** A licence token from the .req flow; line 2 carries the installed version when one is given. */
async function licenseToken(customerToken: string, key: string, installedVersion?: string, host = "plant-1"): Promise<string> {
  const data = JSON.stringify({ hostname: host, ...(installedVersion === undefined ? {} : { version: installedVersion }) });
  const response = await call(t.app, { method: "POST", url: "/api/v1/req/auth", token: customerToken, ...multipartFile("file", "install.req", `${key}\n${data}\n`) });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { licenseToken: string } }>(response).data.licenseToken;
}

const withLicense = (token: string) => ({ "x-license-token": token });

/** Maintenance updates are told in the app and by e-mail unless the customer turns a channel off. */
async function setMaintenanceUpdateChannels(customerToken: string, channels: { email: boolean; inApp: boolean }) {
  const settings = await call(t.app, {
    method: "PUT",
    url: "/api/v1/notification-settings",
    token: customerToken,
    payload: { channels: { maintenance_updates: channels } },
  });
  expect(settings.statusCode, settings.body).toBe(200);
}

/** A GET whose connection is cut once `stopAfter` bytes of the body have arrived, as a dropped line would cut it. */
function interruptedDownload(url: string, headers: Record<string, string>, stopAfter: number) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; received: Buffer }>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const request = httpGet(url, { headers }, (response) => {
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (length < stopAfter) return;
        response.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, received: Buffer.concat(chunks) });
      });
      response.on("end", () => reject(new Error("the whole body arrived before the cut")));
    });
    request.on("error", reject);
  });
}

/** The test app's address on a real socket, listening from the first call on. */
async function listeningAddress(): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening on TCP");
  return `http://127.0.0.1:${address.port}`;
}

/** An id nothing has. */
const UNKNOWN_ID = "5b1e2b56-f886-4e6a-a7f6-92924aea4819";

const storedFiles = () => storedFilesOf(t);
const rowCounts = () => rowCountsOf(t, { updates, files: updateFiles, verifications: updateVerifications });

async function expectNothingStored<T>(action: () => Promise<T>): Promise<T> {
  const filesBefore = await storedFiles();
  const rowsBefore = await rowCounts();
  const result = await action();
  expect(await storedFiles()).toEqual(filesBefore);
  expect(await rowCounts()).toEqual(rowsBefore);
  return result;
}

async function publicKeyPem(): Promise<string> {
  return json<{ data: { publicKey: string } }>(await t.app.inject({ method: "GET", url: "/api/v1/licenses/public-key" })).data.publicKey;
}

const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");

/** What an installer does offline: the manifest's signature, then every file's size and SHA-256 against it. */
function verifyDownload(signed: SignedManifest, publicKey: string, files: Map<string, Buffer>): boolean {
  if (!verify(null, Buffer.from(signed.manifest, "utf8"), createPublicKey(publicKey), Buffer.from(signed.signature, "base64"))) return false;
  const manifest = JSON.parse(signed.manifest) as UpdateManifest;
  return manifest.files.every((file) => {
    const content = files.get(file.path);
    return content !== undefined && content.length === file.size && sha256(content) === file.sha256;
  });
}

async function manifestOf(updateId: string, headers: Record<string, string>): Promise<SignedManifest> {
  const response = await call(t.app, { method: "GET", url: `/api/v1/updates/${updateId}/manifest`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: SignedManifest }>(response).data;
}

// ---------------------------------------------------------------- tests

describe("the update wizard", () => {
  it("uploads a draft, takes commands, publishes with a signed manifest and a package holding every file", async () => {
    const admin = await adminToken(t.app);
    const extraContent = Buffer.from(`setting=${randomBytes(4).toString("hex")}\n`);
    const backend = packageZip("backend");
    const frontend = packageZip("frontend");
    const created = await upload(admin, [extraPart("app.conf", extraContent), await frontendPart(frontend), { path: "./config//app.conf" }, await backendPart(backend)]);
    expect(created.statusCode, created.body).toBe(201);
    const draft = json<{ data: Update }>(created).data;
    expect(draft).toMatchObject({ status: "draft", version: null, type: null, commands: [], publishedAt: null, verifiedLicenses: 0, createdBy: { name: "Portal Administrator" } });
    expect(draft.files).toEqual([
      { name: "backend.zip", kind: "backend", path: "backend.zip", size: backend.length, sha256: sha256(backend) },
      { name: "frontend.zip", kind: "frontend", path: "frontend.zip", size: frontend.length, sha256: sha256(frontend) },
      { name: "app.conf", kind: "extra", path: "config/app.conf", size: extraContent.length, sha256: sha256(extraContent) },
    ]);
    expect(draft.totalSize).toBe(backend.length + frontend.length + extraContent.length);
    for (const file of draft.files) expect(await t.app.files.exists(file.sha256)).toBe(true);

    const commands = ["systemctl stop portal-app", "unzip -o backend.zip -d /opt/app", "systemctl start portal-app"];
    const withCommands = await call(t.app, { method: "PUT", url: `/api/v1/updates/${draft.id}/commands`, token: admin, payload: { commands } });
    expect(json<{ data: Update }>(withCommands).data).toMatchObject({ status: "draft", commands });

    const version = nextVersion();
    const published = await publish(admin, draft.id, version, { type: "major", header: "Spring release", changeLog: "- faster\n- safer" });
    expect(published.statusCode, published.body).toBe(200);
    const update = json<{ data: Update }>(published).data;
    expect(update).toMatchObject({ status: "published", version, type: "major", header: "Spring release", changeLog: "- faster\n- safer", commands });
    expect(update.publishedAt).not.toBeNull();

    const signed = await manifestOf(update.id, { authorization: `Bearer ${admin}` });
    expect(signed.alg).toBe("ed25519");
    const publicKey = await publicKeyPem();
    expect(verify(null, Buffer.from(signed.manifest, "utf8"), createPublicKey(publicKey), Buffer.from(signed.signature, "base64"))).toBe(true);
    const manifest = JSON.parse(signed.manifest) as UpdateManifest;
    expect(Object.keys(manifest)).toEqual(["updateId", "version", "type", "header", "changeLog", "commands", "files", "publishedAt"]);
    expect(manifest).toEqual({
      updateId: update.id,
      version,
      type: "major",
      header: "Spring release",
      changeLog: "- faster\n- safer",
      commands,
      files: draft.files.map(({ name, path, size, sha256 }) => ({ name, path, size, sha256 })),
      publishedAt: update.publishedAt,
    });

    const packageResponse = await call(t.app, { method: "GET", url: `/api/v1/updates/${update.id}/package`, token: admin, headers: { "accept-encoding": "br, gzip" } });
    expect(packageResponse.statusCode).toBe(200);
    expect(packageResponse.headers["content-type"]).toBe("application/zip");
    expect(packageResponse.headers["content-encoding"]).toBeUndefined();
    expect(packageResponse.headers["cache-control"]).toBe("private, no-store");
    expect(packageResponse.headers["content-disposition"]).toBe(`attachment; filename="update-${version}.zip"; filename*=UTF-8''update-${version}.zip`);
    expect(packageResponse.headers.etag).toBe(`"${sha256(packageResponse.rawPayload)}"`);
    const entries = await entriesOf(packageResponse.rawPayload);
    expect([...entries.keys()]).toEqual(["manifest.json", "manifest.sig", "backend.zip", "frontend.zip", "config/app.conf"]);
    expect(entries.get("manifest.json")!.toString("utf8")).toBe(signed.manifest);
    expect(entries.get("manifest.sig")!.toString("utf8")).toBe(signed.signature);
    expect(verifyDownload(signed, publicKey, entries)).toBe(true);

    const [audit] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "update.published"), eq(auditEvents.targetId, update.id)));
    expect(audit?.details).toMatchObject({ version });
  });

  it("lists drafts and published updates with their files, sorted by version precedence and filtered in SQL", async () => {
    const admin = await adminToken(t.app);
    const base = ++major;
    const versions = [`${base}.0.0-alpha`, `${base}.0.0-alpha.1`, `${base}.0.0-beta.2`, `${base}.0.0-beta.11`, `${base}.0.0`];
    const ids: string[] = [];
    for (const version of versions) {
      const draft = await createDraft(admin);
      const response = await publish(admin, draft.id, version, { header: `Sortable ${base}` });
      expect(response.statusCode, response.body).toBe(200);
      ids.push(draft.id);
    }
    const draft = await createDraft(admin);
    const ascending = json<{ data: Page<Update> }>(await call(t.app, { method: "GET", url: `/api/v1/updates?sort=version&order=asc&q=Sortable ${base}&pageSize=100`, token: admin })).data;
    expect(ascending.items.map((item) => item.version)).toEqual(versions);
    const newestFirst = json<{ data: Page<Update> }>(await call(t.app, { method: "GET", url: `/api/v1/updates?sort=version&order=desc&status=published&pageSize=2`, token: admin })).data;
    expect(newestFirst.items.map((item) => item.id)).toEqual([ids[4], ids[3]]);
    expect(newestFirst.total).toBeGreaterThanOrEqual(5);
    const drafts = json<{ data: Page<Update> }>(await call(t.app, { method: "GET", url: "/api/v1/updates?status=draft&pageSize=100", token: admin })).data;
    expect(drafts.items.every((item) => item.status === "draft")).toBe(true);
    const listed = drafts.items.find((item) => item.id === draft.id)!;
    expect(listed.files.map((file) => file.kind)).toEqual(["backend", "frontend"]);
    expect(listed.files.every((file) => /^[0-9a-f]{64}$/.test(file.sha256) && file.size > 0)).toBe(true);
    const one = await call(t.app, { method: "GET", url: `/api/v1/updates/${draft.id}`, token: admin });
    expect(json<{ data: Update }>(one).data).toEqual(listed);
    expect((await call(t.app, { method: "GET", url: `/api/v1/updates/${UNKNOWN_ID}`, token: admin })).statusCode).toBe(404);
  });

  it("deletes a draft with its files, keeping content another update or a ticket attachment shares", async () => {
    const admin = await adminToken(t.app);
    const customer = await createCustomer(t);
    const shared = zipOf([{ name: "shared.txt", data: randomBytes(128), deflate: true }]);
    const kept = await createDraft(admin, [{ name: "shared.zip", path: "shared.zip.bak", content: shared }]);
    const attachment = zipOf([{ name: "ticket.txt", data: randomBytes(128), deflate: true }]);
    const ticketForm = multipartFile("attachments", "logs.zip", attachment, "application/zip");
    const boundary = /boundary=(.*)$/.exec(ticketForm.headers["content-type"])![1]!;
    const ticketBody = Buffer.concat([
      Buffer.from(["subject", "type", "priority", "message"].map((name, index) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${["Logs", "technical", "low", "See the logs"][index]}\r\n`).join("")),
      ticketForm.payload,
    ]);
    expect((await call(t.app, { method: "POST", url: "/api/v1/tickets", token: customer.token, payload: ticketBody, headers: ticketForm.headers })).statusCode).toBe(201);

    const filesBefore = await storedFiles();
    const doomed = await createDraft(admin, [
      { name: "shared.zip", path: "a/shared.zip", content: shared },
      { name: "logs.zip", path: "b/logs.zip", content: attachment },
    ]);
    const own = doomed.files.filter((file) => file.kind !== "extra").map((file) => file.sha256);
    expect((await storedFiles()).length).toBe(filesBefore.length + 2);

    const deleted = await call(t.app, { method: "DELETE", url: `/api/v1/updates/${doomed.id}`, token: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json(deleted)).toEqual({ status: "success", data: { deleted: true } });
    expect(await storedFiles()).toEqual(filesBefore);
    for (const key of own) expect(await t.app.files.exists(key)).toBe(false);
    expect(await t.app.files.exists(sha256(shared))).toBe(true);
    expect(await t.app.files.exists(sha256(attachment))).toBe(true);
    expect((await call(t.app, { method: "GET", url: `/api/v1/updates/${doomed.id}`, token: admin })).statusCode).toBe(404);
    expect((await call(t.app, { method: "DELETE", url: `/api/v1/updates/${doomed.id}`, token: admin })).statusCode).toBe(404);
    expect((await call(t.app, { method: "GET", url: `/api/v1/updates/${kept.id}`, token: admin })).statusCode).toBe(200);
  });
});

describe("refusals of step 1 store nothing", () => {
  const notAZip = Buffer.from("PK\u0003\u0004 this is not really a ZIP archive at all");
  const cases: [string, () => Promise<(UploadFile | { path: string })[]>, number, string, ("backend" | "frontend")?][] = [
    ["a backend not named backend.zip", async () => [{ ...(await backendPart()), name: "Backend.zip" }, await frontendPart()], 422, "update/file_name"],
    ["a frontend named backend.zip", async () => [await backendPart(), { ...(await frontendPart()), name: "backend.zip" }], 422, "update/file_name"],
    ["a non-ZIP named backend.zip", async () => [await backendPart(notAZip), await frontendPart()], 422, "update/not_a_zip", "backend"],
    ["an empty backend.zip", async () => [await backendPart(Buffer.alloc(0)), await frontendPart()], 422, "update/not_a_zip", "backend"],
    ["a ZIP with a ../ entry", async () => [await backendPart(zipOf([{ name: "../evil.sh", data: randomBytes(64), deflate: true }])), await frontendPart()], 422, "update/unsafe_zip", "backend"],
    ["a ZIP with a nested ../ entry", async () => [await backendPart(), await frontendPart(zipOf([{ name: "app/../../x", data: randomBytes(64), deflate: true }]))], 422, "update/unsafe_zip", "frontend"],
    ["a ZIP with an absolute entry", async () => [await backendPart(zipOf([{ name: "/etc/passwd", data: randomBytes(64), deflate: true }])), await frontendPart()], 422, "update/unsafe_zip", "backend"],
    ["a ZIP with a drive-letter entry", async () => [await backendPart(zipOf([{ name: "C:win.ini", data: randomBytes(64), deflate: true }])), await frontendPart()], 422, "update/unsafe_zip", "backend"],
    ["a ZIP with a backslash entry", async () => [await backendPart(zipOf([{ name: "..\\evil.dll", data: randomBytes(64), deflate: true }])), await frontendPart()], 422, "update/unsafe_zip", "backend"],
    ["a ZIP with a symlink entry", async () => [await backendPart(zipOf([{ name: "app/link", data: "/etc/passwd", mode: 0o120777 }])), await frontendPart()], 422, "update/unsafe_zip", "backend"],
    ["a ZIP bomb", async () => [await backendPart(bomb()), await frontendPart()], 413, "update/zip_too_large", "backend"],
    ["a ZIP bomb that declares a small size", async () => [await backendPart(), await frontendPart(bomb(true))], 413, "update/zip_too_large", "frontend"],
    // 8 MiB of zeros from 8 KB (1028:1), within the 16 MiB bound: refused from the central directory's sizes…
    ["an entry compressed past 1000:1", async () => [await backendPart(bomb(false, 8 * 1024 * 1024)), await frontendPart()], 413, "update/zip_too_large", "backend"],
    // …and, when they lie, while inflating.
    ["an entry compressed past 1000:1 that declares a small size", async () => [await backendPart(bomb(true, 8 * 1024 * 1024)), await frontendPart()], 413, "update/zip_too_large", "backend"],
    ["a missing frontend", async () => [await backendPart()], 422, "update/files_required"],
    ["no files at all", async () => [], 422, "update/files_required"],
    ["an extra without a path", async () => [await backendPart(), await frontendPart(), extraPart("tool.sh")], 422, "update/extra_path_required"],
    ["an extra with an empty path", async () => [await backendPart(), await frontendPart(), extraPart("tool.sh"), { path: "  " }], 422, "update/extra_path_required"],
    ["an extra with a ../ path", async () => [await backendPart(), await frontendPart(), extraPart("x"), { path: "../x" }], 422, "update/extra_path_required"],
    ["an extra with an absolute path", async () => [await backendPart(), await frontendPart(), extraPart("x"), { path: "/usr/bin/x" }], 422, "update/extra_path_required"],
    ["an extra with a backslash path", async () => [await backendPart(), await frontendPart(), extraPart("x"), { path: "bin\\x" }], 422, "update/extra_path_required"],
    ["two extras at one path", async () => [await backendPart(), await frontendPart(), extraPart("a"), { path: "bin/tool" }, extraPart("b"), { path: "BIN/Tool" }], 422, "update/extra_path_required"],
    ["an extra at the manifest's place", async () => [await backendPart(), await frontendPart(), extraPart("m"), { path: "manifest.json" }], 422, "update/extra_path_required"],
    ["an extra whose path Windows would read as a stream (a colon)", async () => [await backendPart(), await frontendPart(), extraPart("a"), { path: "bin/tool:stream" }], 422, "update/extra_path_required"],
    ["an extra named like a folder Windows strips a dot from", async () => [await backendPart(), await frontendPart(), extraPart("a"), { path: "conf./app" }], 422, "update/extra_path_required"],
    ["an extra where another extra needs a folder", async () => [await backendPart(), await frontendPart(), extraPart("a"), { path: "bin" }, extraPart("b"), { path: "bin/tool" }], 422, "update/extra_path_required"],
    ["an extra where a package is installed, as a folder", async () => [await backendPart(), await frontendPart(), extraPart("a"), { path: "backend.zip/x" }], 422, "update/extra_path_required"],
    ["more paths than extras", async () => [await backendPart(), await frontendPart(), { path: "bin/tool" }], 422, "common/validation"],
    ["21 extras", async () => [await backendPart(), await frontendPart(), ...Array.from({ length: 21 }, (_, index) => [extraPart(`f${index}`), { path: `f${index}` }]).flat()], 422, "update/too_many_extras"],
    ["a file in an unknown field", async () => [await backendPart(), await frontendPart(), { field: "extra", name: "x", content: randomBytes(10) }], 422, "common/validation"],
    ["the backend twice", async () => [await backendPart(), await backendPart(), await frontendPart()], 422, "common/validation"],
  ];

  it.each(cases)("refuses %s", async (_label, parts, status, code, field) => {
    const admin = await adminToken(t.app);
    const form = await parts();
    const response = await expectNothingStored(() => upload(admin, form));
    expect(response.statusCode, response.body).toBe(status);
    const { loc } = firstError(response);
    // A package's ZIP refusal names the package after the code, so the wizard marks that file's row.
    expect(code === "common/validation" ? loc[0] : loc).toEqual(code === "common/validation" ? "body" : field ? [code, field] : [code]);
    // Nothing is left in the store's temporary area either.
    expect(await temporaryFiles(t)).toEqual([]);
  });

  it("refuses a JSON body (415), customers (403) and anonymous callers (401), before reading any file", async () => {
    const admin = await adminToken(t.app);
    const customer = await createCustomer(t);
    const form = uploadForm([await backendPart(), await frontendPart()]);
    await expectNothingStored(async () => {
      expect((await call(t.app, { method: "POST", url: "/api/v1/updates", token: admin, payload: { backend: "backend.zip" } })).statusCode).toBe(415);
      const asCustomer = await call(t.app, { method: "POST", url: "/api/v1/updates", token: customer.token, ...form });
      expect(asCustomer.statusCode).toBe(403);
      expect((await call(t.app, { method: "POST", url: "/api/v1/updates", ...form })).statusCode).toBe(401);
    });
  });

  it("refuses a file over the per-file cap over a real connection while it is still streaming, and closes the connection", async () => {
    const admin = await adminToken(t.app);
    const address = await listeningAddress();
    const body = uploadForm([await backendPart(Buffer.concat([packageZip("big"), randomBytes(MAX_FILE_BYTES + 1024 * 1024)])), await frontendPart()]);
    await expectNothingStored(async () => {
      // More than the cap is sent and the rest never comes: the answer cannot wait for the whole body.
      let sending!: ReadableStreamDefaultController<Uint8Array>;
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          sending = controller;
          controller.enqueue(body.payload.subarray(0, MAX_FILE_BYTES + 512 * 1024));
        },
      });
      const response = await fetch(`${address}/api/v1/updates`, {
        method: "POST",
        headers: { ...body.headers, authorization: `Bearer ${admin}` },
        body: stalled,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(response.headers.get("connection")).toBe("close");
      expect(((await response.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc).toEqual(["update/file_too_large"]);
      sending.error(new Error("the client gives up"));
    });
  });
});

describe("publishing", () => {
  it("refuses a version not above every published one, equal or lower, and leaves the draft as it was", async () => {
    const admin = await adminToken(t.app);
    const latest = await publishedUpdate(admin);
    const draft = await createDraft(admin);
    const latestMajor = Number(latest.version!.split(".")[0]);
    for (const version of [latest.version!, `${latestMajor - 1}.9.9`, `${latestMajor}.0.0-rc.1`]) {
      const response = await expectNothingStored(() => publish(admin, draft.id, version));
      expect(response.statusCode, version).toBe(409);
      expect(firstError(response).loc).toEqual(["update/version_not_newer"]);
    }
    const [row] = await t.database.db.select().from(updates).where(eq(updates.id, draft.id));
    expect(row).toMatchObject({ status: "draft", version: null, manifest: null, packageSha256: null });
    const invalid = await publish(admin, draft.id, "v2");
    expect(invalid.statusCode).toBe(422);
    expect(firstError(invalid).loc).toEqual(["body", "version"]);
    const empty = await call(t.app, { method: "PUT", url: `/api/v1/updates/${draft.id}/changelog`, token: admin, payload: { header: "", version: "", type: "", changeLog: "" } });
    expect(empty.statusCode).toBe(422);
    expect(firstError(empty).msg).toBe("Please fill in all fields");
    expect((await publish(admin, draft.id, `${latestMajor}.0.1`)).statusCode).toBe(200);
  });

  it("lets only one of two concurrent publishes of the same version through", async () => {
    const admin = await adminToken(t.app);
    const first = await createDraft(admin);
    const second = await createDraft(admin);
    const version = nextVersion();
    const answers = await Promise.all([publish(admin, first.id, version), publish(admin, second.id, version)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const published = await t.database.db.select().from(updates).where(and(eq(updates.version, version), eq(updates.status, "published")));
    expect(published).toHaveLength(1);
    // The loser's package was taken back: only the winner's package is referenced and stored.
    const loser = answers[0]!.statusCode === 409 ? first : second;
    const [loserRow] = await t.database.db.select().from(updates).where(eq(updates.id, loser.id));
    expect(loserRow?.packageSha256).toBeNull();
    expect(await temporaryFiles(t)).toEqual([]);
  });

  it("never changes a published update: commands, change log, deletion and verification data stay (409)", async () => {
    const admin = await adminToken(t.app);
    const update = await publishedUpdate(admin);
    const [before] = await t.database.db.select().from(updates).where(eq(updates.id, update.id));
    const attempts = await expectNothingStored(async () => [
      await call(t.app, { method: "PUT", url: `/api/v1/updates/${update.id}/commands`, token: admin, payload: { commands: ["rm -rf /"] } }),
      await publish(admin, update.id, nextVersion()),
      await call(t.app, { method: "DELETE", url: `/api/v1/updates/${update.id}`, token: admin }),
    ]);
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(409);
      expect(firstError(response).loc).toEqual(["update/published"]);
    }
    const [after] = await t.database.db.select().from(updates).where(eq(updates.id, update.id));
    expect(after).toEqual(before);
  });
});

describe("verifications, history and notifications", () => {
  it("verifies licences per customer: statuses in the history, notifications and mail on publishing and after", async () => {
    const admin = await adminToken(t.app);
    const { customer, licenses: [first, second] } = await issueLicenses(t, { quantity: 2 });
    const other = await issueLicenses(t, { quantity: 1 });
    const draft = await createDraft(admin);

    // Verified on the draft, ahead of publishing: nobody is told yet.
    const early = await verification(admin, draft.id, first!.id);
    expect(early.statusCode, early.body).toBe(200);
    expect(json<{ data: Update }>(early).data.verifiedLicenses).toBe(1);
    expect((await verification(admin, draft.id, first!.id)).statusCode).toBe(200);
    expect((await rowCounts()).verifications).toBeGreaterThanOrEqual(1);
    const noticesOf = async (userId: string) =>
      t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, "maintenance_updates")));
    expect(await noticesOf(customer.user.id)).toHaveLength(0);

    const version = nextVersion();
    expect((await publish(admin, draft.id, version)).statusCode).toBe(200);
    const notices = await noticesOf(customer.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: `Update ${version} is available`, link: "/updates" });
    const mail = await t.database.db.select({ payload: jobs.payload }).from(jobs).where(and(eq(jobs.kind, "mail"), sql`${jobs.payload}->>'to' = ${customer.email}`));
    expect(mail.map((job) => (job.payload as { subject: string }).subject)).toContain(`Update ${version} is available`);
    expect(await noticesOf(other.customer.user.id)).toHaveLength(0);

    const history = async (token: string, query = "") =>
      json<{ data: Page<UpdateHistoryRow> }>(await call(t.app, { method: "GET", url: `/api/v1/update-history?updateId=${draft.id}&pageSize=100${query}`, token })).data;
    // A beta update: the customer's own list holds only the licence offered it, unless asked for the others too.
    expect((await history(customer.token)).items.map((row) => [row.licenseId, row.available])).toEqual([[first!.id, true]]);
    const mine = await history(customer.token, "&include=unavailable");
    expect(mine.items.map((row) => [row.licenseKey, row.status, row.customerStatus]).sort()).toEqual(
      [
        [first!.key, "verified", "partially_verified"],
        [second!.key, "not_verified", "partially_verified"],
      ].sort(),
    );
    expect(mine.items[0]).toMatchObject({ updateId: draft.id, version, userId: customer.user.id, customer: "Ada Lovelace" });
    // A status filter does not change what the customer's status counts.
    expect((await history(customer.token, "&include=unavailable&status=not_verified")).items).toEqual([
      expect.objectContaining({ licenseId: second!.id, customerStatus: "partially_verified", available: false, unavailableReasons: [{ kind: "channel", channel: "beta" }] }),
    ]);

    const all = await history(admin);
    expect(all.items.filter((row) => row.userId === other.customer.user.id)).toEqual([
      expect.objectContaining({ licenseId: other.licenses[0]!.id, status: "not_verified", customerStatus: "not_verified" }),
    ]);
    expect((await history(admin, `&userId=${customer.user.id}`)).total).toBe(2);
    expect((await history(admin, `&q=${encodeURIComponent(second!.key.slice(6, 17))}`)).items.map((row) => row.licenseId)).toEqual([second!.id]);

    // Verified after publishing: the owner is told, once per update.
    expect((await verification(admin, draft.id, second!.id)).statusCode).toBe(200);
    expect(await noticesOf(customer.user.id)).toHaveLength(1);
    expect((await history(customer.token)).items.every((row) => row.status === "verified" && row.customerStatus === "verified")).toBe(true);
    expect((await verification(admin, draft.id, other.licenses[0]!.id)).statusCode).toBe(200);
    expect(await noticesOf(other.customer.user.id)).toHaveLength(1);

    // Taken back: the customer's status follows; repeating it changes nothing.
    expect((await verification(admin, draft.id, first!.id, "DELETE")).statusCode).toBe(200);
    expect((await verification(admin, draft.id, first!.id, "DELETE")).statusCode).toBe(200);
    // (The licence no longer verified is no longer offered this beta update: only include=unavailable lists it.)
    expect((await history(customer.token)).items.map((row) => [row.licenseId, row.customerStatus])).toEqual([[second!.id, "partially_verified"]]);
    expect((await history(customer.token, "&include=unavailable")).items.map((row) => row.customerStatus)).toEqual(["partially_verified", "partially_verified"]);
    expect((await verification(admin, draft.id, second!.id, "DELETE")).statusCode).toBe(200);
    expect((await history(customer.token)).items).toEqual([]);
    expect((await history(customer.token, "&include=unavailable")).items.map((row) => row.customerStatus)).toEqual(["not_verified", "not_verified"]);

    const actions = await t.database.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, draft.id));
    expect(actions.map((row) => row.action).sort()).toEqual(
      ["update.created", "update.license_verified", "update.published", "update.license_verified", "update.license_verified", "update.license_unverified", "update.license_unverified"].sort(),
    );
  });

  it("honours the customer's notification settings: with e-mail turned off, maintenance updates are told in the app only", async () => {
    const admin = await adminToken(t.app);
    const { customer, licenses: [license] } = await issueLicenses(t);
    await setMaintenanceUpdateChannels(customer.token, { email: false, inApp: true });
    const update = await publishedUpdate(admin);
    expect((await verification(admin, update.id, license!.id)).statusCode).toBe(200);
    const inApp = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, customer.user.id), eq(notifications.type, "maintenance_updates")));
    expect(inApp).toHaveLength(1);
    const mail = await t.database.db.select().from(jobs).where(sql`${jobs.payload}->>'to' = ${customer.email} and ${jobs.payload}->>'subject' like 'Update %'`);
    expect(mail).toHaveLength(0);
  });

  it("refuses unknown licences and updates (404), customers (403) and keeps customers to their own history", async () => {
    const admin = await adminToken(t.app);
    const { customer, licenses: [license] } = await issueLicenses(t);
    const stranger = await issueLicenses(t);
    const update = await publishedUpdate(admin);
    await expectNothingStored(async () => {
      const unknownLicense = await verification(admin, update.id, UNKNOWN_ID);
      expect(unknownLicense.statusCode).toBe(404);
      expect(firstError(unknownLicense).loc).toEqual(["update/license_not_found"]);
      const unknownUpdate = await verification(admin, UNKNOWN_ID, license!.id);
      expect(firstError(unknownUpdate).loc).toEqual(["update/not_found"]);
      expect((await verification(customer.token, update.id, license!.id)).statusCode).toBe(403);
      expect((await verification(admin, update.id, "not-a-uuid")).statusCode).toBe(422);
    });
    const mine = json<{ data: Page<UpdateHistoryRow> }>(await call(t.app, { method: "GET", url: `/api/v1/update-history?pageSize=100&include=unavailable&userId=${stranger.customer.user.id}`, token: customer.token })).data;
    expect(mine.items.every((row) => row.userId === customer.user.id)).toBe(true);
    expect(mine.items.some((row) => row.updateId === update.id && row.licenseId === license!.id)).toBe(true);
    const sorted = json<{ data: Page<UpdateHistoryRow> }>(await call(t.app, { method: "GET", url: "/api/v1/update-history?sort=version&order=asc&pageSize=3&include=unavailable", token: customer.token })).data;
    expect(sorted.items.length).toBeLessThanOrEqual(3);
    expect(sorted.total).toBe(mine.total);
  });

  it("lists a deactivated licence only while it is verified", async () => {
    const admin = await adminToken(t.app);
    const { customer, licenses: [kept, retired] } = await issueLicenses(t, { quantity: 2 });
    const update = await publishedUpdate(admin);
    await verification(admin, update.id, kept!.id);
    expect((await call(t.app, { method: "POST", url: `/api/v1/licenses/${retired!.id}/deactivate`, token: admin })).statusCode).toBe(200);
    const rows = async () =>
      json<{ data: Page<UpdateHistoryRow> }>(await call(t.app, { method: "GET", url: `/api/v1/update-history?updateId=${update.id}`, token: customer.token })).data.items;
    expect((await rows()).map((row) => [row.licenseId, row.customerStatus])).toEqual([[kept!.id, "verified"]]);
    await verification(admin, update.id, retired!.id);
    expect((await rows()).map((row) => row.customerStatus)).toEqual(["verified", "verified"]);
  });
});

describe("the .req flow and downloads", () => {
  it("lists what a licence token may take, newer than the installed version, newest first", async () => {
    const admin = await adminToken(t.app);
    const { customer, licenses: [license] } = await issueLicenses(t, { maxActivations: 10 });
    const older = await publishedUpdate(admin);
    const newer = await publishedUpdate(admin);
    const unverified = await publishedUpdate(admin);
    const draft = await createDraft(admin);
    for (const update of [older, newer, draft]) expect((await verification(admin, update.id, license!.id)).statusCode).toBe(200);
    const available = async (token: string) => {
      const response = await call(t.app, { method: "GET", url: "/api/v1/req/updates", headers: withLicense(token) });
      expect(response.statusCode, response.body).toBe(200);
      return json<{ data: AvailableUpdates }>(response).data;
    };

    const unknownVersion = await available(await licenseToken(customer.token, license!.key));
    expect(unknownVersion).toMatchObject({ licenseId: license!.id, installedVersion: null });
    expect(unknownVersion.items.map((item) => item.id)).toEqual([newer.id, older.id]);
    expect(unknownVersion.items[0]).toMatchObject({ version: newer.version, files: newer.files, totalSize: newer.totalSize, changeLog: newer.changeLog });

    const onOlder = await available(await licenseToken(customer.token, license!.key, `v${older.version}`));
    expect(onOlder.installedVersion).toBe(`v${older.version}`);
    expect(onOlder.items.map((item) => item.id)).toEqual([newer.id]);
    expect((await available(await licenseToken(customer.token, license!.key, newer.version!))).items).toEqual([]);
    expect((await available(await licenseToken(customer.token, license!.key, `${older.version}-beta.1`))).items.map((item) => item.id)).toEqual([newer.id, older.id]);
    // A version that does not read as one filters nothing.
    expect((await available(await licenseToken(customer.token, license!.key, "latest"))).items).toHaveLength(2);
    expect(unverified.id).not.toBe(newer.id);

    // What the history calls "Not verified" for this licence, newer than installed: an empty list is not "up to date".
    expect(unknownVersion.awaitingVerification).toContainEqual({ id: unverified.id, version: unverified.version, publishedAt: unverified.publishedAt });
    expect(unknownVersion.awaitingVerification.map((item) => item.id)).not.toContain(older.id);
    expect(unknownVersion.awaitingVerification.map((item) => item.id)).not.toContain(draft.id);
    expect((await available(await licenseToken(customer.token, license!.key, newer.version!))).awaitingVerification.map((item) => item.id)).toEqual([unverified.id]);
    const onNewest = await available(await licenseToken(customer.token, license!.key, unverified.version!));
    expect(onNewest).toMatchObject({ items: [], awaitingVerification: [] });
    await verification(admin, unverified.id, license!.id);
    const verifiedNow = await available(await licenseToken(customer.token, license!.key, newer.version!));
    expect(verifiedNow).toMatchObject({ items: [{ id: unverified.id }], awaitingVerification: [] });

    const noToken = await call(t.app, { method: "GET", url: "/api/v1/req/updates", token: customer.token });
    expect(noToken.statusCode).toBe(401);
    expect(firstError(noToken).loc).toEqual(["license/invalid_token"]);
    expect((await call(t.app, { method: "GET", url: "/api/v1/req/updates", headers: withLicense("forged") })).statusCode).toBe(401);
  });

  it("answers 404 to a licence token, a customer or another customer for an update its licence is not verified for, and for drafts", async () => {
    const admin = await adminToken(t.app);
    const { customer, licenses: [license] } = await issueLicenses(t);
    const stranger = await issueLicenses(t);
    const update = await publishedUpdate(admin, [{ name: "tool.sh", path: "bin/tool.sh" }]);
    const draft = await createDraft(admin);
    await verification(admin, draft.id, license!.id);
    const token = await licenseToken(customer.token, license!.key);
    const strangerToken = await licenseToken(stranger.customer.token, stranger.licenses[0]!.key);
    await verification(admin, update.id, stranger.licenses[0]!.id);

    const urls = (id: string) => [`/api/v1/updates/${id}/manifest`, `/api/v1/updates/${id}/package`, `/api/v1/updates/${id}/files/backend.zip`, `/api/v1/updates/${id}/files/bin%2Ftool.sh`];
    for (const url of [...urls(update.id), ...urls(draft.id)]) {
      for (const headers of [withLicense(token), { authorization: `Bearer ${customer.token}` }]) {
        const response = await call(t.app, { method: "GET", url, headers });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
        expect(firstError(response).loc).toEqual(["update/not_found"]);
      }
    }
    // The other customer's licence is verified for it: its token and its owner get it, not the first customer.
    expect((await call(t.app, { method: "GET", url: `/api/v1/updates/${update.id}/files/bin%2Ftool.sh`, headers: withLicense(strangerToken) })).statusCode).toBe(200);
    expect((await call(t.app, { method: "GET", url: `/api/v1/updates/${update.id}/manifest`, token: stranger.customer.token })).statusCode).toBe(200);
    // A draft has no manifest or package even for an administrator; its files can be checked.
    expect((await call(t.app, { method: "GET", url: `/api/v1/updates/${draft.id}/manifest`, token: admin })).statusCode).toBe(404);
    expect((await call(t.app, { method: "GET", url: `/api/v1/updates/${draft.id}/package`, token: admin })).statusCode).toBe(404);
    expect((await call(t.app, { method: "GET", url: `/api/v1/updates/${draft.id}/files/backend.zip`, token: admin })).statusCode).toBe(200);

    const anonymous = await call(t.app, { method: "GET", url: `/api/v1/updates/${update.id}/package` });
    expect(anonymous.statusCode).toBe(401);
    expect(firstError(anonymous).loc).toEqual(["license/invalid_token"]);
    // A deactivated licence's token is no longer a licence token.
    await call(t.app, { method: "POST", url: `/api/v1/licenses/${stranger.licenses[0]!.id}/deactivate`, token: admin });
    expect((await call(t.app, { method: "GET", url: `/api/v1/updates/${update.id}/manifest`, headers: withLicense(strangerToken) })).statusCode).toBe(401);
    expect((await call(t.app, { method: "GET", url: `/api/v1/updates/${update.id}/manifest`, token: stranger.customer.token })).statusCode).toBe(404);
  });

  it("resumes a download interrupted halfway with Range; the result verifies, a flipped byte does not", async () => {
    const admin = await adminToken(t.app);
    const { customer, licenses: [license] } = await issueLicenses(t);
    const big = zipOf([{ name: "payload.bin", data: randomBytes(1_500_000) }]);
    const draft = await upload(admin, [await backendPart(big), await frontendPart(), extraPart("tool.sh", Buffer.from("#!/bin/sh\necho ok\n")), { path: "bin/tools/tool.sh" }]);
    expect(draft.statusCode, draft.body).toBe(201);
    const { id } = json<{ data: Update }>(draft).data;
    expect((await publish(admin, id, nextVersion())).statusCode).toBe(200);
    await verification(admin, id, license!.id);
    const token = await licenseToken(customer.token, license!.key);
    const signed = await manifestOf(id, withLicense(token));
    const manifest = JSON.parse(signed.manifest) as UpdateManifest;
    const backend = manifest.files.find((file) => file.path === "backend.zip")!;

    // Over a real connection: the transfer stops after about half, as a dropped line would stop it.
    const address = await listeningAddress();
    const url = `${address}/api/v1/updates/${id}/files/backend.zip`;
    const first = await interruptedDownload(url, withLicense(token), backend.size / 2);
    expect(first.status).toBe(200);
    expect(first.headers["accept-ranges"]).toBe("bytes");
    expect(first.headers["cache-control"]).toBe("private, no-store");
    expect(first.headers["content-length"]).toBe(String(backend.size));
    const etag = String(first.headers.etag);
    expect(etag).toBe(`"${backend.sha256}"`);
    const received = first.received;
    const receivedBytes = received.length;
    expect(receivedBytes).toBeGreaterThan(0);
    expect(receivedBytes).toBeLessThan(backend.size);

    const rest = await fetch(url, { headers: { ...withLicense(token), range: `bytes=${receivedBytes}-`, "if-range": etag } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get("content-range")).toBe(`bytes ${receivedBytes}-${backend.size - 1}/${backend.size}`);
    const whole = Buffer.concat([received, Buffer.from(await rest.arrayBuffer())]);
    expect(sha256(whole)).toBe(backend.sha256);

    const others = new Map<string, Buffer>([["backend.zip", whole]]);
    for (const file of manifest.files.filter((candidate) => candidate.path !== "backend.zip")) {
      const response = await call(t.app, { method: "GET", url: `/api/v1/updates/${id}/files/${file.path}`, headers: withLicense(token) });
      expect(response.statusCode, file.path).toBe(200);
      others.set(file.path, response.rawPayload);
    }
    expect(verifyDownload(signed, await publicKeyPem(), others)).toBe(true);
    const flipped = Buffer.from(whole);
    flipped[flipped.length >> 1]! ^= 0x01;
    expect(verifyDownload(signed, await publicKeyPem(), new Map([...others, ["backend.zip", flipped]]))).toBe(false);
    expect(verifyDownload({ ...signed, manifest: signed.manifest.replace(backend.sha256, sha256(flipped)) }, await publicKeyPem(), new Map([...others, ["backend.zip", flipped]]))).toBe(false);
  });

  it("answers ranges, 416, If-Range and HEAD like a file server, and finds files by path or name", async () => {
    const admin = await adminToken(t.app);
    const conf = Buffer.from("answer=42\n");
    const update = await publishedUpdate(admin, [{ name: "app.conf", path: "etc/app/app.conf", content: conf }]);
    const file = update.files.find((candidate) => candidate.path === "etc/app/app.conf")!;
    const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") => call(t.app, { method, url: `/api/v1/updates/${update.id}${url}`, token: admin, headers });

    for (const url of ["/files/etc%2Fapp%2Fapp.conf", "/files/etc/app/app.conf", "/files/app.conf"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.equals(conf)).toBe(true);
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="app.conf"; filename*=UTF-8''app.conf`);
      expect(response.headers["content-type"]).toBe("application/octet-stream");
    }
    expect((await get("/files/etc%2Fapp%2Fmissing.conf")).statusCode).toBe(404);

    const part = await get("/files/backend.zip", { range: "bytes=10-19" });
    const backend = (await get("/files/backend.zip")).rawPayload;
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-length"]).toBe("10");
    expect(part.rawPayload.equals(backend.subarray(10, 20))).toBe(true);
    const suffix = await get("/files/backend.zip", { range: "bytes=-5" });
    expect(suffix.rawPayload.equals(backend.subarray(-5))).toBe(true);

    const unsatisfiable = await get("/files/etc%2Fapp%2Fapp.conf", { range: `bytes=${file.size}-` });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers["content-range"]).toBe(`bytes */${file.size}`);

    const stale = await get("/files/etc%2Fapp%2Fapp.conf", { range: "bytes=2-", "if-range": '"0000"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(conf)).toBe(true);
    const fresh = await get("/files/etc%2Fapp%2Fapp.conf", { range: "bytes=2-", "if-range": `"${file.sha256}"` });
    expect(fresh.statusCode).toBe(206);
    expect(fresh.rawPayload.equals(conf.subarray(2))).toBe(true);
    // Several ranges, or one that cannot be read, get the whole file.
    expect((await get("/files/etc%2Fapp%2Fapp.conf", { range: "bytes=0-1,4-5" })).statusCode).toBe(200);
    expect((await get("/files/etc%2Fapp%2Fapp.conf", { range: "pages=1" })).statusCode).toBe(200);

    const head = await get("/package", {}, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    const pack = await get("/package");
    expect(head.headers["content-length"]).toBe(String(pack.rawPayload.length));
    expect(head.headers.etag).toBe(pack.headers.etag);
    const headRange = await get("/package", { range: "bytes=0-99" }, "HEAD");
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers["content-length"]).toBe("100");

    // Gone from the store behind this process's back once its size was remembered: refused, never a 200 cut short.
    expect(t.app.files).toBeInstanceOf(LocalFileStore);
    await new LocalFileStore((t.app.files as LocalFileStore).root).remove(file.sha256);
    const gone = await get("/files/etc%2Fapp%2Fapp.conf", { range: "bytes=0-3" });
    expect(gone.statusCode).toBe(404);
    expect(firstError(gone).loc).toEqual(["update/not_found"]);
    expect(gone.headers["content-range"]).toBeUndefined();
  });
});

describe("access", () => {
  it("keeps every administrative call from customers (403) and anonymous callers (401)", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const update = await publishedUpdate(admin);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/v1/updates"],
      ["GET", `/api/v1/updates/${update.id}`],
      ["DELETE", `/api/v1/updates/${update.id}`],
      ["PUT", `/api/v1/updates/${update.id}/commands`, { commands: ["x"] }],
      ["PUT", `/api/v1/updates/${update.id}/changelog`, changelog(nextVersion())],
      ["POST", `/api/v1/updates/${update.id}/verifications`, { licenseId: UNKNOWN_ID }],
      ["DELETE", `/api/v1/updates/${update.id}/verifications`, { licenseId: UNKNOWN_ID }],
    ];
    await expectNothingStored(async () => {
      for (const [method, url, payload] of calls) {
        const asCustomer = await call(t.app, { method: method as "GET", url, token: customer.token, ...(payload ? { payload: payload as object } : {}) });
        expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
        const anonymous = await call(t.app, { method: method as "GET", url, ...(payload ? { payload: payload as object } : {}) });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      }
      expect((await call(t.app, { method: "GET", url: "/api/v1/update-history" })).statusCode).toBe(401);
    });
  });
});
