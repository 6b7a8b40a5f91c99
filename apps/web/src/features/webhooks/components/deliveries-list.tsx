import { Code, Group, Loader, Stack, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { webhookDeliverySortFields, webhookDeliveryStatuses, webhookEventTypes, type WebhookDelivery } from "@portal/contract";
import { createContext, use } from "react";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, useServerTable, type ServerTableOptions } from "@/components/data-table";
import { ExpandedRowsContext, ExpandToggle, ListScreen, useExpandedRows, useExpandedRowsOf, type ListColumns, type RowAction } from "@/components/list-screen";
import type { QueryParams } from "@/lib/api-client";
import { formatDateTime, formatNumber } from "@/lib/format";
import { notifyError, notifySuccess } from "@/lib/notify";
import { hasPending, useRetryWebhookDelivery, useWebhookDeliveries } from "../api/webhook-deliveries";
import { DeliveryStatusBadge } from "./endpoint-status";

const table: ServerTableOptions<(typeof webhookDeliverySortFields)[number], "status" | "type"> = {
  sortFields: webhookDeliverySortFields,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["status", "type"],
};

const nowrap = { whiteSpace: "nowrap" } as const;

const answerId = (delivery: WebhookDelivery) => `webhook-delivery-answer-${delivery.id}`;

