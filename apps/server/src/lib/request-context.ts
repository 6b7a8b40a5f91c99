import type { FastifyRequest } from "fastify";

/** Who did something and from where, as written into the audit log. */
export interface RequestContext {
  actorId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The API token the actor called through (recorded on every audit event it causes). */
  tokenId?: string | null;
}

export function requestContext(request: FastifyRequest): RequestContext {
  const userAgent = request.headers["user-agent"];
  return {
    actorId: request.user?.id ?? null,
    tokenId: request.apiTokenId ?? null,
    ip: request.ip ?? null,
    userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null,
  };
}
