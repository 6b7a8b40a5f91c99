import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  registerBodySchema,
  successEnvelope,
  tokenAnswerSchema,
  tokenBodySchema,
  updateMeBodySchema,
  userSchema,
} from "@portal/contract";
import { AppError } from "../../lib/app-error.js";
import { requestContext } from "../../lib/request-context.js";
import { presentUser } from "../users/users.presenter.js";
import { login, logout, register, updateMe } from "./auth.service.js";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/token",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Log in (OAuth2 password form: username is the e-mail or userName)",
        consumes: ["application/x-www-form-urlencoded", "application/json"],
        body: tokenBodySchema,
        response: { 200: successEnvelope(tokenAnswerSchema) },
      },
    },
    async (request, reply) => {
      const answer = await login(app.db, request.body, requestContext(request), app.config.TOKEN_TTL_MINUTES);
      reply.header("cache-control", "no-store");
      return { status: "success" as const, data: answer };
    },
  );

  app.post(
    "/auth/register",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Create an account; it stays pending until an administrator approves it",
        body: registerBodySchema,
        response: { 201: successEnvelope(z.object({ user: userSchema })) },
      },
    },
    async (request, reply) => {
      const user = await register(app.db, request.body, requestContext(request));
      return reply.status(201).send({ status: "success" as const, data: { user } });
    },
  );

  app.get(
    "/auth/me",
    {
      schema: {
        tags: ["auth"],
        summary: "The current user",
        response: { 200: successEnvelope(userSchema) },
      },
    },
    async (request) => ({ status: "success" as const, data: presentUser(currentUser(request.user)) }),
  );

  app.put(
    "/auth/me",
    {
      schema: {
        tags: ["auth"],
        summary: "Change the current user's names",
        body: updateMeBodySchema,
        response: { 200: successEnvelope(userSchema) },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await updateMe(app.db, currentUser(request.user), request.body, requestContext(request)),
    }),
  );

  app.post(
    "/auth/logout",
    {
      schema: {
        tags: ["auth"],
        summary: "Revoke the token this call carries",
        response: { 200: successEnvelope(z.object({ loggedOut: z.literal(true) })) },
      },
    },
    async (request) => {
      if (request.sessionId) await logout(app.db, request.sessionId, requestContext(request));
      return { status: "success" as const, data: { loggedOut: true as const } };
    },
  );
};

/** The auth plugin guarantees a user on non-public routes; this narrows the type for the handler. */
export function currentUser<T>(user: T | null): T {
  if (!user) throw new AppError("auth/not_authenticated");
  return user;
}
