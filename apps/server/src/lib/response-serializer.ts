import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/**
 * Answers are written by fast-json-stringify from the JSON Schema of their zod schema (its output
 * side): only the declared fields, as the zod serializer did (an unlisted column such as a password
 * hash never leaves), a missing required field still fails the call. The zod serializer parsed
 * every answer before writing it: 113 µs for a page of 20 licences against 32 µs (measured), on
 * every list call. A schema JSON Schema cannot express keeps the zod serializer.
 *
 * With `checked` (the test suites) each answer is written both ways and a difference fails the call,
 * so every answer the tests provoke proves the two agree; zod's own refusal of a malformed answer
 * stays a failure there too.
 */
export function responseSerializerCompiler({ checked }: { checked: boolean }): FastifySerializerCompiler<unknown> {
  return (route: RouteSchema) => {
    // Compiled at a route's first answer, not when the route is registered: compiling every route's
    // answers up front was 1.5 s of the server's 2.5 s of start-up CPU (fast-json-stringify building
    // code, zod writing JSON Schemas), paid again by every test file's app, for answers most of them
    // never send.
    let compiled: ((data: unknown) => string) | undefined;
    return (data) => (compiled ??= compile(route, checked))(data);
  };
}

function compile(route: RouteSchema, checked: boolean): (data: unknown) => string {
  const bySchema = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return bySchema;
  let stringify: (data: unknown) => string;
  try {
    stringify = fastJson(z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "throw" }) as Parameters<typeof fastJson>[0]);
  } catch {
    return bySchema;
  }
  if (!checked) return stringify;
  return (data) => {
    const expected = bySchema(data);
    const written = stringify(data);
    if (written !== expected) {
      throw new Error(`${route.method} ${route.url} ${route.httpStatus}: fast-json-stringify wrote ${written.slice(0, 400)}, zod ${expected.slice(0, 400)}`);
    }
    return written;
  };
}
