import type { FastifySchemaCompiler } from "fastify";
import { FieldError } from "./app-error.js";

/**
 * Text PostgreSQL cannot hold: U+0000 (refused by `text` and `jsonb`) and unpaired UTF-16
 * surrogates (refused as `\ud800` escapes by `jsonb`, e.g. in an audit event's details, and turned
 * into U+FFFD by `text`). Neither is meaningful text, so input holding either is refused up front
 * rather than failing half-way through a transaction as a 500.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = "Text cannot contain NUL characters or unpaired surrogates";

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

interface PendingValue {
  value: unknown;
  /** The array or object holding the value, and the value's index or key in it (none at the top). */
  parent?: PendingValue;
  key?: string | number;
}

function pathTo(pending: PendingValue, last?: string): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let at: PendingValue | undefined = pending; at?.parent; at = at.parent) path.push(at.key!);
  return path.reverse();
}

/**
 * Where in a parsed value (strings, arrays, objects and their keys) the first unstorable text sits,
 * or undefined. Iterative, so a deeply nested value cannot overflow the stack, and linear in the
 * value's size: each value points to its parent, and a path is built only for the one reported
 * (copying it at every level made a deep value cost the square of its depth).
 */
export function findUnstorableText(value: unknown): (string | number)[] | undefined {
  const pending: PendingValue[] = [{ value }];
  while (pending.length) {
    const current = pending.pop()!;
    const { value: held } = current;
    if (typeof held === "string") {
      if (!isStorableText(held)) return pathTo(current);
    } else if (Array.isArray(held)) {
      held.forEach((item, index) => pending.push({ value: item, parent: current, key: index }));
    } else if (held && typeof held === "object") {
      for (const [key, item] of Object.entries(held)) {
        if (!isStorableText(key)) return pathTo(current, key);
        pending.push({ value: item, parent: current, key });
      }
    }
  }
  return undefined;
}

const locationOfPart: Record<string, "body" | "query" | "path"> = { body: "body", querystring: "query", params: "path" };

/**
 * The route validator, preceded by the unstorable-text check of body, query and path: runs at
 * validation time, so bodies that multipart routes assemble from their text parts are checked too.
 */
export function refusingUnstorableText<T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (route) => {
    const validate = compile(route);
    const location = route.httpPart ? locationOfPart[route.httpPart] : undefined;
    if (!location) return validate;
    return (data: unknown) => {
      const path = findUnstorableText(data);
      if (path) return { error: new FieldError(location, path, UNSTORABLE_TEXT_MESSAGE) };
      return validate(data);
    };
  };
}

/**
 * The text cut to at most `maxCharacters` code points (as the schemas count length), never inside a
 * surrogate pair: half a pair is unstorable text of our own making.
 */
export function truncateText(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  return Array.from(text).slice(0, maxCharacters).join("");
}
