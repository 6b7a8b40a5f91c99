import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  UPDATE_LIMITS,
  availableUpdatesSchema,
  pageOf,
  signedManifestSchema,
  successEnvelope,
  updateChangelogBodySchema,
  updateCommandsBodySchema,
  updateDraftPatchSchema,
  updateHistoryQuerySchema,
  updateHistoryRowSchema,
  updateListQuerySchema,
  updateSchema,
  updateVerificationBodySchema,
  uuidParam,
} from "@portal/contract";
import { AppError } from "../../lib/app-error.js";
import { sendStoredFile } from "../../lib/downloads.js";
import { requestContext } from "../../lib/request-context.js";
import { refusals } from "../../plugins/openapi.js";
import { licenseForToken } from "../licenses/index.js";
import { availableUpdates, findDownloadable, getUpdate, listUpdateHistory, listUpdates, type Downloader } from "./updates.queries.js";
import { createDraft, deleteDraft, publishUpdate, setCommands, setDraftAvailability, setVerification, yankUpdate } from "./updates.service.js";
import { UPLOAD_FIELDS, readUpdateUpload } from "./uploads.js";
import { MAX_COMPRESSION_RATIO } from "./zip-inspection.js";

const tags = ["updates"];
const admin = { access: "admin" as const };
const byLicense = { access: "license" as const };
const updateAnswer = { 200: successEnvelope(updateSchema) };
const LICENSE_TOKEN_HEADER = "x-license-token";

const binary = z.string().meta({ format: "binary" });
/** A download's answer under the content types it is really served with. */
const binaryAnswer = (description: string, contentTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(contentTypes.map((type) => [type, { schema: binary }])),
});
// A file of an update is served as application/zip when its name ends in .zip (both packages), else as application/octet-stream.
const UPDATE_FILE_TYPES = ["application/zip", "application/octet-stream"] as const;
const downloadAnswers = (what: string, contentTypes: readonly string[]) => ({
  200: binaryAnswer(`${what}, streamed, with \`ETag: "<sha256>"\`, \`Accept-Ranges: bytes\` and \`Content-Disposition: attachment\``, contentTypes),
  206: binaryAnswer("The single byte range the `Range` header asked for (while `If-Range`, when sent, still matches the ETag), with `Content-Range`", contentTypes),
  ...refusals("update/not_found", "update/yanked", "update/outside_access_window", "license/expired", { code: "common/bad_request", status: 416 }),
});
const downloadAccess =
  "Send the licence token of the .req flow in `X-License-Token` (this published update must be offered to its licence: verified for it by hand, or the licence follows the update's `channel` and has every one of its `requiredFeatures`), or call as an administrator. Anything else — another licence, another channel, a missing feature, a draft, an unknown id — is `404 update/not_found`; a yanked update is `410 update/yanked` (for administrators too). A logged-in customer may download through any of their licences offered it. Expiry (the licence's `expirationStrategy`): past `expiresAt` a `revoke` licence has no update (its token answers `409 license/expired`; through a customer's login it counts as not verified), and a `perpetual_fallback` licence has only the updates published before its `expiresAt` — a later one is `403 update/outside_access_window`.";
const resumeNote =
  "Resumable: `Range: bytes=N-` answers 206 from byte N; a range past the end answers 416 with `Content-Range: bytes */<size>`; HEAD answers the headers alone.";

const fileParams = z.strictObject({
  id: z.uuid({ error: "Not a valid identifier" }),
  name: z.string().min(1).max(4 * UPDATE_LIMITS.maxPathLength),
});
const fileWildcardParams = z.strictObject({
  id: z.uuid({ error: "Not a valid identifier" }),
  "*": z.string().min(1).max(4 * UPDATE_LIMITS.maxPathLength),
});

