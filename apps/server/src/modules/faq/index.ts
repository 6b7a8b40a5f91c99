/** The FAQ and customers' demo requests. */
export { faqRoutes } from "./faq.routes.js";
