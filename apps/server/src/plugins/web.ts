import { existsSync } from "node:fs";
import path from "node:path";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { domainError } from "./error-handler.js";

/**
 * Serves the built web app from `/`, precompressed (see apps/web/vite.config.ts); any other GET that
 * wants HTML gets index.html so the client router can take it. Unknown `/api/*` paths answer 404 in the contract's envelope.
 */
/** The build's hashed scripts and style sheets (and their .br/.gz), by URL or file path. */
const HASHED_SCRIPT_OR_STYLE = /\/assets\/[^/]+\.(?:js|css)(?:\.br|\.gz)?$/;

export const webPlugin = fp<{ webDistDir: string | undefined }>(
  async (app, { webDistDir }) => {
    const root = webDistDir && existsSync(path.join(webDistDir, "index.html")) ? path.resolve(webDistDir) : undefined;
    if (root) {
      // A script or style sheet is no document: the page's CSP, framing and cross-origin-opener
      // headers do not apply to it, and with ~40 files per page they cost ~25 KB of headers on the
      // login page. Those files keep nosniff and same-origin CORP (set below).
      app.addHook("onRoute", (route) => {
        if (HASHED_SCRIPT_OR_STYLE.test(route.url)) route.config = { ...route.config, securityHeaders: false };
      });
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
          if (HASHED_SCRIPT_OR_STYLE.test(filePath.split(path.sep).join("/"))) {
            response.setHeader("x-content-type-options", "nosniff");
            response.setHeader("cross-origin-resource-policy", "same-origin");
          }
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
