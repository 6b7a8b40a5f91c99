import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pageOf, successEnvelope, userListQuerySchema, userSchema, uuidParam } from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { approveUser, getUser, listUsers } from "./users.service.js";

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "Every account, paged and sorted in SQL (admin)",
        querystring: userListQuerySchema,
        response: { 200: successEnvelope(pageOf(userSchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listUsers(app.db, request.query) }),
  );

  app.get(
    "/users/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "One account (admin)",
        params: uuidParam,
        response: { 200: successEnvelope(userSchema) },
      },
    },
    async (request) => ({ status: "success" as const, data: await getUser(app.db, request.params.id) }),
  );

  app.post(
    "/users/:id/approve",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "Approve a pending registration (admin)",
        params: uuidParam,
        response: { 200: successEnvelope(userSchema) },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await approveUser(app.db, request.params.id, requestContext(request)),
    }),
  );
};
