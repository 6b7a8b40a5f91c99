// Loaded into the server by bench/load-at-size.mjs's plan check (`node --import ./bench/record-queries.mjs
// apps/server/dist/server.js`), never by the product: appends every statement the server sends to
// PostgreSQL, with its parameters, to the file PORTAL_QUERY_LOG as one JSON line, so the bench can
// EXPLAIN exactly what each endpoint runs.
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";

const file = process.env.PORTAL_QUERY_LOG;
if (file) {
  const pg = createRequire(new URL("../apps/server/package.json", import.meta.url))("pg");
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function recordedQuery(config, values, callback) {
    const text = typeof config === "string" ? config : config?.text;
    if (text) appendFileSync(file, `${JSON.stringify({ text, values: (Array.isArray(values) ? values : config?.values) ?? [] })}\n`);
    return query.call(this, config, values, callback);
  };
}
