/** The order's shared pieces: the customer's and the admin's order screens both draw an order with them. */
export { OrderStatusBadge } from "./order-status-badge";
export { OrderLines, OrderTotals } from "./order-lines";
export { OrderTimeline } from "./order-timeline";
export { OrderDocumentButton } from "./order-document-button";
export { OrderSummaryCard } from "./order-summary-card";
export { OrderLayout } from "./order-layout";
