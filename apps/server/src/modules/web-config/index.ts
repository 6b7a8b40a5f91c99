/** The public settings the web app reads at start. */
export { webConfigRoutes } from "./web-config.routes.js";