/** The event type with the toggle that opens the receiver's answer (only when there is one to show). */
function TypeCell({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const { isOpen, toggle } = useExpandedRowsOf();
  const open = isOpen(delivery.id);
  const hasAnswer = delivery.responseExcerpt !== null || delivery.lastError !== null;
  return (
    <Group gap="xs" wrap="nowrap">
      {hasAnswer ? (
        <ExpandToggle
          open={open}
          onToggle={() => toggle(delivery.id)}
          controls={answerId(delivery)}
          label={t(open ? "webhooks.deliveries.hide" : "webhooks.deliveries.show", { type: delivery.type })}
          testId="webhook-delivery-toggle"
        />
      ) : (
        <span style={{ width: 28, flexShrink: 0 }} />
      )}
      <Code fz="xs" dir="ltr" data-testid="webhook-delivery-type">
        {delivery.type}
      </Code>
    </Group>
  );
}

/** The receiver's last answer (at most 2 KB of it) and the last error, under the row. */
function DeliveryAnswer({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" id={answerId(delivery)} py={4} data-testid="webhook-delivery-answer">
      <Text size="xs" c="dimmed">
        {t("webhooks.deliveries.eventId")}:{" "}
        <Code fz="xs" dir="ltr">
          {delivery.eventId}
        </Code>
      </Text>
      {delivery.lastError && (
        <div>
          <Text size="xs" fw={600}>
            {t("webhooks.deliveries.error")}
          </Text>
          <Text size="sm" c="red" dir="ltr" ta="start" style={{ overflowWrap: "anywhere" }}>
            {delivery.lastError}
          </Text>
        </div>
      )}
      <div>
        <Text size="xs" fw={600}>
          {t("webhooks.deliveries.response")}
        </Text>
        {delivery.responseExcerpt ? (
          <Code block dir="ltr" mah={240} style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", overflow: "auto" }}>
            {delivery.responseExcerpt}
          </Code>
        ) : (
          <Text size="sm" c="dimmed">
            {t("webhooks.deliveries.noResponse")}
          </Text>
        )}
      </div>
    </Stack>
  );
}

const column = createDataTableColumnHelper<WebhookDelivery>();
const columns: ListColumns<WebhookDelivery> = (t, language) => [
  column.accessor("status", { id: "status", header: () => t("webhooks.deliveries.columns.status"), cell: ({ getValue }) => <DeliveryStatusBadge status={getValue()} /> }),
  column.accessor("type", { id: "type", header: () => t("webhooks.deliveries.columns.type"), cell: ({ row }) => <TypeCell delivery={row.original} /> }),
  column.accessor("attempts", {
    id: "attempts",
    header: () => t("webhooks.deliveries.columns.attempts"),
    cell: ({ getValue }) => (
      <Text size="sm" style={{ fontVariantNumeric: "tabular-nums" }} data-testid="webhook-delivery-attempts">
        {formatNumber(getValue(), language)}
      </Text>
    ),
  }),
  column.accessor("lastStatusCode", {
    id: "lastStatusCode",
    header: () => t("webhooks.deliveries.columns.lastStatusCode"),
    cell: ({ getValue }) => {
      const code = getValue();
      return code === null ? (
        <Text size="sm" c="dimmed" style={nowrap}>
          {t("webhooks.deliveries.noAnswer")}
        </Text>
      ) : (
        <Code fz="sm" dir="ltr" c={code >= 200 && code < 300 ? "teal" : "red"} data-testid="webhook-delivery-code">
          {code}
        </Code>
      );
    },
  }),
  column.accessor("createdAt", {
    id: "createdAt",
    header: () => t("webhooks.deliveries.columns.createdAt"),
    enableSorting: true,
    cell: ({ getValue }) => <Text size="sm">{formatDateTime(getValue(), language)}</Text>,
  }),
  column.accessor("deliveredAt", {
    id: "deliveredOrNext",
    header: () => t("webhooks.deliveries.columns.deliveredOrNext"),
    cell: ({ row }) => {
      const delivery = row.original;
      if (delivery.deliveredAt) return <Text size="sm">{formatDateTime(delivery.deliveredAt, language)}</Text>;
      if (delivery.nextAttemptAt && delivery.status === "pending")
        return (
          <Text size="sm" c="dimmed">
            {t("webhooks.deliveries.next", { date: formatDateTime(delivery.nextAttemptAt, language) })}
          </Text>
        );
      return (
        <Text size="sm" c="dimmed">
          —
        </Text>
      );
    },
  }),
];

/** The endpoint whose deliveries the list shows (ListScreen's list hook takes only the query). */
const EndpointIdContext = createContext("");

function useEndpointDeliveries(query: QueryParams) {
  return useWebhookDeliveries(use(EndpointIdContext), query);
}

/**
 * One endpoint's deliveries: filtered by status and event type, paged on the server, a Retry on
 * each failed or pending one, reading itself again while any shown delivery is pending.
 */
export function DeliveriesList({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  // Which deliveries show their answer under the row.
  const openDeliveries = useExpandedRows();
  const retry = useRetryWebhookDelivery();
  // The page the list shows: a second observer of the list's own query (same key and options, so one
  // fetch and one polling interval serve both; an observer without the query function would leave
  // TanStack Query without one when it refetches).
  const shown = useServerTable(table);
  const watched = useWebhookDeliveries(endpointId, shown.query);
  const retryAction: RowAction<WebhookDelivery> = {
    id: "retry",
    label: t("webhooks.deliveries.retry"),
    icon: IconRefresh,
    beside: "text",
    variant: "light",
    when: (delivery) => delivery.status !== "delivered",
    disabled: () => retry.isPending,
    onClick: (delivery) =>
      retry.mutate(delivery.id, {
        onSuccess: () => notifySuccess(t("webhooks.deliveries.retried")),
        onError: (error) => void notifyError(error),
      }),
    testId: "webhook-delivery-retry",
  };
  return (
    <EndpointIdContext value={endpointId}>
      <ExpandedRowsContext value={openDeliveries}>
        {hasPending(watched.data) && (
          <Group gap={6} mb="xs" data-testid="webhook-deliveries-refreshing">
            <Loader size={12} aria-hidden />
            <Text size="xs" c="dimmed">
              {t("webhooks.deliveries.autoRefresh")}
            </Text>
          </Group>
        )}
        <ListScreen
          table={table}
          useList={useEndpointDeliveries}
          columns={columns}
          texts={{ tableLabel: t("webhooks.deliveries.tableLabel"), emptyTitle: t("webhooks.deliveries.emptyTitle"), emptyDescription: t("webhooks.deliveries.emptyDescription") }}
          filters={[
            {
              param: "status",
              label: t("webhooks.deliveries.statusFilter"),
              allLabel: t("webhooks.deliveries.allStatuses"),
              options: webhookDeliveryStatuses.map((status) => ({ value: status, label: t(`webhooks.deliveries.status.${status}`) })),
              testId: "webhook-deliveries-status-filter",
            },
            {
              param: "type",
              label: t("webhooks.deliveries.typeFilter"),
              allLabel: t("webhooks.deliveries.allTypes"),
              options: webhookEventTypes.map((type) => ({ value: type, label: type })),
              testId: "webhook-deliveries-type-filter",
            },
          ]}
          rowName={(delivery) => delivery.type}
          rowActions={{ as: "menu", header: t("webhooks.deliveries.columns.actions"), label: (delivery) => delivery.type, items: [retryAction] }}
          expandedRow={(delivery) => (openDeliveries.isOpen(delivery.id) ? <DeliveryAnswer delivery={delivery} /> : null)}
          minWidth={820}
          testId="webhook-deliveries-table"
        />
      </ExpandedRowsContext>
    </EndpointIdContext>
  );
}
