import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import rateLimit from "@fastify/rate-limit";
import { Redis } from "ioredis";
import { AppError } from "../lib/app-error.js";

/**
 * Per-IP limits for the routes that opt in with `config.rateLimit`. With REDIS_URL the counters live
 * in Redis, so every API process behind a load balancer shares them; otherwise they are in memory.
 */
export const rateLimitPlugin = fp<{ redisUrl: string | undefined }>(
  async (app, { redisUrl }) => {
    const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
    if (redis) app.addHook("onClose", async () => void (await redis.quit()));
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: "portal-rate-limit:" } : {}),
      // A limiter that cannot reach Redis lets requests through rather than taking the portal down.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new AppError("common/rate_limited", {
          message: `Too many requests. Please try again in ${context.after}.`,
          headers: { "retry-after": String(Math.max(1, Math.ceil(context.ttl / 1000))) },
        }),
    });
  },
  { name: "rate-limit" },
);

/**
 * A route's `config.rateLimit` counted per signed-in account (per IP without one), over a minute: for
 * checks an attacker holding a session would repeat (a 2FA code, the old password), which changing
 * address must not reset. Same budget as login's attempts per IP.
 */
export function perAccountLimit(name: string, max: number) {
  return { max, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}` };
}
