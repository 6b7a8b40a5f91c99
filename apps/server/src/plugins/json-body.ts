import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.js";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "../lib/json-depth.js";

/**
 * Fastify's own JSON parser (secure-json-parse: prototype poisoning refused), preceded by a linear
 * scan of the raw text that refuses a body nested deeper than MAX_JSON_DEPTH. Everything that walks a
 * parsed body (the unstorable-text check, validation, logging) then only ever meets shallow values:
 * 400,000 levels of `[` fit in the 1 MB body limit.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      const text = body as string;
      if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(new AppError("common/bad_request", { message: `The JSON body nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels.` }), undefined);
        return;
      }
      parseJson(request, text, done);
    });
  },
  { name: "json-body" },
);
