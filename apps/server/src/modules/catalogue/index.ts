/** Features, services and plans. */
export { catalogueRoutes } from "./catalogue.routes.js";
export { channelsOf } from "./catalogue.presenters.js";
