/** Support tickets. */
export { ticketRoutes } from "./tickets.routes.js";
