import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationSettingsPatchSchema, notificationSettingsSchema, successEnvelope } from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { currentUser } from "../auth/auth.routes.js";
import { getNotificationSettings, updateNotificationSettings } from "./notification-settings.service.js";

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notification-settings",
    {
      schema: {
        tags: ["notifications"],
        summary: "My notification channels per type and my e-mail subscriptions",
        response: { 200: successEnvelope(notificationSettingsSchema) },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await getNotificationSettings(app.db, currentUser(request.user).id),
    }),
  );

  app.put(
    "/notification-settings",
    {
      schema: {
        tags: ["notifications"],
        summary: "Change any of my notification settings (only what is sent changes)",
        body: notificationSettingsPatchSchema,
        response: { 200: successEnvelope(notificationSettingsSchema) },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await updateNotificationSettings(app.db, currentUser(request.user).id, request.body, requestContext(request)),
    }),
  );
};
