import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema } from "@portal/contract";
import { z } from "zod";
import { AppError } from "../../lib/app-error.js";
import { refusals } from "../../plugins/openapi.js";

// Load balancers read the top-level status; clients of the envelope read data. Both say the same.
// `sso` (optional) after `data`: the order the serializer writes in.
const { sso: ssoField, ...requiredHealth } = healthSchema.shape;
const healthAnswer = z.object({ ...requiredHealth, data: healthSchema, sso: ssoField });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        operationId: "getHealth",
        summary: "Liveness and database reachability; with single sign-on configured, whether its provider answers (no login)",
        response: { 200: healthAnswer, ...refusals({ code: "common/unavailable", status: 503 }) },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        throw new AppError("common/unavailable");
      }
      reply.header("cache-control", "no-store");
      const sso = await app.oidc.health();
      const health: z.infer<typeof healthSchema> = { status: "ok", db: app.dbKind, ...(sso ? { sso } : {}) };
      return { ...health, data: health };
    },
  );
};
