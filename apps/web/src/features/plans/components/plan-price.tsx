import { Group, Text, type TextProps } from "@mantine/core";
import type { Plan } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/lib/format";

/** "$999.00 per year": the price in the plan's currency and the billing period. */
export function PlanPrice({ plan, size = "xl", ...props }: { plan: Pick<Plan, "price" | "currency" | "billingPeriod">; size?: TextProps["fz"] } & TextProps) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={6} align="baseline" wrap="wrap">
      <Text fz={size} fw={800} lh={1.1} {...props} data-testid="plan-price">
        {formatMoney(plan.price, plan.currency, i18n.language)}
      </Text>
      <Text size="sm" c="dimmed">
        {t(`commerce.plans.perPeriod.${plan.billingPeriod}`)}
      </Text>
    </Group>
  );
}