const uploadDescription = `Multipart fields: \`${UPLOAD_FIELDS.backend}\` (one file, named exactly \`backend.zip\`), \`${UPLOAD_FIELDS.frontend}\` (\`frontend.zip\`), up to ${UPDATE_LIMITS.maxExtras} files in \`${UPLOAD_FIELDS.extras}\` and as many text fields \`${UPLOAD_FIELDS.extraPaths}\`, paired by order: the n-th \`${UPLOAD_FIELDS.extraPaths}\` is the install path of the n-th extra file — its full relative path with its name, e.g. \`config/app.conf\` (normalised to forward slashes; no \`..\`, absolute or drive paths, backslashes or control characters; unique within the update, ignoring case; at most ${UPDATE_LIMITS.maxPathLength} characters). Each file may be at most \`UPDATE_MAX_FILE_BYTES\` (default 2 GiB; refused while it streams). The two packages must be real ZIP archives whose entries are safe relative paths (no \`..\`, absolute paths, drive letters, backslashes or symbolic links) and which expand to at most \`UPDATE_MAX_EXPANDED_BYTES\` (default 8 GiB, counted while inflating), no entry more than ${MAX_COMPRESSION_RATIO} times its compressed size; extras are installed as they are and not opened. Any refusal stores nothing.`;

