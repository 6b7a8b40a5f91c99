import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSchema,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
  successEnvelope,
  uuidParam,
} from "@portal/contract";
import { listNotifications, markAllRead, markRead } from "./notifications.service.js";
import { requestContext } from "../../lib/request-context.js";
import { currentUser } from "../../plugins/auth.js";
import { getNotificationSettings, updateNotificationSettings } from "./notification-settings.service.js";
import { refusals } from "../../plugins/openapi.js";

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notifications",
    {
      config: { scope: "read" },
      schema: {
        tags: ["notifications"],
        operationId: "listNotifications",
        summary: "My in-app notifications, newest first, with the unread count",
        querystring: notificationListQuerySchema,
        response: { 200: successEnvelope(notificationPageSchema) },
      },
    },
    async (request) => ({ status: "success" as const, data: await listNotifications(app.db, currentUser(request.user).id, request.query) }),
  );
  app.post(
    "/notifications/read-all",
    { config: { scope: "none" }, schema: { tags: ["notifications"], operationId: "markAllNotificationsRead", summary: "Mark all my notifications read", response: { 200: successEnvelope(z.object({ marked: z.number().int() })) } } },
    async (request) => ({ status: "success" as const, data: { marked: await markAllRead(app.db, currentUser(request.user).id) } }),
  );
  app.post(
    "/notifications/:id/read",
    { config: { scope: "none" }, schema: { tags: ["notifications"], operationId: "markNotificationRead", summary: "Mark one of my notifications read", params: uuidParam, response: { 200: successEnvelope(notificationSchema), ...refusals("common/not_found") } } },
    async (request) => ({ status: "success" as const, data: await markRead(app.db, currentUser(request.user).id, request.params.id) }),
  );

  app.get(
    "/notification-settings",
    {
      config: { scope: "read" },
      schema: {
        tags: ["notifications"],
        operationId: "getNotificationSettings",
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
      config: { scope: "none" },
      schema: {
        tags: ["notifications"],
        operationId: "updateNotificationSettings",
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
