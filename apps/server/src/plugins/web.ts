import { existsSync } from "node:fs";
import path from "node:path";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { domainError } from "./error-handler.js";

/**
 * Serves the built web app from `/`, precompressed (see apps/web/vite.config.ts); any other GET that
 * wants HTML gets index.html so the client router can take it. Unknown `/api/*` paths answer 404 in the contract's envelope.
 */
export const webPlugin = fp<{ webDistDir: string | undefined }>(
  async (app, { webDistDir }) => {
    const root = webDistDir && existsSync(path.join(webDistDir, "index.html")) ? path.resolve(webDistDir) : undefined;
    if (root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        cacheControl: false,
        index: false,
        // The build writes `.br` (Brotli 11) and `.gz` (gzip 9) beside each text file; the one the
        // browser accepts is sent with its Content-Encoding, index.html (the SPA fallback) included.
        preCompressed: true,
        setHeaders(response, filePath) {
          // Vite puts a content hash in every file under assets/: they never change.
          const cache = filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache";
          response.setHeader("cache-control", cache);
          // The same URL answers differently by Accept-Encoding: caches must keep them apart.
          response.setHeader("vary", "accept-encoding");
        },
      });
    } else {
      app.log.warn({ webDistDir }, "web app not built: only the API is served");
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      const isApi = pathname === "/api" || pathname.startsWith("/api/");
      const wantsPage = (request.method === "GET" || request.method === "HEAD") && !isApi;
      if (root && wantsPage && !path.extname(pathname)) {
        reply.header("cache-control", "no-cache");
        return reply.type("text/html").sendFile("index.html", root);
      }
      return reply.status(404).send(domainError("common/not_found"));
    });
  },
  { name: "web" },
);
