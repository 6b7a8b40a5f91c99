import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminDashboardSchema, customerDashboardSchema, successEnvelope } from "@portal/contract";
import { currentUser } from "../../plugins/auth.js";
import { adminDashboard, customerDashboard } from "./dashboards.service.js";

const tags = ["dashboards"];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dashboard",
    {
      config: { scope: "read" },
      schema: {
        tags,
        operationId: "getDashboard",
        summary: "The caller's own figures: licences by status, expiring licences, pending requests, tickets, recent activity",
        response: { 200: successEnvelope(customerDashboardSchema) },
      },
    },
    async (request) => ({ status: "success" as const, data: await customerDashboard(app.db, currentUser(request.user).id) }),
  );

  app.get(
    "/admin/dashboard",
    {
      config: { access: "admin", scope: "read" },
      schema: {
        tags,
        operationId: "getAdminDashboard",
        summary: "Portal-wide figures: users, requests, tickets, licences issued per month, validations per day, live installations",
        description:
          "Validations are counted in memory by each API process and added to the table every few seconds, so the current day may lag by that much. An installation is live when not released and seen within the last 24 hours.",
        response: { 200: successEnvelope(adminDashboardSchema) },
      },
    },
    async () => ({ status: "success" as const, data: await adminDashboard(app.db) }),
  );
};
