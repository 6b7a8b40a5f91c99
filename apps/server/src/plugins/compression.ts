import fp from "fastify-plugin";
import compress from "@fastify/compress";

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text the API answers (JSON, CSV, HTML, XML, SVG) — never `text/event-stream`, which must reach the
 * client event by event, nor binary downloads (`application/octet-stream`, zip, images): those are
 * compressed already or must keep `Content-Length` and byte ranges.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|^image\/svg\+xml|[+/](?:json|xml|javascript)(?:;|$)/u;

/**
 * Compresses API answers above the threshold with Brotli (quality 4) or gzip, as the client accepts,
 * with `Vary: Accept-Encoding`. The web app's files are compressed at build time (served by the web
 * plugin with `preCompressed`): an answer that already has a `Content-Encoding` is left alone, and so
 * are partial answers (206, `Content-Range`). A route that sends a download sets `compress: false`.
 * Request bodies are not decompressed: the API accepts identity bodies only, as before.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ["br", "gzip"],
      customTypes: COMPRESSIBLE,
      globalDecompression: false,
    });
    // `customTypes` only adds types: for any other the plugin asks mime-db, which calls
    // application/octet-stream compressible. Its documented opt-out is the `x-no-compression`
    // request header, so an answer of another type sets it before the plugin's own onSend (route
    // hooks run after these).
    app.addHook("onSend", async (request, reply, payload) => {
      const type = reply.getHeader("content-type");
      if (typeof type === "string" && !COMPRESSIBLE.test(type)) request.headers["x-no-compression"] = "1";
      return payload;
    });
  },
  { name: "compression" },
);
