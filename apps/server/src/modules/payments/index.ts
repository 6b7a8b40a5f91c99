/** Payment methods. */
export { paymentRoutes } from "./payments.routes.js";
