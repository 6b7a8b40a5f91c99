import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pageOf, successEnvelope, userListQuerySchema, userPatchBodySchema, userSchema, uuidParam } from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { approveUser, getUser, listUsers, lockUser, patchUser, unlockUser, verifyUserEmail } from "./users.service.js";
import { refusals } from "../../plugins/openapi.js";

const adminOnly = { access: "admin" as const };
const userAnswer = { 200: successEnvelope(userSchema) };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users",
    {
      config: { ...adminOnly, scope: "read" },
      schema: {
        tags: ["users"],
        operationId: "listUsers",
        summary: "Every account, paged and sorted in SQL (admin)",
        querystring: userListQuerySchema,
        response: { 200: successEnvelope(pageOf(userSchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listUsers(app.db, request.query) }),
  );

  app.get(
    "/users/:id",
    { config: { ...adminOnly, scope: "read" }, schema: { tags: ["users"], operationId: "getUser", summary: "One account (admin)", params: uuidParam, response: { ...userAnswer, ...refusals("common/not_found") } } },
    async (request) => ({ status: "success" as const, data: await getUser(app.db, request.params.id) }),
  );

  app.patch(
    "/users/:id",
    {
      config: { ...adminOnly, scope: "users:write" },
      schema: {
        tags: ["users"],
        operationId: "updateUser",
        summary: "Rename, disable or re-enable an account, grant or revoke admin (never the last admin)",
        params: uuidParam,
        body: userPatchBodySchema,
        response: { ...userAnswer, ...refusals("common/not_found", "user/last_admin", "common/conflict") },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await patchUser(app.db, request.params.id, request.body, requestContext(request)),
    }),
  );

  app.post(
    "/users/:id/approve",
    {
      config: { ...adminOnly, scope: "users:write" },
      schema: { tags: ["users"], operationId: "approveUser", summary: "Approve a pending registration and tell the user by e-mail (admin)", params: uuidParam, response: { ...userAnswer, ...refusals("common/not_found", "user/not_pending") } },
    },
    async (request) => ({
      status: "success" as const,
      data: await approveUser(app.db, request.params.id, requestContext(request), app.mailing),
    }),
  );

  app.post(
    "/users/:id/verify-email",
    {
      config: { ...adminOnly, scope: "users:write" },
      schema: {
        tags: ["users"],
        operationId: "verifyUserEmail",
        summary: "Mark an account's e-mail address verified, as its mailed link would (admin; audited; no change when already verified)",
        params: uuidParam,
        response: { ...userAnswer, ...refusals("common/not_found") },
      },
    },
    async (request) => ({ status: "success" as const, data: await verifyUserEmail(app.db, request.params.id, requestContext(request)) }),
  );

  app.post(
    "/users/:id/lock",
    { config: { ...adminOnly, scope: "users:write" }, schema: { tags: ["users"], operationId: "lockUser", summary: "Lock an account and end its sessions (admin)", params: uuidParam, response: { ...userAnswer, ...refusals("common/not_found", "user/last_admin") } } },
    async (request) => ({ status: "success" as const, data: await lockUser(app.db, request.params.id, requestContext(request)) }),
  );

  app.post(
    "/users/:id/unlock",
    { config: { ...adminOnly, scope: "users:write" }, schema: { tags: ["users"], operationId: "unlockUser", summary: "Unlock an account and reset its failed logins (admin)", params: uuidParam, response: { ...userAnswer, ...refusals("common/not_found", "user/not_locked") } } },
    async (request) => ({ status: "success" as const, data: await unlockUser(app.db, request.params.id, requestContext(request)) }),
  );
};
