import { afterAll, beforeAll } from "vitest";

// Every answer is written by fast-json-stringify and by the zod serializer, and they must agree (lib/response-serializer.ts).
process.env.PORTAL_CHECK_SERIALIZER = "1";

// pg 8 only warns (once per process) when a client is handed a second query while one runs, e.g. a
// Promise.all over one transaction's queries; pg 9 refuses it. Here the warning fails the test file.
// The files of a worker share one process (isolate: false) and this file runs before each of them:
// one listener per file, removed after it, so none piles up.
const pgDeprecations: string[] = [];
const onWarning = (warning: Error) => {
  if (warning.name === "DeprecationWarning" && /pg@9/.test(warning.message)) pgDeprecations.push(warning.message);
};

beforeAll(() => {
  process.on("warning", onWarning);
});

afterAll(() => {
  process.off("warning", onWarning);
  if (pgDeprecations.length) throw new Error(`pg deprecation: ${pgDeprecations.join("; ")}`);
});
