import { Text } from "@mantine/core";
import { IconExternalLink, IconKey, IconPencil } from "@tabler/icons-react";
import { webhookEndpointSortFields, type WebhookEndpoint } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { deleteAction, ListScreen, type ListColumns, type RowAction } from "@/components/list-screen";
import { formatDateTime } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useDeleteWebhookEndpoint, useWebhookEndpoints } from "../api/webhook-endpoints";
import { EndpointUrlCell, EventsSummary } from "../components/endpoint-cells";
import { EndpointFormDialog } from "../components/endpoint-form-dialog";
import { EndpointStatus } from "../components/endpoint-status";
import { RotateSecretDialog } from "../components/rotate-secret-dialog";

const table: ServerTableOptions<(typeof webhookEndpointSortFields)[number], never> = {
  sortFields: webhookEndpointSortFields,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: [],
};

const nowrap = { whiteSpace: "nowrap" } as const;

const column = createDataTableColumnHelper<WebhookEndpoint>();
const columns: ListColumns<WebhookEndpoint> = (t, language) => [
  column.accessor("url", { id: "url", header: () => t("webhooks.list.columns.url"), enableSorting: true, cell: ({ row }) => <EndpointUrlCell endpoint={row.original} /> }),
  column.accessor("events", { id: "events", header: () => t("webhooks.list.columns.events"), cell: ({ getValue }) => <EventsSummary events={getValue()} /> }),
  column.accessor("enabled", { id: "status", header: () => t("webhooks.list.columns.status"), cell: ({ row }) => <EndpointStatus endpoint={row.original} /> }),
  column.accessor("lastDeliveryAt", {
    id: "lastDeliveryAt",
    header: () => t("webhooks.list.columns.lastDelivery"),
    cell: ({ getValue }) => (
      <Text size="sm" c={getValue() ? undefined : "dimmed"} style={nowrap}>
        {getValue() ? formatDateTime(getValue(), language) : t("webhooks.status.never")}
      </Text>
    ),
  }),
  column.accessor("createdAt", {
    id: "createdAt",
    header: () => t("webhooks.list.columns.createdAt"),
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" style={nowrap}>
        {formatDateTime(getValue(), language)}
      </Text>
    ),
  }),
];

/** admin/webhooks: the endpoints the portal calls, paged and sorted on the server, with create, edit, rotate and delete. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const items: RowAction<WebhookEndpoint>[] = [
    { id: "open", label: t("webhooks.endpoint.open"), icon: IconExternalLink, to: (endpoint) => paths.admin.webhook(endpoint.id), testId: "webhook-action-open" },
    { id: "edit", label: t("webhooks.endpoint.edit"), icon: IconPencil, onClick: (endpoint) => setEditing({ endpoint }), testId: "webhook-action-edit" },
    { id: "rotate", label: t("webhooks.rotate.action"), icon: IconKey, onClick: setRotating, testId: "webhook-action-rotate" },
    {
      ...deleteAction<WebhookEndpoint>(t("webhooks.remove.action"), {
        title: t("webhooks.remove.title"),
        message: (endpoint) => t("webhooks.remove.text", { url: endpoint.url }),
        cancelLabel: t("webhooks.form.cancel"),
        useMutation: useDeleteWebhookEndpoint,
        done: () => t("webhooks.remove.done"),
        testId: "webhook-delete-dialog",
        confirmTestId: "webhook-delete-confirm",
      }),
      testId: "webhook-action-delete",
    },
  ];
  return (
    <>
      <ListScreen
        title={t("webhooks.list.title")}
        description={t("webhooks.list.subtitle")}
        table={table}
        useList={useWebhookEndpoints}
        columns={columns}
        texts={{ tableLabel: t("webhooks.list.tableLabel"), emptyTitle: t("webhooks.list.emptyTitle"), emptyDescription: t("webhooks.list.emptyDescription") }}
        create={{ label: t("webhooks.list.add"), onClick: () => setEditing({ endpoint: null }) }}
        rowName={(endpoint) => endpoint.url}
        rowLink={(endpoint) => paths.admin.webhook(endpoint.id)}
        rowActions={{
          as: "menu",
          header: t("webhooks.list.actions"),
          label: (endpoint) => t("webhooks.list.actionsFor", { url: endpoint.url }),
          testId: "webhook-actions",
          items,
        }}
        minWidth={860}
        testId="webhooks-table"
      />
      <EndpointFormDialog opened={editing !== null} endpoint={editing?.endpoint ?? null} onClose={() => setEditing(null)} />
      <RotateSecretDialog endpoint={rotating} onClose={() => setRotating(null)} />
    </>
  );
}

export { WebhooksPage as Component };
