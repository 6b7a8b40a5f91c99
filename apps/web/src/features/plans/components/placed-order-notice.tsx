import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { paths } from "@/lib/paths";

/** What a plan choice leaves in the navigation state for the pricing page: the order it started. */
export interface PlacedOrderState {
  orderId: string;
}

function placedOrderId(state: unknown): string | undefined {
  const orderId = (state as Partial<PlacedOrderState> | null)?.orderId;
  return typeof orderId === "string" ? orderId : undefined;
}

/**
 * After a plan choice (POST /plans/{id}/select or /plans/custom) the pricing page says that the
 * choice became an order and an offer will follow, with a link to the order's page.
 */
export function PlacedOrderNotice() {
  const { t } = useTranslation();
  const orderId = placedOrderId(useLocation().state);
  if (!orderId) return null;
  return (
    <Alert color="teal" variant="light" icon={<IconFileInvoice size={20} aria-hidden />} title={t("orders.pricing.placedTitle")} data-testid="placed-order">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t("orders.pricing.placedText")}</Text>
        <Button component={Link} to={paths.billingOrder(orderId)} size="xs" variant="light" color="teal" data-testid="placed-order-link">
          {t("orders.pricing.viewOrder")}
        </Button>
      </Stack>
    </Alert>
  );
}
