/** The log monitor (audit events are written through db/audit.ts). */
export { auditRoutes } from "./audit.routes.js";
