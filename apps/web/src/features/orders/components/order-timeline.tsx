import { Text, ThemeIcon, Timeline } from "@mantine/core";
import { IconCash, IconCheck, IconFileText, IconShoppingCart, IconX, type Icon } from "@tabler/icons-react";
import type { Order } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/lib/format";

type Step = "created" | "offered" | "accepted" | "paid" | "cancelled";
const icons: Record<Step, Icon> = { created: IconShoppingCart, offered: IconFileText, accepted: IconCheck, paid: IconCash, cancelled: IconX };

/**
 * The order's history: ordered, offered, accepted, paid — each with its date once reached, the steps
 * still ahead dimmed. A cancelled order ends at its cancellation.
 */
export function OrderTimeline({ order }: { order: Pick<Order, "createdAt" | "offeredAt" | "acceptedAt" | "paidAt" | "cancelledAt" | "status"> }) {
  const { t, i18n } = useTranslation();
  const dates: Record<Step, string | null> = {
    created: order.createdAt,
    offered: order.offeredAt,
    accepted: order.acceptedAt,
    paid: order.paidAt,
    cancelled: order.cancelledAt,
  };
  const steps: Step[] =
    order.status === "cancelled"
      ? [...(["created", "offered", "accepted"] as const).filter((step) => dates[step]), "cancelled"]
      : ["created", "offered", "accepted", "paid"];
  const reached = steps.filter((step) => dates[step]).length;
  return (
    <Timeline active={reached - 1} bulletSize={26} lineWidth={2} color={order.status === "cancelled" ? "gray" : undefined} data-testid="order-timeline">
      {steps.map((step) => {
        const date = dates[step];
        const StepIcon = icons[step];
        return (
          <Timeline.Item
            key={step}
            data-step={step}
            data-reached={date ? "true" : "false"}
            bullet={
              <ThemeIcon size={24} radius="xl" variant={date ? "filled" : "default"} color={step === "cancelled" ? "red" : undefined} aria-hidden>
                <StepIcon size={14} />
              </ThemeIcon>
            }
            title={
              <Text size="sm" fw={600} c={date ? undefined : "dimmed"}>
                {t(`orders.timeline.${step}`)}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              {date ? formatDateTime(date, i18n.language) : t("orders.timeline.notYet")}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