export const updateRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = () => ({ maxFileBytes: app.config.UPDATE_MAX_FILE_BYTES, maxExpandedBytes: app.config.UPDATE_MAX_EXPANDED_BYTES });
  const deps = () => ({ files: app.files, mailing: app.mailing, signer: app.signer });

  /** Who is downloading: a licence token when one is sent, else the logged-in caller. */
  async function downloaderOf(request: FastifyRequest): Promise<Downloader> {
    const licenseToken = request.headers[LICENSE_TOKEN_HEADER];
    if (licenseToken !== undefined) {
      const { record } = await licenseForToken(app.db, String(licenseToken));
      return { kind: "license", licenseId: record.license.id };
    }
    if (!request.user) throw new AppError("license/invalid_token");
    return request.user.isAdmin ? { kind: "admin" } : { kind: "customer", userId: request.user.id };
  }

  const missingFile = () => new AppError("update/not_found", { message: "The file of this update is missing." });

  app.post(
    "/updates",
    {
      config: { ...admin, scope: "updates:write" },
      schema: {
        tags,
        operationId: "createUpdate",
        summary: "Step 1: upload an update's files; answers the new draft (admin)",
        description: uploadDescription,
        consumes: ["multipart/form-data"],
        response: {
          201: successEnvelope(updateSchema),
          ...refusals(
            "update/files_required",
            "update/file_name",
            "update/not_a_zip",
            "update/unsafe_zip",
            "update/zip_too_large",
            "update/file_too_large",
            "update/too_many_extras",
            "update/extra_path_required",
            "common/validation",
            "common/bad_request",
            "common/payload_too_large",
            "common/unsupported_media_type",
          ),
        },
      },
    },
    async (request, reply) => {
      const staged = await readUpdateUpload(request, app.files, limits());
      return reply.status(201).send({ status: "success" as const, data: await createDraft(app.db, staged, requestContext(request), deps()) });
    },
  );

  app.get(
    "/updates",
    {
      config: { ...admin, scope: "read" },
      schema: {
        tags,
        operationId: "listUpdates",
        summary: "Drafts and published updates with their files, paged and sorted in SQL (admin)",
        description: "`sort=version` orders by semantic-version precedence (drafts have no version yet); `q` searches version and header.",
        querystring: updateListQuerySchema,
        response: { 200: successEnvelope(pageOf(updateSchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listUpdates(app.db, request.query) }),
  );

  app.get(
    "/updates/:id",
    {
      config: { ...admin, scope: "read" },
      schema: { tags, operationId: "getUpdate", summary: "One update with its files (admin)", params: uuidParam, response: { ...updateAnswer, ...refusals("update/not_found") } },
    },
    async (request) => ({ status: "success" as const, data: await getUpdate(app.db, request.params.id) }),
  );

  app.delete(
    "/updates/:id",
    {
      config: { ...admin, scope: "updates:write" },
      schema: {
        tags,
        operationId: "deleteUpdate",
        summary: "Delete a draft and its files (admin); a published update stays",
        description: "Stored files go with the draft unless another update or a ticket attachment has the same content.",
        params: uuidParam,
        response: { 200: successEnvelope(z.object({ deleted: z.literal(true) })), ...refusals("update/not_found", "update/published") },
      },
    },
    async (request) => {
      await deleteDraft(app.db, request.params.id, requestContext(request), deps());
      return { status: "success" as const, data: { deleted: true as const } };
    },
  );

  app.put(
    "/updates/:id/commands",
    {
      config: { ...admin, scope: "updates:write" },
      schema: {
        tags,
        operationId: "setUpdateCommands",
        summary: "Step 2: the install commands of a draft, in order (admin)",
        params: uuidParam,
        body: updateCommandsBodySchema,
        response: { ...updateAnswer, ...refusals("update/not_found", "update/published") },
      },
    },
    async (request) => ({ status: "success" as const, data: await setCommands(app.db, request.params.id, request.body, requestContext(request)) }),
  );

  app.put(
    "/updates/:id/changelog",
    {
      config: { ...admin, scope: "updates:write" },
      schema: {
        tags,
        operationId: "publishUpdate",
        summary: "Step 3: header, version, type and change log; publishes the draft with a signed manifest (admin)",
        description:
          "The version must be above every published version by semantic-version precedence. `channel` and `requiredFeatureIds`, when sent, set the update's release channel and required features (else what the draft has: `stable`, none). Publishing signs the manifest with the licence signing key, builds the package and notifies the customers with a licence offered the update — verified by hand, or following its channel with every required feature — and in force (type `maintenance_updates`). A published update never changes (but for a yank).",
        params: uuidParam,
        body: updateChangelogBodySchema,
        response: { ...updateAnswer, ...refusals("update/not_found", "update/published", "update/version_not_newer", "catalogue/unknown_feature", "common/conflict") },
      },
    },
    async (request) => ({ status: "success" as const, data: await publishUpdate(app.db, request.params.id, request.body, requestContext(request), deps()) }),
  );

  app.patch(
    "/updates/:id",
    {
      config: { ...admin, scope: "updates:write" },
      schema: {
        tags,
        operationId: "setUpdateAvailability",
        summary: "A draft's release channel and required features, before step 3 (admin)",
        description:
          "Either field may be left out (kept). A licence following `channel` that has every one of `requiredFeatureIds` may take the update once it is published; a licence verified for it by hand may take it whatever its channel and features. Step 3 may set them too.",
        params: uuidParam,
        body: updateDraftPatchSchema,
        response: { ...updateAnswer, ...refusals("update/not_found", "update/published", "catalogue/unknown_feature") },
      },
    },
    async (request) => ({ status: "success" as const, data: await setDraftAvailability(app.db, request.params.id, request.body, requestContext(request)) }),
  );

  app.post(
    "/updates/:id/yank",
    {
      config: { ...admin, scope: "updates:write" },
      schema: {
        tags,
        operationId: "yankUpdate",
        summary: "Withdraw a published update from every list and download (admin)",
        description:
          "From then on no licence is offered it (`GET /req/updates`, the customers' history without it unless they had it: then shown with `yankedAt`), and its manifest, files and package answer `410 update/yanked` to everyone. Administrators still see it in `GET /updates` (with `yankedAt`; filter `yanked`). Not undone; no webhook.",
        params: uuidParam,
        response: { ...updateAnswer, ...refusals("update/not_found", "update/not_published", "update/already_yanked") },
      },
    },
    async (request) => ({ status: "success" as const, data: await yankUpdate(app.db, request.params.id, requestContext(request)) }),
  );

  for (const [method, verified] of [["POST", true], ["DELETE", false]] as const) {
    app.route({
      method,
      url: "/updates/:id/verifications",
      config: { ...admin, scope: "updates:write" },
      schema: {
        tags,
        operationId: verified ? "verifyUpdateLicense" : "unverifyUpdateLicense",
        summary: verified ? "Verify a licence for an update: it may list and download it (admin)" : "Take a licence's verification for an update back (admin)",
        description: verified
          ? "Idempotent. Verifying for a published update notifies the licence's owner (once per update); for a draft, when it is published."
          : "Idempotent.",
        params: uuidParam,
        body: updateVerificationBodySchema,
        response: { ...updateAnswer, ...refusals("update/not_found", "update/license_not_found") },
      },
      handler: async (request) => {
        const { id } = request.params as z.output<typeof uuidParam>;
        const { licenseId } = request.body as z.output<typeof updateVerificationBodySchema>;
        return { status: "success" as const, data: await setVerification(app.db, id, licenseId, verified, requestContext(request), deps()) };
      },
    });
  }

  app.get(
    "/update-history",
    {
      config: { scope: "read" },
      schema: {
        tags,
        operationId: "listUpdateHistory",
        summary: "Update history: one row per published update and licence (customers: their own; admins: all), paged and sorted in SQL",
        description:
          "Lists each licence that is not deactivated, and a deactivated one while it is still verified. Customers see the rows of the updates each licence is offered (verified by hand, or its channel and required features; `available`), a yanked one it had too (`yankedAt`); with `include=unavailable` also the published, not yanked updates a licence is not offered, each with `unavailableReasons` (`channel`: it does not follow the update's channel; `feature`: it lacks a required feature), [] on the others. Administrators see every row. `status` is the verification by hand. `customerStatus` counts all of the customer's listed licences for that update, whatever the filters: all verified → `verified`, some → `partially_verified`, none → `not_verified`. `q` searches licence key, username, customer name and version; `userId` is for administrators.",
        querystring: updateHistoryQuerySchema,
        response: { 200: successEnvelope(pageOf(updateHistoryRowSchema)) },
      },
    },
    async (request) => {
      const user = request.user!;
      return { status: "success" as const, data: await listUpdateHistory(app.db, { id: user.id, isAdmin: user.isAdmin }, request.query) };
    },
  );

  app.get(
    "/req/updates",
    {
      config: { ...byLicense, scope: "read" },
      schema: {
        tags: [".req flow", ...tags],
        operationId: "listAvailableUpdates",
        // The licence token alone: a bearer token does not say which licence is asking.
        security: [{ licenseToken: [] }],
        summary: "The updates a licence token may take: published, not yanked, offered to its licence (verified, or its channel and required features), newer than the installed version",
        description:
          "Header `X-License-Token` from `POST /api/v1/req/auth`. When line 2 of that .req was a JSON object with a `version` field that reads as a semantic version (a leading `v` is allowed), only updates above it are listed. Newest first. Past the licence's `expiresAt`: a `revoke` licence's token answers `409 license/expired`; a `perpetual_fallback` licence lists (in `items` and `awaitingVerification`) only updates published before its `expiresAt`.",
        response: { 200: successEnvelope(availableUpdatesSchema), ...refusals("license/expired") },
      },
    },
    async (request) => {
      const licenseToken = request.headers[LICENSE_TOKEN_HEADER];
      const { record, installedVersion } = await licenseForToken(app.db, licenseToken === undefined ? undefined : String(licenseToken));
      return { status: "success" as const, data: await availableUpdates(app.db, record.license.id, installedVersion) };
    },
  );

  app.get(
    "/updates/:id/manifest",
    {
      config: { ...byLicense, scope: "read" },
      schema: {
        tags,
        operationId: "getUpdateManifest",
        summary: "The signed manifest of a published update",
        description: `${downloadAccess} \`manifest\` is the JSON text \`{updateId, version, type, header, changeLog, commands, files[{name, path, size, sha256}], publishedAt}\`; \`signature\` is base64 Ed25519 over its exact UTF-8 bytes, verifiable with \`GET /api/v1/licenses/public-key\`.`,
        params: uuidParam,
        response: { 200: successEnvelope(signedManifestSchema), ...refusals("update/not_found", "update/yanked", "update/outside_access_window", "license/expired") },
      },
    },
    async (request) => {
      const { update } = await findDownloadable(app.db, await downloaderOf(request), request.params.id);
      if (!update.manifest || !update.manifestSignature) throw new AppError("update/not_found");
      return { status: "success" as const, data: { manifest: update.manifest, signature: update.manifestSignature, alg: "ed25519" as const } };
    },
  );

  /**
   * A download as GET and HEAD. Fastify's own HEAD routes would run the handler and read the whole
   * stream to throw it away; this HEAD answers the same headers and opens no file.
   */
  const downloadRoute = <Params>(
    url: string,
    options: { schema: Record<string, unknown> },
    handler: (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => Promise<FastifyReply>,
  ) => {
    for (const method of ["GET", "HEAD"] as const) {
      app.route({
        method,
        url,
        config: { ...byLicense, scope: "read" },
        // Sent as stored, with its length and byte ranges: never compressed.
        compress: false,
        exposeHeadRoute: false,
        schema: method === "GET" ? options.schema : { ...options.schema, hide: true },
        handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
      });
    }
  };

  const sendUpdateFile = async (request: FastifyRequest, reply: FastifyReply, id: string, name: string) => {
    const { files } = await findDownloadable(app.db, await downloaderOf(request), id);
    // By install path; by file name only where no path matches and the name is unambiguous.
    const byPath = files.find((file) => file.path === name);
    const byName = files.filter((file) => file.name === name);
    const file = byPath ?? (byName.length === 1 ? byName[0] : undefined);
    if (!file) throw new AppError("update/not_found", { message: "This update has no such file." });
    const baseName = file.path.split("/").at(-1)!;
    const contentType = baseName.toLowerCase().endsWith(".zip") ? UPDATE_FILE_TYPES[0] : UPDATE_FILE_TYPES[1];
    return sendStoredFile(request, reply, app.files, { sha256: file.sha256, name: baseName, contentType }, missingFile);
  };

  downloadRoute<z.output<typeof fileParams>>(
    "/updates/:id/files/:name",
    {
      schema: {
        tags,
        operationId: "downloadUpdateFile",
        summary: "Download one file of an update, resumable",
        description: `${downloadAccess} \`{name}\` is the file's install path, percent-encoded as one path segment (\`backend.zip\`, \`config%2Fapp.conf\`); unencoded slashes (\`files/config/app.conf\`) are accepted too. A file's own name works where no install path matches it and no other file has that name. ${resumeNote} Administrators may also download a draft's files.`,
        params: fileParams,
        response: downloadAnswers("The file: `application/zip` when its name ends in `.zip`, else `application/octet-stream`", UPDATE_FILE_TYPES),
      },
    },
    async (request, reply) => sendUpdateFile(request, reply, request.params.id, request.params.name),
  );

  // Install paths with their slashes unencoded reach the same handler; documented with the route above.
  downloadRoute<z.output<typeof fileWildcardParams>>("/updates/:id/files/*", { schema: { hide: true, params: fileWildcardParams } }, async (request, reply) =>
    sendUpdateFile(request, reply, request.params.id, request.params["*"]),
  );

  downloadRoute<z.output<typeof uuidParam>>(
    "/updates/:id/package",
    {
      schema: {
        tags,
        operationId: "downloadUpdatePackage",
        summary: "Download a published update as one ZIP: manifest.json, manifest.sig and every file at its install path, resumable",
        description: `${downloadAccess} The package is built once, at publishing: stored entries (no recompression), \`manifest.json\` (the signed text, byte for byte), \`manifest.sig\` (its base64 signature), then each file at its install path. ${resumeNote}`,
        params: uuidParam,
        response: downloadAnswers("The package", ["application/zip"]),
      },
    },
    async (request, reply) => {
      const { update } = await findDownloadable(app.db, await downloaderOf(request), request.params.id);
      if (!update.packageSha256 || !update.version) throw new AppError("update/not_found");
      return sendStoredFile(request, reply, app.files, { sha256: update.packageSha256, name: `update-${update.version}.zip`, contentType: "application/zip" }, missingFile);
    },
  );
};
