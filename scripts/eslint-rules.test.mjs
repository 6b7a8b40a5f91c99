// The repository's own ESLint rules (eslint.config.js), on ESLint's RuleTester under Node's test runner.
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { serverLayers } from "../eslint.config.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const serverSrc = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "apps", "server", "src");
const at = (file) => path.join(serverSrc, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

const upward = (from, to) => ({ messageId: "upward", data: { from, to } });
const moduleIndex = (to) => ({ messageId: "moduleIndex", data: { to } });

tester.run("server-layers", serverLayers, {
  valid: [
    { filename: at("lib/x.ts"), code: 'import { AppError } from "./app-error.js";' },
    { filename: at("db/x.ts"), code: 'import { AppError } from "../lib/app-error.js"; import { users } from "./schema/index.js";' },
    { filename: at("plugins/x.ts"), code: 'import { preparedStatement } from "../db/prepared.js";' },
    { filename: at("modules/auth/x.ts"), code: 'import { presentUser } from "../users/index.js"; import { currentUser } from "../../plugins/auth.js"; import { login } from "./auth.service.js";' },
    { filename: at("demo/x.ts"), code: 'import { newLicenseKey } from "../modules/licenses/index.js";' },
    { filename: at("app.ts"), code: 'import { authRoutes } from "./modules/auth/index.js"; import { authPlugin } from "./plugins/auth.js";' },
    // Tests may reach inside another module and use the app, the demo and test support…
    { filename: at("modules/faq/faq.test.ts"), code: 'import { seedDemo } from "../../demo/demo.js"; import { listUsers } from "../users/users.service.js"; import { buildApp } from "../../app.js"; import { useTestApp } from "../../test/helpers.js";' },
    // …and so may test support.
    { filename: at("test/helpers.ts"), code: 'import { ensureFirstAdmin } from "../db/seed.js"; import { listUsers } from "../modules/users/users.service.js";' },
    { filename: at("db/seed.test.ts"), code: 'import { openTestDatabase } from "../test/helpers.js";' },
    // Packages are no layer.
    { filename: at("lib/x.ts"), code: 'import { sql } from "drizzle-orm"; import type { Page } from "@portal/contract";' },
  ],
  invalid: [
    {
      filename: at("lib/x.ts"),
      code: 'import type { Database } from "../db/client.js"; import type { Config } from "../config.js"; import { notify } from "../modules/notifications/index.js"; import { currentUser } from "../plugins/auth.js"; import { seedDemo } from "../demo/demo.js";',
      errors: [upward("lib/", "db/"), upward("lib/", "config.ts"), upward("lib/", "modules/"), upward("lib/", "plugins/"), upward("lib/", "demo/")],
    },
    {
      filename: at("db/x.ts"),
      code: 'import { notify } from "../modules/notifications/index.js"; import { currentUser } from "../plugins/auth.js"; export { seedDemo } from "../demo/demo.js";',
      errors: [upward("db/", "modules/"), upward("db/", "plugins/"), upward("db/", "demo/")],
    },
    { filename: at("plugins/x.ts"), code: 'const routes = import("../modules/auth/index.js");', errors: [upward("plugins/", "modules/")] },
    // Tests of lib/ and db/ stay in their layer too.
    { filename: at("db/client.test.ts"), code: 'import { presentUser } from "../modules/users/index.js";', errors: [upward("db/", "modules/")] },
    { filename: at("lib/x.test.ts"), code: 'import { buildApp } from "../app.js";', errors: [upward("lib/", "app.ts")] },
    {
      filename: at("modules/tickets/x.ts"),
      code: 'import { listUsers } from "../users/users.service.js"; export * from "../faq/faq.service.js"; import { seedDemo } from "../../demo/demo.js"; import { buildApp } from "../../app.js";',
      errors: [moduleIndex("users"), moduleIndex("faq"), upward("modules/", "demo/"), upward("modules/", "app.ts")],
    },
    { filename: at("server.ts"), code: 'import { sealTotpSecrets } from "./modules/auth/two-factor-secrets.js";', errors: [moduleIndex("auth")] },
    { filename: at("modules/tickets/x.ts"), code: 'import { useTestApp } from "../../test/helpers.js";', errors: [{ messageId: "testSupport", data: { to: "test/" } }] },
  ],
});
