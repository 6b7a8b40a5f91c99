/** Orders: a plan choice becomes an offer, an accepted offer an invoice, a payment marked received issued licences. */
export { orderRoutes } from "./orders.routes.js";
// The pricing pages' plan choice opens its order in its own transaction.
export { openOrder, type OrderSettings } from "./orders.service.js";
// A billing address saved re-taxes the customer's orders still waiting for an offer.
export { retaxPendingOrders } from "./orders.service.js";
// The PDF render workers end with the app.
export { closeOrderDocumentRenderer } from "./documents/index.js";
