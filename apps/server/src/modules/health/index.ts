/** The health check for load balancers. */
export { healthRoutes } from "./health.routes.js";
