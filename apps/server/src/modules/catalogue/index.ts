/** Features, services and plans. */
export { catalogueRoutes } from "./catalogue.routes.js";
// What a custom plan made from a licence request gets when the request does not say.
export { CUSTOM_PLAN_DEFAULTS } from "./plans.service.js";
