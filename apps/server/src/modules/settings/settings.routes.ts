import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { successEnvelope, userSettingsPatchSchema, userSettingsSchema } from "@portal/contract";
import { requestContext } from "../../lib/request-context.js";
import { currentUser } from "../../plugins/auth.js";
import { getUserSettings, updateUserSettings, type StoredSettings } from "./settings.service.js";

/**
 * Settings the user saved carry `Last-Modified`; the defaults of a user who never saved any do not.
 * The web applies saved settings at login and leaves a device's own theme and language alone until then.
 */
function withSavedAt(reply: FastifyReply, { settings, savedAt }: StoredSettings) {
  // A date invites a browser to reuse the answer by heuristic freshness: another device's change must show.
  reply.header("cache-control", "no-store");
  if (savedAt) reply.header("last-modified", savedAt.toUTCString());
  return { status: "success" as const, data: settings };
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/settings",
    {
      config: { scope: "read" },
      schema: {
        tags: ["settings"],
        operationId: "getSettings",
        summary: "My interface settings (theme, language, sidebar, table density, time zone), or the defaults",
        description: "`Last-Modified` is sent once the user has saved settings; the defaults of a user who never did come without it.",
        response: { 200: successEnvelope(userSettingsSchema) },
      },
    },
    async (request, reply) => withSavedAt(reply, await getUserSettings(app.db, currentUser(request.user).id)),
  );

  app.put(
    "/settings",
    {
      config: { scope: "none" },
      schema: {
        tags: ["settings"],
        operationId: "updateSettings",
        summary: "Change any of my interface settings (only what is sent changes)",
        body: userSettingsPatchSchema,
        response: { 200: successEnvelope(userSettingsSchema) },
      },
    },
    async (request, reply) => withSavedAt(reply, await updateUserSettings(app.db, currentUser(request.user).id, request.body, requestContext(request))),
  );
};
