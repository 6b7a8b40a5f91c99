import { Alert, Badge, Button, Code, Group, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconKey, IconPencil, IconPlayerPause, IconPlayerPlay, IconSend, IconTrash } from "@tabler/icons-react";
import type { WebhookEndpoint } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DetailField } from "@/components/detail-field";
import { PageHeader } from "@/components/page-header";
import { SectionCard } from "@/components/section-card";
import { parseApiError } from "@/lib/errors";
import { formatDateTime } from "@/lib/format";
import { notifyError, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDeleteWebhookEndpoint, useSendWebhookTest, useUpdateWebhookEndpoint, useWebhookEndpoint } from "../api/webhook-endpoints";
import { DeliveriesList } from "../components/deliveries-list";
import { EndpointFormDialog } from "../components/endpoint-form-dialog";
import { EndpointStatus } from "../components/endpoint-status";
import { RotateSecretDialog } from "../components/rotate-secret-dialog";
import { VerifyExample } from "../components/verify-example";
import { subscribesToAll } from "../lib/event-groups";

/** The endpoint's settings: URL, events, state, description and dates. */
function EndpointSettings({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => (value ? formatDateTime(value, i18n.language) : t("webhooks.status.never"));
  return (
    <SectionCard id="webhook-settings" title={t("webhooks.endpoint.settings")} description={t("webhooks.endpoint.settingsHint")}>
      {endpoint.disabledReason && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("webhooks.endpoint.disabledReason")} data-testid="webhook-disabled-reason">
          <Text size="sm">{endpoint.disabledReason}</Text>
        </Alert>
      )}
      <DetailField label={t("webhooks.list.columns.url")}>
        <Text size="sm" dir="ltr" ta="start" style={{ overflowWrap: "anywhere" }} data-testid="webhook-detail-url">
          {endpoint.url}
        </Text>
      </DetailField>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <DetailField label={t("webhooks.list.columns.status")}>
          <EndpointStatus endpoint={endpoint} />
        </DetailField>
        <DetailField label={t("webhooks.list.columns.lastDelivery")}>
          <Text size="sm">{date(endpoint.lastDeliveryAt)}</Text>
        </DetailField>
        <DetailField label={t("webhooks.list.columns.createdAt")}>
          <Text size="sm">{date(endpoint.createdAt)}</Text>
        </DetailField>
      </SimpleGrid>
      <DetailField label={t("webhooks.form.description")}>
        <Text size="sm" c={endpoint.description ? undefined : "dimmed"} dir="auto">
          {endpoint.description || t("webhooks.endpoint.noDescription")}
        </Text>
      </DetailField>
      <DetailField label={t("webhooks.list.columns.events")}>
        {subscribesToAll(endpoint.events) ? (
          <Badge variant="light">{t("webhooks.events.all")}</Badge>
        ) : (
          <Group gap={6} wrap="wrap" data-testid="webhook-detail-events">
            {endpoint.events.map((event) => (
              <Code key={event} fz="xs" dir="ltr">
                {event}
              </Code>
            ))}
          </Group>
        )}
      </DetailField>
    </SectionCard>
  );
}

type Dialog = "edit" | "rotate" | "delete" | null;

/** admin/webhooks/{id}: one endpoint, its actions, its deliveries and how a receiver verifies them. */
export function WebhookEndpointPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const query = useWebhookEndpoint(id);
  const endpoint = query.data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const test = useSendWebhookTest();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  useDocumentTitle(endpoint ? `${t("webhooks.endpoint.title")}: ${endpoint.url}` : t("webhooks.endpoint.title"));

  if (query.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label={t("app.loading")}>
        <Skeleton height={40} width="50%" />
        <Skeleton height={180} />
        <Skeleton height={260} />
      </Stack>
    );
  }
  if (!endpoint) {
    return (
      <>
        <PageHeader title={t("webhooks.endpoint.title")} />
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="webhook-endpoint-error">
          <Text size="sm">{parseApiError(query.error, t).message}</Text>
          <Group gap="sm" mt="sm">
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t("webhooks.endpoint.retry")}
            </Button>
            <Button size="xs" variant="subtle" component={Link} to={paths.admin.webhooks}>
              {t("webhooks.endpoint.back")}
            </Button>
          </Group>
        </Alert>
      </>
    );
  }

  const sendTest = () =>
    test.mutate(endpoint.id, { onSuccess: () => notifySuccess(t("webhooks.endpoint.testQueued")), onError: (error) => void notifyError(error) });
  const toggle = () =>
    update.mutate(
      { id: endpoint.id, body: { enabled: !endpoint.enabled } },
      { onSuccess: (changed) => notifySuccess(t(changed.enabled ? "webhooks.toggle.enabled" : "webhooks.toggle.disabled")), onError: (error) => void notifyError(error) },
    );
  const confirmDelete = () => {
    setDeleteError(null);
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        notifySuccess(t("webhooks.remove.done"));
        void navigate(paths.admin.webhooks);
      },
      onError: (error) => setDeleteError(parseApiError(error, t).message),
    });
  };

  return (
    <>
      <PageHeader
        title={
          <Text span inherit dir="ltr" style={{ overflowWrap: "anywhere" }} data-testid="webhook-endpoint-title">
            {endpoint.url}
          </Text>
        }
        description={endpoint.description || undefined}
        actions={
          <Group gap="sm" role="group" aria-label={t("webhooks.endpoint.actions")}>
            <Button leftSection={<IconSend size={16} aria-hidden />} onClick={sendTest} loading={test.isPending} data-testid="webhook-send-test">
              {t("webhooks.endpoint.sendTest")}
            </Button>
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setDialog("edit")} data-testid="webhook-edit">
              {t("webhooks.endpoint.edit")}
            </Button>
            <Button
              variant="default"
              leftSection={endpoint.enabled ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
              onClick={toggle}
              loading={update.isPending}
              data-testid="webhook-toggle"
            >
              {t(endpoint.enabled ? "webhooks.toggle.disable" : "webhooks.toggle.enable")}
            </Button>
            <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} onClick={() => setDialog("rotate")} data-testid="webhook-rotate">
              {t("webhooks.rotate.action")}
            </Button>
            <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDialog("delete")} data-testid="webhook-delete">
              {t("webhooks.remove.action")}
            </Button>
          </Group>
        }
      />
      <Stack gap="lg">
        <EndpointSettings endpoint={endpoint} />
        <SectionCard id="webhook-deliveries" title={t("webhooks.deliveries.title")} description={t("webhooks.deliveries.hint")}>
          <DeliveriesList endpointId={endpoint.id} />
        </SectionCard>
        <VerifyExample url={endpoint.url} />
      </Stack>
      <EndpointFormDialog opened={dialog === "edit"} endpoint={endpoint} onClose={() => setDialog(null)} />
      <RotateSecretDialog endpoint={dialog === "rotate" ? endpoint : null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={dialog === "delete"}
        onClose={() => {
          setDeleteError(null);
          setDialog(null);
        }}
        onConfirm={confirmDelete}
        title={t("webhooks.remove.title")}
        confirmLabel={t("webhooks.remove.action")}
        cancelLabel={t("webhooks.form.cancel")}
        danger
        loading={remove.isPending}
        error={deleteError}
        testId="webhook-delete-dialog"
        confirmTestId="webhook-delete-confirm"
      >
        {t("webhooks.remove.text", { url: endpoint.url })}
      </ConfirmDialog>
    </>
  );
}

export { WebhookEndpointPage as Component };
