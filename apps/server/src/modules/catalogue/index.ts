/** Features, services and plans. */
export { catalogueRoutes } from "./catalogue.routes.js";
