/** Orders: a plan choice becomes an offer, an accepted offer an invoice, a payment marked received issued licences. */
export { orderRoutes } from "./orders.routes.js";
// The pricing pages' plan choice opens its order in its own transaction.
export { openOrder, type OrderSettings } from "./orders.service.js";
