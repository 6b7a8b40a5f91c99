import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { errorEnvelopeSchema } from "@portal/contract";

/** OpenAPI 3.1 generated from the same zod schemas that validate requests. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Licence portal API",
          version: "1",
          description:
            "Every answer is `{status:\"success\",data}` or `{detail:[{loc,msg,type}]}`; a domain error puts its code first in `loc`.",
        },
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { deepLinking: true } });

    app.get(
      "/api/openapi.json",
      { config: { access: "public" }, schema: { hide: true } },
      async () => {
        const document = app.swagger() as { components?: { schemas?: Record<string, unknown> } };
        document.components ??= {};
        document.components.schemas ??= {};
        document.components.schemas.ErrorEnvelope ??= errorEnvelopeSchema.toJSONSchema?.() ?? {};
        return document;
      },
    );
  },
  { name: "openapi" },
);
