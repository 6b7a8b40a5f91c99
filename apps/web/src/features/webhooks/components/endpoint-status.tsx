import { Badge, Group, Tooltip } from "@mantine/core";
import type { WebhookDeliveryStatus, WebhookEndpoint } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/lib/format";

/** Enabled or disabled (with the portal's reason as its tooltip), and since when every delivery has failed. */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const state = (
    <Badge color={endpoint.enabled ? "teal" : "gray"} variant="light" data-testid="webhook-endpoint-state">
      {t(endpoint.enabled ? "webhooks.status.enabled" : "webhooks.status.disabled")}
    </Badge>
  );
  return (
    <Group gap={6} wrap="wrap">
      {endpoint.disabledReason ? (
        <Tooltip label={endpoint.disabledReason} multiline maw={320} withArrow>
          <span tabIndex={0} aria-label={`${t("webhooks.status.disabled")}: ${endpoint.disabledReason}`}>
            {state}
          </span>
        </Tooltip>
      ) : (
        state
      )}
      {endpoint.failingSince && (
        <Badge color="red" variant="light" style={{ textTransform: "none" }} data-testid="webhook-endpoint-failing">
          {t("webhooks.status.failingSince", { date: formatDateTime(endpoint.failingSince, i18n.language) })}
        </Badge>
      )}
    </Group>
  );
}

const deliveryColors: Record<WebhookDeliveryStatus, string> = { pending: "yellow", delivered: "teal", failed: "red" };

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={deliveryColors[status]} variant="light" data-testid="webhook-delivery-status">
      {t(`webhooks.deliveries.status.${status}`)}
    </Badge>
  );
}
