import { Badge } from "@mantine/core";
import type { Order } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { displayStatus, type OrderDisplayStatus } from "../lib/order-state";

const colorByStatus: Record<OrderDisplayStatus, string> = {
  pending_offer: "yellow",
  offered: "blue",
  accepted: "indigo",
  paid: "teal",
  cancelled: "gray",
  expired: "orange",
};

/** Table columns may be narrow: the label never turns into "WAITING F…". */
const fullLabel = { root: { overflow: "visible" }, label: { overflow: "visible" } };

/**
 * An order's status, translated and coloured; an offer past its date reads "Offer expired". The team
 * reads it from its own side (`team`): the customer's "Offer received" is the team's "Offer sent".
 */
export function OrderStatusBadge({ order, size, team = false }: { order: Pick<Order, "status" | "offerExpired">; size?: "sm" | "md" | "lg"; team?: boolean }) {
  const { t } = useTranslation();
  const status = displayStatus(order);
  return (
    <Badge color={colorByStatus[status]} variant="light" size={size} data-status={status} data-testid="order-status" style={{ flexShrink: 0 }} styles={fullLabel}>
      {t(team ? `ordersAdmin.status.${status}` : `orders.status.${status}`)}
    </Badge>
  );
}
