import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/** A session's bearer token or an installer's licence token. */
function carriesCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || request.headers["x-license-token"] !== undefined;
}

/**
 * Strict CSP that the built web app runs under: scripts only from this origin; inline styles are
 * allowed because Mantine sets style attributes; data: images for QR codes. HSTS when PUBLIC_URL is https.
 */
export const securityPlugin = fp(
  async (app) => {
    // helmet's own middleware, built once: @fastify/helmet built it again on every request (parsing
    // the CSP each time: 5–7% of the server's CPU on a light call such as health or validate).
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", "blob:"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      // Only a portal reached over https may tell browsers to refuse plain http for a year; on an http
      // address (a first local start) the header would lock the browser out of it.
      strictTransportSecurity: app.config.PUBLIC_URL?.startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "no-referrer" },
    });
    app.addHook("onRequest", (request, reply, done) => {
      if (request.routeOptions.config.securityHeaders === false) return done();
      setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
    // An answer to a call with credentials is the caller's own: no browser cache (a shared computer's)
    // or proxy may keep a copy. Answers with a policy of their own keep it; the web app's files,
    // fetched without credentials, keep theirs.
    app.addHook("onSend", async (request, reply, payload) => {
      if (carriesCredentials(request) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      return payload;
    });
  },
  { name: "security" },
);
