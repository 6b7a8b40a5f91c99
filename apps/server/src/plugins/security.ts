import fp from "fastify-plugin";
import helmet from "@fastify/helmet";

/**
 * Strict CSP that the built web app runs under: scripts only from this origin; inline styles are
 * allowed because Mantine sets style attributes; data: images for QR codes. HSTS when PUBLIC_URL is https.
 */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
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
  },
  { name: "security" },
);
