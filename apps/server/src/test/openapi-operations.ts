import type { FastifyInstance, InjectOptions } from "fastify";
import type { DocumentedOperation as OperationEntry } from "../openapi/operations.js";
import { bearer } from "./http.js";

// The document's shape and its operations come from one place, shared with the hostile-input test.
export { operationsOf, type OpenApiDocument } from "../openapi/operations.js";
export type { DocumentedOperation as OperationEntry } from "../openapi/operations.js";

/** The names of a path template's parameters, in order (`{id}`, `{installationId}` …). */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/** The URL of a path template with its parameters filled in (each one encoded as one segment). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}

export interface OperationCall {
  params?: Record<string, string>;
  /** A JSON body, or a prepared multipart/form payload with its content-type header. */
  payload?: unknown;
  headers?: Record<string, string>;
  token?: string;
}

/** Calls one documented operation through the app, as a client of the document would. */
export function callOperation(app: FastifyInstance, entry: Pick<OperationEntry, "method" | "path">, request: OperationCall) {
  return app.inject({
    method: entry.method.toUpperCase() as InjectOptions["method"],
    url: fillPath(entry.path, request.params ?? {}),
    headers: { ...request.headers, ...(request.token ? bearer(request.token) : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload as InjectOptions["payload"] }),
  });
}
