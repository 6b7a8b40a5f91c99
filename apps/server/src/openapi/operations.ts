/**
 * The operations of an OpenAPI document as tests walk them: the generated contract is the list of
 * everything a client can call, so tests that call "every operation" read it from here.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

export interface OperationParameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  /** What an API token needs to call it (a scope, or "none"); absent on public operations. */
  "x-token-scope"?: string;
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  parameters?: OperationParameter[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface DocumentedOperation {
  path: string;
  method: string;
  operation: Operation;
  /** `GET /api/v1/…`, for messages. */
  label: string;
}

const httpMethods = ["get", "post", "put", "patch", "delete"];

export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => httpMethods.includes(method))
      .map(([method, operation]) => ({ path, method, operation, label: `${method.toUpperCase()} ${path}` })),
  );
}

/** A public operation needs no credentials (`security: []`). */
export function isPublicOperation(operation: Operation): boolean {
  return Array.isArray(operation.security) && operation.security.length === 0;
}

/** Answers `auth/forbidden` to some callers (the route is for administrators, or part of it is): tests call it as one. */
export function isAdminOperation(operation: Operation): boolean {
  return Boolean(operation.responses["403"]?.description.includes("`auth/forbidden`"));
}

/** The schema a `$ref` names in the document's components; any other schema as it is. */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  const resolved = document.components?.schemas?.[name];
  if (!resolved) throw new Error(`unresolved ${schema.$ref}`);
  return resolveSchema(document, resolved);
}
