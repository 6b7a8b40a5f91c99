import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema } from "@portal/contract";
import type { z } from "zod";
import { AppError } from "../../lib/app-error.js";
import { refusals } from "../../plugins/openapi.js";

// Load balancers read the top-level status; clients of the envelope read data. Both say the same.
const healthAnswer = healthSchema.extend({ data: healthSchema });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        operationId: "getHealth",
        summary: "Liveness and database reachability (no login)",
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
      const health: z.infer<typeof healthSchema> = { status: "ok", db: app.dbKind };
      return { ...health, data: health };
    },
  );
};
