/** The dashboards' figures. */
export { dashboardRoutes } from "./dashboards.routes.js";
// One per process, counting licence validations between its writes (app.ts makes it).
export { ValidationCounter } from "./validation-counter.js";
