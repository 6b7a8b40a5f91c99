import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  currentPlanSchema,
  customPlanBodySchema,
  customPlanResultSchema,
  selectedPlanSchema,
  featureBodySchema,
  featureListQuerySchema,
  featureSchema,
  pageOf,
  planBodySchema,
  planListQuerySchema,
  planSchema,
  serviceBodySchema,
  serviceListQuerySchema,
  serviceSchema,
  successEnvelope,
  uuidParam,
} from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { currentUser } from "../../plugins/auth.js";
import { createFeature, deleteFeature, listFeatures, updateFeature } from "./features.service.js";
import {
  createCustomPlan,
  createPlan,
  deletePlan,
  getCurrentPlan,
  getPlan,
  listPlans,
  selectPlan,
  updatePlan,
} from "./plans.service.js";
import { createService, deleteService, listServices, updateService } from "./services.service.js";
import { refusals } from "../../plugins/openapi.js";

const admin = { access: "admin" as const };
const deleted = { 200: successEnvelope(z.object({ deleted: z.literal(true) })) };

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // A plan choice opens an order: the tax of the customer's billing address, the team told by mail.
  const orderSettings = () => ({ taxRates: app.config.TAX_RATES, mailing: app.mailing });
  app.get(
    "/features",
    { config: { scope: "read" }, schema: { tags: ["catalogue"], operationId: "listFeatures", summary: "Features, paged", querystring: featureListQuerySchema, response: { 200: successEnvelope(pageOf(featureSchema)) } } },
    async (request) => ({ status: "success" as const, data: await listFeatures(app.db, request.query) }),
  );
  app.post(
    "/features",
    { config: { ...admin, scope: "catalogue:write" }, schema: { tags: ["catalogue"], operationId: "createFeature", summary: "Create a feature (admin)", body: featureBodySchema, response: { 201: successEnvelope(featureSchema), ...refusals("catalogue/name_taken") } } },
    async (request, reply) => reply.status(201).send({ status: "success" as const, data: await createFeature(app.db, request.body, requestContext(request)) }),
  );
  app.put(
    "/features/:id",
    { config: { ...admin, scope: "catalogue:write" }, schema: { tags: ["catalogue"], operationId: "updateFeature", summary: "Change a feature (admin)", params: uuidParam, body: featureBodySchema, response: { 200: successEnvelope(featureSchema), ...refusals("common/not_found", "catalogue/name_taken") } } },
    async (request) => ({ status: "success" as const, data: await updateFeature(app.db, request.params.id, request.body, requestContext(request)) }),
  );
  app.delete(
    "/features/:id",
    { config: { ...admin, scope: "catalogue:write" }, schema: { tags: ["catalogue"], operationId: "deleteFeature", summary: "Delete a feature no plan or licence uses (admin)", params: uuidParam, response: { ...deleted, ...refusals("common/not_found", "catalogue/feature_in_use") } } },
    async (request) => {
      await deleteFeature(app.db, request.params.id, requestContext(request));
      return { status: "success" as const, data: { deleted: true as const } };
    },
  );

  app.get(
    "/services",
    { config: { scope: "read" }, schema: { tags: ["catalogue"], operationId: "listServices", summary: "Services, paged", querystring: serviceListQuerySchema, response: { 200: successEnvelope(pageOf(serviceSchema)) } } },
    async (request) => ({ status: "success" as const, data: await listServices(app.db, request.query) }),
  );
  app.post(
    "/services",
    { config: { ...admin, scope: "catalogue:write" }, schema: { tags: ["catalogue"], operationId: "createService", summary: "Create a service (admin)", body: serviceBodySchema, response: { 201: successEnvelope(serviceSchema), ...refusals("catalogue/name_taken") } } },
    async (request, reply) => reply.status(201).send({ status: "success" as const, data: await createService(app.db, request.body, requestContext(request)) }),
  );
  app.put(
    "/services/:id",
    { config: { ...admin, scope: "catalogue:write" }, schema: { tags: ["catalogue"], operationId: "updateService", summary: "Change a service (admin)", params: uuidParam, body: serviceBodySchema, response: { 200: successEnvelope(serviceSchema), ...refusals("common/not_found", "catalogue/name_taken") } } },
    async (request) => ({ status: "success" as const, data: await updateService(app.db, request.params.id, request.body, requestContext(request)) }),
  );
  app.delete(
    "/services/:id",
    { config: { ...admin, scope: "catalogue:write" }, schema: { tags: ["catalogue"], operationId: "deleteService", summary: "Delete a service no plan uses (admin)", params: uuidParam, response: { ...deleted, ...refusals("common/not_found", "catalogue/service_in_use") } } },
    async (request) => {
      await deleteService(app.db, request.params.id, requestContext(request));
      return { status: "success" as const, data: { deleted: true as const } };
    },
  );

  app.get(
    "/plans",
    {
      config: { scope: "read" },
      schema: {
        tags: ["plans"],
        operationId: "listPlans",
        summary: "Template plans, paged (customers: active ones only)",
        querystring: planListQuerySchema,
        response: { 200: successEnvelope(pageOf(planSchema)) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listPlans(app.db, currentUser(request.user), request.query) }),
  );
  app.get(
    "/plans/current",
    { config: { scope: "read" }, schema: { tags: ["plans"], operationId: "getCurrentPlan", summary: "The plan I have selected, if any", response: { 200: successEnvelope(currentPlanSchema) } } },
    async (request) => ({ status: "success" as const, data: await getCurrentPlan(app.db, currentUser(request.user)) }),
  );
  app.post(
    "/plans/custom",
    {
      config: { scope: "licenses:write" },
      schema: {
        tags: ["plans"],
        operationId: "createCustomPlan",
        summary: "Build my own plan from features; its price is their sum, it becomes my plan and a pending order for it (`orderId`) waits for an offer",
        body: customPlanBodySchema,
        response: { 201: successEnvelope(customPlanResultSchema), ...refusals("catalogue/unknown_feature") },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: "success" as const,
        data: await createCustomPlan(app.db, currentUser(request.user), request.body.featureIds, requestContext(request), orderSettings()),
      }),
  );
  app.get(
    "/plans/:id",
    { config: { scope: "read" }, schema: { tags: ["plans"], operationId: "getPlan", summary: "One plan", params: uuidParam, response: { 200: successEnvelope(planSchema), ...refusals("catalogue/plan_not_found") } } },
    async (request) => ({ status: "success" as const, data: await getPlan(app.db, currentUser(request.user), request.params.id) }),
  );
  app.post(
    "/plans/:id/select",
    {
      config: { scope: "licenses:write" },
      schema: {
        tags: ["plans"],
        operationId: "selectPlan",
        summary: "Make an active plan my plan; a pending order for it (`orderId`) waits for an offer",
        params: uuidParam,
        response: { 200: successEnvelope(selectedPlanSchema), ...refusals("catalogue/plan_not_found") },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await selectPlan(app.db, currentUser(request.user), request.params.id, requestContext(request), orderSettings()),
    }),
  );
  app.post(
    "/plans",
    { config: { ...admin, scope: "catalogue:write" }, schema: { tags: ["plans"], operationId: "createPlan", summary: "Create a template plan (admin)", body: planBodySchema, response: { 201: successEnvelope(planSchema), ...refusals("catalogue/unknown_feature", "catalogue/unknown_service") } } },
    async (request, reply) => reply.status(201).send({ status: "success" as const, data: await createPlan(app.db, request.body, requestContext(request)) }),
  );
  app.put(
    "/plans/:id",
    { config: { ...admin, scope: "catalogue:write" }, schema: { tags: ["plans"], operationId: "updatePlan", summary: "Change a template plan (admin)", params: uuidParam, body: planBodySchema, response: { 200: successEnvelope(planSchema), ...refusals("catalogue/plan_not_found", "catalogue/unknown_feature", "catalogue/unknown_service") } } },
    async (request) => ({ status: "success" as const, data: await updatePlan(app.db, request.params.id, request.body, requestContext(request)) }),
  );
  app.delete(
    "/plans/:id",
    { config: { ...admin, scope: "catalogue:write" }, schema: { tags: ["plans"], operationId: "deletePlan", summary: "Delete a template plan nobody uses (admin)", params: uuidParam, response: { ...deleted, ...refusals("catalogue/plan_not_found", "catalogue/plan_in_use") } } },
    async (request) => {
      await deletePlan(app.db, request.params.id, requestContext(request));
      return { status: "success" as const, data: { deleted: true as const } };
    },
  );
};
