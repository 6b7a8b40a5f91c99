import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { COMMITTED_DOCUMENT, generateOpenApiDocument } from "./document.js";

// `npm run openapi`: rewrites docs/openapi.json from the routes and schemas; commit the result.
const target = fileURLToPath(new URL(`../../../../${COMMITTED_DOCUMENT}`, import.meta.url));
await writeFile(target, await generateOpenApiDocument());
process.stdout.write(`wrote ${COMMITTED_DOCUMENT}\n`);
