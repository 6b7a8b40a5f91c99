import { Badge } from "@mantine/core";
import type { Order, OrderStatus } from "@portal/contract";
import { useTranslation } from "react-i18next";

const colors: Record<OrderStatus, string> = {
  pending_offer: "orange",
  offered: "blue",
  accepted: "violet",
  paid: "teal",
  cancelled: "gray",
};

/** An order's status as the team reads it; an offer past its date says it has expired. */
export function AdminOrderStatusBadge({ order, size = "sm" }: { order: Pick<Order, "status" | "offerExpired">; size?: "sm" | "lg" }) {
  const { t } = useTranslation();
  const expired = order.status === "offered" && order.offerExpired;
  return (
    <Badge color={expired ? "red" : colors[order.status]} variant="light" size={size} style={{ flexShrink: 0 }} data-testid="order-status" data-status={order.status}>
      {expired ? `${t(`ordersAdmin.status.${order.status}`)} · ${t("ordersAdmin.order.expired")}` : t(`ordersAdmin.status.${order.status}`)}
    </Badge>
  );
}
