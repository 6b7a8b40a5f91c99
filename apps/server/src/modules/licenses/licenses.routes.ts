import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  REQ_FILE_MAX_BYTES,
  installationListSchema,
  installationParams,
  licenseChannelsBodySchema,
  licenseFileQuerySchema,
  licenseListQuerySchema,
  licenseRequestBodySchema,
  licenseRequestListQuerySchema,
  licenseRequestPatchSchema,
  licenseRequestSchema,
  licenseSchema,
  machineFileQuerySchema,
  normalizeLicenseKey,
  pageOf,
  publicKeySchema,
  reqAuthAnswerSchema,
  rejectBodySchema,
  seatBodySchema,
  successEnvelope,
  uuidParam,
  validateBodySchema,
  validationAnswerSchema,
  type ValidationData,
} from "@portal/contract";
import { AppError } from "../../lib/app-error.js";
import { requestContext } from "../../lib/request-context.js";
import { signedEnvelope } from "../../lib/signing.js";
import { currentUser } from "../../plugins/auth.js";
import { getLicense, listInstallations, listLicenses, releaseInstallation, setLicenseActive, setLicenseChannels } from "./licenses.service.js";
import { licenseFileFor, machineFileFor, machineFileForToken } from "./license-files.service.js";
import { authenticateReq, parseReqFile } from "./req-file.service.js";
import {
  approveLicenseRequest,
  cancelLicenseRequest,
  createLicenseRequest,
  getLicenseRequest,
  listLicenseRequests,
  patchLicenseRequest,
  rejectLicenseRequest,
} from "./requests.service.js";
import { startTrial, TRIAL_STARTS_PER_HOUR } from "./trials.service.js";
import { validateLicense } from "./validation.service.js";
import { heartbeat, releaseSeat } from "./seats.service.js";
import { refusals } from "../../plugins/openapi.js";

const admin = { access: "admin" as const };
const LICENSE_TOKEN_HEADER = "x-license-token";

/** A licence or machine file goes out as an attachment, never cached. */
function sendFile(reply: FastifyReply, name: string, file: string) {
  return reply.header("content-disposition", `attachment; filename="${name}"`).header("cache-control", "no-store").type("text/plain; charset=utf-8").send(file);
}

const encryptedFileText =
  "made exactly as Keygen makes its cryptographic files (`aes-256-gcm+ed25519`): AES-256-GCM with key = SHA-256 of the licence key as the API shows it{SECRET}, a random 12-byte IV, empty additional data; `enc` = base64(ciphertext) `.` base64(iv) `.` base64(16-byte tag); `sig` = base64 Ed25519 over the UTF-8 bytes of `\"{PREFIX}/\" + enc` (public key: `GET /api/v1/licenses/public-key`); the armoured body is base64 of `{enc, sig, alg}` in lines of 60. `ttl` (3600..31536000 seconds) sets `meta.expiry`; by default the licence's `offlineTtlDays`, else until the licence ends (at least an hour, at most a year).";
const requestAnswer = { 200: successEnvelope(licenseRequestSchema) };
const licenseAnswer = { 200: successEnvelope(licenseSchema) };

