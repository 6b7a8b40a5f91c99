import type { FastifyInstance, InjectOptions } from "fastify";
import { bearer } from "./helpers.js";

export interface DocumentedOperation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  parameters?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
}

export interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, DocumentedOperation>>;
}

export interface OperationEntry {
  /** The document's path template, e.g. `/api/v1/licenses/{id}`. */
  path: string;
  method: string;
  operation: DocumentedOperation;
  /** `GET /api/v1/licenses/{id}`: how tests and the authorisation matrix name an operation. */
  label: string;
}

const methods = ["get", "post", "put", "patch", "delete"];

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): OperationEntry[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => ({ path, method, operation, label: `${method.toUpperCase()} ${path}` })),
  );
}

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
