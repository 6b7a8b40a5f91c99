import { Badge, Group, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
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
        <Group gap={4} wrap="nowrap" align="flex-start" data-testid="webhook-endpoint-failing">
          <IconAlertTriangle size={14} color="var(--mantine-color-red-text)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs" c="red">
            {t("webhooks.status.failingSince", { date: formatDateTime(endpoint.failingSince, i18n.language) })}
          </Text>
        </Group>
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