export const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailing = () => app.mailing;

  app.get(
    "/license-requests",
    {
      config: { scope: "read" },
      schema: {
        tags: ["licence requests"],
        operationId: "listLicenseRequests",
        summary: "Licence requests, paged (customers: their own; admins: all)",
        querystring: licenseRequestListQuerySchema,
        response: { 200: successEnvelope(pageOf(licenseRequestSchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listLicenseRequests(app.db, currentUser(request.user), request.query) }),
  );
  app.post(
    "/license-requests",
    {
      config: { scope: "licenses:write" },
      schema: {
        tags: ["licence requests"],
        operationId: "createLicenseRequest",
        summary: "Request licences for a plan or a set of features",
        body: licenseRequestBodySchema,
        response: { 201: successEnvelope(licenseRequestSchema), ...refusals("common/not_found", "catalogue/plan_not_found", "catalogue/unknown_feature") },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: "success" as const,
        data: await createLicenseRequest(app.db, currentUser(request.user), request.body, requestContext(request), app.jobs),
      }),
  );
  app.get(
    "/license-requests/:id",
    { config: { scope: "read" }, schema: { tags: ["licence requests"], operationId: "getLicenseRequest", summary: "One licence request", params: uuidParam, response: { ...requestAnswer, ...refusals("common/not_found") } } },
    async (request) => ({ status: "success" as const, data: await getLicenseRequest(app.db, currentUser(request.user), request.params.id) }),
  );
  app.patch(
    "/license-requests/:id",
    {
      config: { ...admin, scope: "licenses:write" },
      schema: { tags: ["licence requests"], operationId: "updateLicenseRequest", summary: "Edit a pending request (admin)", params: uuidParam, body: licenseRequestPatchSchema, response: { ...requestAnswer, ...refusals("common/not_found", "catalogue/plan_not_found", "license/not_pending", "catalogue/unknown_feature") } },
    },
    async (request) => ({
      status: "success" as const,
      data: await patchLicenseRequest(app.db, currentUser(request.user), request.params.id, request.body, requestContext(request)),
    }),
  );
  app.post(
    "/license-requests/:id/approve",
    { config: { ...admin, scope: "licenses:write" }, schema: { tags: ["licence requests"], operationId: "approveLicenseRequest", summary: "Approve and issue the licences (admin)", params: uuidParam, response: { ...requestAnswer, ...refusals("common/not_found", "catalogue/plan_not_found", "license/not_pending", "catalogue/unknown_feature") } } },
    async (request) => ({
      status: "success" as const,
      data: await approveLicenseRequest(app.db, currentUser(request.user), request.params.id, requestContext(request), mailing()),
    }),
  );
  app.post(
    "/license-requests/:id/reject",
    {
      config: { ...admin, scope: "licenses:write" },
      schema: { tags: ["licence requests"], operationId: "rejectLicenseRequest", summary: "Reject with a reason (admin)", params: uuidParam, body: rejectBodySchema, response: { ...requestAnswer, ...refusals("common/not_found", "license/not_pending") } },
    },
    async (request) => ({
      status: "success" as const,
      data: await rejectLicenseRequest(app.db, currentUser(request.user), request.params.id, request.body.reason, requestContext(request), mailing()),
    }),
  );
  app.post(
    "/license-requests/:id/cancel",
    { config: { scope: "licenses:write" }, schema: { tags: ["licence requests"], operationId: "cancelLicenseRequest", summary: "Cancel my pending request", params: uuidParam, response: { ...requestAnswer, ...refusals("common/not_found", "license/not_pending") } } },
    async (request) => ({
      status: "success" as const,
      data: await cancelLicenseRequest(app.db, currentUser(request.user), request.params.id, requestContext(request)),
    }),
  );

  app.get(
    "/licenses",
    {
      config: { scope: "read" },
      schema: {
        tags: ["licences"],
        operationId: "listLicenses",
        summary: "Issued licences, paged and sorted in SQL (customers: their own)",
        querystring: licenseListQuerySchema,
        response: { 200: successEnvelope(pageOf(licenseSchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listLicenses(app.db, currentUser(request.user), request.query) }),
  );

  // Under /plans, but a licence is what it makes: declared here, since catalogue → orders → licenses
  // already, and catalogue importing licences' issuing would close a module cycle.
  app.post(
    "/plans/:id/trial",
    {
      config: {
        scope: "licenses:write",
        // Per account, over an hour: every attempt counts, refused ones too.
        rateLimit: { max: TRIAL_STARTS_PER_HOUR, timeWindow: 3_600_000, keyGenerator: (request: FastifyRequest) => `trial:${request.user?.id ?? request.ip}` },
      },
      schema: {
        tags: ["licences"],
        operationId: "startTrial",
        summary: "Start the free trial a plan offers (customers): a trial licence at once, once per customer per plan",
        description:
          "Issues a licence of `type: \"trial\"`, `status: \"not_activated\"`, expiring `trialDays` from now, with the plan's limits, features and policy; no request, approval or order. A fingerprint activates one trial of a plan, under any account (`TRIAL_ALREADY_USED`).",
        params: uuidParam,
        response: { 201: successEnvelope(licenseSchema), ...refusals("auth/forbidden", "plan/not_found", "trial/already_used") },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ status: "success" as const, data: await startTrial(app.db, currentUser(request.user), request.params.id, requestContext(request), mailing()) }),
  );

  app.get(
    "/licenses/public-key",
    {
      config: { access: "public" },
      schema: { tags: ["licence check"], operationId: "getLicensePublicKey", summary: "The Ed25519 public key that verifies licence files and validation answers", response: { 200: successEnvelope(publicKeySchema) } },
    },
    async () => ({ status: "success" as const, data: { algorithm: "Ed25519" as const, publicKey: app.signer.publicKeyPem, keyId: app.signer.keyId } }),
  );

  // Per key as well as per IP: a botnet cannot hammer one licence, and one office cannot starve others.
  // A second limiter on the same route: createRateLimit only counts, so the per-IP one still runs too.
  // Each route counts a key apart (`validate-key:…`, `heartbeat-key:…`, `release-key:…`), as the per-IP
  // limit does: a floating licence's heartbeats do not use up its validations.
  const countPerKey = app.createRateLimit({
    max: app.config.VALIDATE_KEY_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) =>
      `${request.routeOptions.url?.split("/").pop() ?? "validate"}-key:${normalizeLicenseKey(String((request.body as { key?: unknown } | undefined)?.key ?? ""))}`,
  });
  const perKeyLimit = async (request: FastifyRequest) => {
    const limit = await countPerKey(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new AppError("common/rate_limited", { headers: { "retry-after": String(Math.max(1, limit.ttlInSeconds)) } });
    }
  };
  // Validate, heartbeat and release: public, limited per IP and per key alike, answered signed and never cached.
  const licenseCheck = {
    config: { access: "public" as const, rateLimit: { max: app.config.VALIDATE_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
    preHandler: perKeyLimit,
  };
  const signedAnswer = (reply: FastifyReply, data: ValidationData) => {
    reply.header("cache-control", "no-store").type("application/json; charset=utf-8");
    // Sent as the exact string that was signed; Fastify passes a JSON-typed string through untouched.
    return reply.send(signedEnvelope(data, app.signer) as never);
  };
  const signedDescription = "`signature` is Ed25519 (base64) over the exact bytes of `data` as serialised in the body.";
  app.post(
    "/licenses/validate",
    {
      ...licenseCheck,
      schema: {
        tags: ["licence check"],
        operationId: "validateLicense",
        summary: "Validate a key (and activate a new fingerprint while there is room; on a floating licence, take or refresh a seat); the answer is signed",
        description: signedDescription,
        body: validateBodySchema,
        response: { 200: validationAnswerSchema },
      },
    },
    async (request, reply) => {
      const data = await validateLicense(app.db, app.preparedQuery, request.body, () => requestContext(request), app.jobs);
      // Counted in memory, written in batches: the admin dashboard's validations per day.
      app.validationCounter.record();
      return signedAnswer(reply, data);
    },
  );
  app.post(
    "/licenses/heartbeat",
    {
      ...licenseCheck,
      schema: {
        tags: ["licence check"],
        operationId: "heartbeatLicense",
        summary: "Keep a floating seat: VALID with the new leaseExpiresAt, LEASE_EXPIRED once it lapsed or was released (validate again to take a seat); the answer is signed",
        description: `${signedDescription} A heartbeat never takes a seat: a fingerprint without an installation on the licence answers NOT_FOUND. On a node-locked licence a live installation answers VALID with leaseExpiresAt null.`,
        body: seatBodySchema,
        response: { 200: validationAnswerSchema },
      },
    },
    async (request, reply) => signedAnswer(reply, await heartbeat(app.db, app.preparedQuery, request.body)),
  );
  app.post(
    "/licenses/release",
    {
      ...licenseCheck,
      schema: {
        tags: ["licence check"],
        operationId: "releaseLicenseSeat",
        summary: "Check in a floating seat (at exit): its place is free at once; answers LEASE_EXPIRED with the lease's end, signed",
        description: `${signedDescription} Not counted against the releases per 30 days. On a node-locked licence nothing changes and a live installation answers VALID with leaseExpiresAt null.`,
        body: seatBodySchema,
        response: { 200: validationAnswerSchema },
      },
    },
    async (request, reply) => signedAnswer(reply, await releaseSeat(app.preparedQuery, request.body)),
  );

  app.get(
    "/licenses/:id",
    { config: { scope: "read" }, schema: { tags: ["licences"], operationId: "getLicense", summary: "One licence", params: uuidParam, response: { ...licenseAnswer, ...refusals("common/not_found") } } },
    async (request) => ({ status: "success" as const, data: await getLicense(app.db, currentUser(request.user), request.params.id) }),
  );
  app.get(
    "/licenses/:id/file",
    {
      // A download goes out as it is stored (its length known, ranges possible), never re-encoded.
      compress: false,
      config: { scope: "read" },
      schema: {
        tags: ["licences"],
        operationId: "downloadLicenseFile",
        summary: "The signed licence file (Keygen's format) for offline verification; `encrypt=true` for the encrypted one",
        description: `Without \`encrypt\` (or \`encrypt=false\`): today's \`base64+ed25519\` file, readable by anyone holding it, \`meta.ttl\` 30 days unless \`ttl\` says. With \`encrypt=true\`: the plaintext \`{data:{type:"licenses", id, attributes:{key, name, status, expiry, created, floating, maxMachines, requireHeartbeat, metadata}}, included:[{type:"entitlements", id, attributes:{code, name}}…], meta:{issued, expiry, ttl}}\`, ${encryptedFileText.replace("{SECRET}", "").replace("{PREFIX}", "license")}`,
        params: uuidParam,
        querystring: licenseFileQuerySchema,
        response: {
          200: {
            description: "The licence file, as an attachment named after the compact key (`<key>.lic`)",
            content: { "text/plain": { schema: z.string() } },
          },
          ...refusals("common/not_found", "license/deactivated"),
        },
      },
    },
    async (request, reply) => {
      const { file, record } = await licenseFileFor(app.db, currentUser(request.user), request.params.id, request.query, app.signer, requestContext(request));
      return sendFile(reply, `${record.license.keyCompact}.lic`, file);
    },
  );
  app.post(
    "/licenses/:id/deactivate",
    { config: { ...admin, scope: "licenses:write" }, schema: { tags: ["licences"], operationId: "deactivateLicense", summary: "Deactivate a licence (admin)", params: uuidParam, response: { ...licenseAnswer, ...refusals("common/not_found") } } },
    async (request) => ({
      status: "success" as const,
      data: await setLicenseActive(app.db, currentUser(request.user), request.params.id, false, requestContext(request), app.jobs),
    }),
  );
  app.post(
    "/licenses/:id/reactivate",
    { config: { ...admin, scope: "licenses:write" }, schema: { tags: ["licences"], operationId: "reactivateLicense", summary: "Reactivate a deactivated licence (admin)", params: uuidParam, response: { ...licenseAnswer, ...refusals("common/not_found", "license/not_deactivated") } } },
    async (request) => ({
      status: "success" as const,
      data: await setLicenseActive(app.db, currentUser(request.user), request.params.id, true, requestContext(request), app.jobs),
    }),
  );
  app.put(
    "/licenses/:id/channels",
    {
      config: { ...admin, scope: "licenses:write" },
      schema: {
        tags: ["licences"],
        operationId: "setLicenseChannels",
        summary: "The release channels a licence follows (admin)",
        description:
          "`channels`: at least one of `stable`, `rc`, `beta`, `alpha`, `dev` (repeats dropped, answered in that order). A published update on one of them is offered to the licence when it has every feature the update requires (API.md \"Release channels\"). Audited as `license.channels_changed`.",
        params: uuidParam,
        body: licenseChannelsBodySchema,
        response: { ...licenseAnswer, ...refusals("common/not_found") },
      },
    },
    async (request) => ({ status: "success" as const, data: await setLicenseChannels(app.db, request.params.id, request.body.channels, requestContext(request)) }),
  );
  app.get(
    "/licenses/:id/installations",
    {
      config: { scope: "read" },
      schema: {
        tags: ["licences"],
        operationId: "listInstallations",
        summary: "The installations a licence is activated on, and how many releases remain",
        params: uuidParam,
        response: { 200: successEnvelope(installationListSchema), ...refusals("common/not_found") },
      },
    },
    async (request) => ({ status: "success" as const, data: await listInstallations(app.db, currentUser(request.user), request.params.id) }),
  );
  app.get(
    "/licenses/:id/installations/:installationId/file",
    {
      compress: false,
      config: { scope: "read" },
      schema: {
        tags: ["licences"],
        operationId: "downloadMachineFile",
        summary: "The encrypted machine file (Keygen's format) of one installation, for offline activation",
        description: `\`-----BEGIN MACHINE FILE-----\` … \`-----END MACHINE FILE-----\`: the plaintext \`{data:{type:"machines", id, attributes:{fingerprint, name, created, lastSeen, …}}, included:[the licence, its entitlements], meta:{issued, expiry, ttl}}\`, ${encryptedFileText.replace("{SECRET}", " followed by the installation's fingerprint").replace("{PREFIX}", "machine")} The licence's owner or an administrator; a released installation is 404.`,
        params: installationParams,
        querystring: machineFileQuerySchema,
        response: {
          200: { description: "The machine file, as an attachment (`machine-<fingerprint prefix>.lic`)", content: { "text/plain": { schema: z.string() } } },
          ...refusals("common/not_found", "license/deactivated"),
        },
      },
    },
    async (request, reply) => {
      const { params } = request;
      const { file, installation } = await machineFileFor(app.db, currentUser(request.user), params.id, params.installationId, request.query.ttl, app.signer, requestContext(request));
      return sendFile(reply, `machine-${installation.fingerprint.slice(0, 16)}.lic`, file);
    },
  );
  app.post(
    "/licenses/:id/installations/:installationId/release",
    {
      config: { scope: "licenses:write" },
      schema: {
        tags: ["licences"],
        operationId: "releaseInstallation",
        summary: "Release an installation to move the licence to another machine (limited per 30 days; admins unlimited)",
        params: installationParams,
        response: { 200: successEnvelope(installationListSchema), ...refusals("common/not_found", "license/release_limit") },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await releaseInstallation(app.db, currentUser(request.user), request.params.id, request.params.installationId, requestContext(request), app.jobs),
    }),
  );

  app.get(
    "/req/machine-file",
    {
      compress: false,
      config: { access: "license", scope: "read" },
      schema: {
        tags: [".req flow"],
        operationId: "downloadReqMachineFile",
        // The licence token alone: it names the installation its .req activated.
        security: [{ licenseToken: [] }],
        summary: "The encrypted machine file of the installation a .req upload activated",
        description: `Header \`X-License-Token\` from \`POST /api/v1/req/auth\`. The same file as \`GET /api/v1/licenses/{id}/installations/{installationId}/file\` for that installation: ${encryptedFileText.replace("{SECRET}", " followed by the installation's fingerprint").replace("{PREFIX}", "machine")}`,
        querystring: machineFileQuerySchema,
        response: {
          200: { description: "The machine file, as an attachment (`machine-<fingerprint prefix>.lic`)", content: { "text/plain": { schema: z.string() } } },
          ...refusals("license/invalid_token", "license/expired"),
        },
      },
    },
    async (request, reply) => {
      const token = request.headers[LICENSE_TOKEN_HEADER];
      const { file, installation } = await machineFileForToken(app.db, token === undefined ? undefined : String(token), request.query.ttl, app.signer, requestContext(request));
      return sendFile(reply, `machine-${installation.fingerprint.slice(0, 16)}.lic`, file);
    },
  );

  app.post(
    "/req/auth",
    {
      config: { scope: "licenses:write" },
      schema: {
        tags: [".req flow"],
        operationId: "authenticateReqFile",
        summary: "Upload a .req file (multipart field `file`): activates the installation, answers a licence token and a bound licence file",
        consumes: ["multipart/form-data"],
        response: { 200: successEnvelope(reqAuthAnswerSchema), ...refusals("license/req_unknown_key", "license/deactivated", "license/expired", "license/too_many_activations", "license/trial_already_used", "license/req_too_large", "license/req_wrong_type", "common/unsupported_media_type", "license/req_invalid") },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError("common/unsupported_media_type", { message: "Send the .req file as multipart/form-data in the field \"file\"." });
      const part = await request.file({ limits: { fileSize: REQ_FILE_MAX_BYTES, files: 1, fields: 5 } });
      if (!part || part.fieldname !== "file") throw new AppError("license/req_invalid", { message: "Please select a .req file", status: 422 });
      if (!part.filename.toLowerCase().endsWith(".req")) {
        part.file.resume();
        throw new AppError("license/req_wrong_type");
      }
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("license/req_too_large");
        throw error;
      }
      const data = await authenticateReq(app.db, currentUser(request.user), parseReqFile(content), app.signer, requestContext(request), app.jobs);
      return { status: "success" as const, data };
    },
  );
};
