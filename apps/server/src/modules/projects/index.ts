/** Customers' projects. */
export { projectRoutes } from "./projects.routes.js";
