import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pageOf, projectBodySchema, projectListQuerySchema, projectSchema, successEnvelope, uuidParam } from "@portal/contract";
import type { UserRow } from "../../db/schema/index.js";
import { requestContext } from "../../lib/request-context.js";
import { currentUser } from "../../plugins/auth.js";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "./projects.service.js";
import { refusals } from "../../plugins/openapi.js";

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerId = (user: UserRow | null) => currentUser(user).id;

  app.get(
    "/projects",
    { config: { scope: "read" }, schema: { tags: ["projects"], operationId: "listProjects", summary: "My projects, paged", querystring: projectListQuerySchema, response: { 200: successEnvelope(pageOf(projectSchema)) } } },
    async (request) => ({ status: "success" as const, data: await listProjects(app.db, ownerId(request.user), request.query) }),
  );
  app.post(
    "/projects",
    { config: { scope: "licenses:write" }, schema: { tags: ["projects"], operationId: "createProject", summary: "Create a project", body: projectBodySchema, response: { 201: successEnvelope(projectSchema), ...refusals("project/name_taken") } } },
    async (request, reply) =>
      reply.status(201).send({ status: "success" as const, data: await createProject(app.db, ownerId(request.user), request.body, requestContext(request)) }),
  );
  app.get(
    "/projects/:id",
    { config: { scope: "read" }, schema: { tags: ["projects"], operationId: "getProject", summary: "One of my projects", params: uuidParam, response: { 200: successEnvelope(projectSchema), ...refusals("common/not_found") } } },
    async (request) => ({ status: "success" as const, data: await getProject(app.db, ownerId(request.user), request.params.id) }),
  );
  app.put(
    "/projects/:id",
    { config: { scope: "licenses:write" }, schema: { tags: ["projects"], operationId: "updateProject", summary: "Rename or describe one of my projects", params: uuidParam, body: projectBodySchema, response: { 200: successEnvelope(projectSchema), ...refusals("common/not_found", "project/name_taken") } } },
    async (request) => ({
      status: "success" as const,
      data: await updateProject(app.db, ownerId(request.user), request.params.id, request.body, requestContext(request)),
    }),
  );
  app.delete(
    "/projects/:id",
    {
      config: { scope: "licenses:write" },
      schema: {
        tags: ["projects"],
        operationId: "deleteProject",
        summary: "Delete one of my projects (only without licences)",
        params: uuidParam,
        response: { 200: successEnvelope(z.object({ deleted: z.literal(true) })), ...refusals("common/not_found", "project/has_licenses") },
      },
    },
    async (request) => {
      await deleteProject(app.db, ownerId(request.user), request.params.id, requestContext(request));
      return { status: "success" as const, data: { deleted: true as const } };
    },
  );
};
