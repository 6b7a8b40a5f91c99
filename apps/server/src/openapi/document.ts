import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { DatabaseHandle } from "../db/client.js";
import type { Mailer } from "../lib/mailer.js";
import type { SecretBox } from "../lib/secret-box.js";
import type { Signer } from "../lib/signing.js";

/** Where the committed copy of the contract lives, relative to the repository root. */
export const COMMITTED_DOCUMENT = "docs/openapi.json";

/** The document exactly as it is committed: two-space JSON with a final newline. */
export function formatOpenApiDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

const unused = (what: string) => () => {
  throw new Error(`generating the OpenAPI document must not use the ${what}`);
};

/**
 * The OpenAPI document the code describes, built without a database, keys, mail or environment:
 * only routes and schemas go into it, so it is the same on every machine.
 */
export async function generateOpenApiDocument(): Promise<string> {
  const config = loadConfig({ DATA_DIR: "/nonexistent-portal-data", LOG_LEVEL: "silent" });
  const database = {
    kind: "pglite",
    db: {},
    preparedQuery: unused("database"),
    withExclusiveLock: unused("database"),
    close: async () => undefined,
  } as unknown as DatabaseHandle;
  const mailer: Mailer = { send: unused("mailer") };
  const signer: Signer = { sign: unused("signing key"), publicKeyPem: "", keyId: "" };
  const totpSecrets: SecretBox = { seal: unused("TOTP key"), open: unused("TOTP key"), isSealed: unused("TOTP key") };
  const app = await buildApp({ config, database, mailer, signer, totpSecrets, runJobs: false });
  try {
    await app.ready();
    const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
    if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}: ${response.body}`);
    return formatOpenApiDocument(response.json());
  } finally {
    await app.close();
  }
}
