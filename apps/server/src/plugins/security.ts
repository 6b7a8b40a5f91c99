import fp from "fastify-plugin";
import helmet from "@fastify/helmet";

/**
 * Strict CSP that the built web app runs under: scripts only from this origin; inline styles are
 * allowed because Mantine sets style attributes; data: images for QR codes.
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
      strictTransportSecurity: false,
      referrerPolicy: { policy: "no-referrer" },
    });
  },
  { name: "security" },
);
