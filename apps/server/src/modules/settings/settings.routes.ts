import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { successEnvelope, userSettingsPatchSchema, userSettingsSchema } from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { currentUser } from "../auth/auth.routes.js";
import { getUserSettings, updateUserSettings } from "./settings.service.js";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/settings",
    {
      schema: {
        tags: ["settings"],
        operationId: "getSettings",
        summary: "My interface settings (theme, language, sidebar, table density, time zone), or the defaults",
        response: { 200: successEnvelope(userSettingsSchema) },
      },
    },
    async (request) => ({ status: "success" as const, data: await getUserSettings(app.db, currentUser(request.user).id) }),
  );

  app.put(
    "/settings",
    {
      schema: {
        tags: ["settings"],
        operationId: "updateSettings",
        summary: "Change any of my interface settings (only what is sent changes)",
        body: userSettingsPatchSchema,
        response: { 200: successEnvelope(userSettingsSchema) },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await updateUserSettings(app.db, currentUser(request.user).id, request.body, requestContext(request)),
    }),
  );
};
