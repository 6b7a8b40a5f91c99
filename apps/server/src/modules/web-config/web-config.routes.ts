import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { successEnvelope, webConfigSchema, type WebConfig } from "@portal/contract";

/** The settings the web app reads at run time, so that changing one needs a restart, not a rebuild. */
export const webConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const webConfig: WebConfig = { supportUrl: app.config.SUPPORT_URL };

  app.get(
    "/config",
    {
      config: { access: "public" },
      schema: {
        tags: ["config"],
        operationId: "getWebConfig",
        summary: "The web app's run-time settings (no login): the support site's address",
        response: { 200: successEnvelope(webConfigSchema) },
      },
    },
    async (_request, reply) => {
      // Short-lived: a restart with another SUPPORT_URL shows within minutes, without a request per page.
      reply.header("cache-control", "public, max-age=300");
      return { status: "success" as const, data: webConfig };
    },
  );
};
