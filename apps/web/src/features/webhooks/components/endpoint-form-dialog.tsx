import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack } from "@mantine/core";
import { webhookEndpointBodySchema, type WebhookEndpoint } from "@portal/contract";
import { useState } from "react";
import { useForm, type Control, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormActions, SwitchField, TextareaField, TextField } from "@/components/form";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint, type WebhookEndpointInput } from "../api/webhook-endpoints";
import { EventsField } from "./events-field";
import { SecretPanel } from "./secret-panel";

interface EndpointFormValues {
  url: string;
  description: string;
  enabled: boolean;
  events: string[];
}

const fields = ["url", "description", "enabled", "events"] as const;

/** The refusals that are about one field although the server names none (422s of the contract). */
const fieldByCode = {
  "webhook/unknown_event": "events",
  "webhook/forbidden_address": "url",
  "webhook/insecure_url": "url",
} as const;

/**
 * Create (`endpoint` null) or edit an endpoint in a modal. A new endpoint's signing secret is shown
 * in the same modal right after, once, with a copy button; the modal then closes only through "I have copied it".
 */
export function EndpointFormDialog({ opened, endpoint, onClose }: { opened: boolean; endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  const title = secret ? t("webhooks.secret.title") : endpoint ? t("webhooks.form.editTitle") : t("webhooks.form.createTitle");
  return (
    <Modal
      opened={opened}
      onClose={secret ? () => undefined : close}
      withCloseButton={!secret}
      closeOnClickOutside={!secret}
      closeOnEscape={!secret}
      title={title}
      centered
      size="xl"
      data-testid="webhook-endpoint-dialog"
    >
      {opened &&
        (secret ? (
          <Stack gap="md">
            <SecretPanel secret={secret} />
            <Group justify="flex-end">
              <Button onClick={close} data-testid="webhook-secret-done">
                {t("webhooks.secret.done")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <EndpointForm endpoint={endpoint} onCreated={setSecret} onDone={close} />
        ))}
    </Modal>
  );
}

function EndpointForm({ endpoint, onCreated, onDone }: { endpoint: WebhookEndpoint | null; onCreated: (secret: string) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const form = useForm<EndpointFormValues, unknown, WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointBodySchema) as unknown as Resolver<EndpointFormValues, unknown, WebhookEndpointInput>,
    mode: "onTouched",
    defaultValues: endpoint
      ? { url: endpoint.url, description: endpoint.description, enabled: endpoint.enabled, events: endpoint.events }
      : { url: "", description: "", enabled: true, events: [] },
  });
  const fail = useServerErrors(form.setError, { fields, fieldByCode });

  const submit = form.handleSubmit((body) => {
    if (endpoint) {
      update.mutate(
        { id: endpoint.id, body },
        {
          onSuccess: () => {
            notifySuccess(t("webhooks.form.saved"));
            onDone();
          },
          onError: fail,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          notifySuccess(t("webhooks.form.created"));
          onCreated(created.secret);
        },
        onError: fail,
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} data-testid="webhook-endpoint-form">
      <Stack gap="md">
        <TextField
          control={form.control}
          name="url"
          type="url"
          label={t("webhooks.form.url")}
          description={t("webhooks.form.urlHint")}
          placeholder="https://example.com/hooks/portal"
          dir="ltr"
          required
          maxLength={2000}
          data-autofocus
          data-testid="webhook-url"
        />
        <TextareaField
          control={form.control}
          name="description"
          label={`${t("webhooks.form.description")} (${t("common.optional")})`}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={500}
          data-testid="webhook-description"
        />
        <SwitchField control={form.control} name="enabled" label={t("webhooks.form.enabled")} description={t("webhooks.form.enabledHint")} data-testid="webhook-enabled" />
        <EventsField control={form.control as unknown as Control<{ events: string[] }>} />
        <FormActions
          cancelLabel={t("webhooks.form.cancel")}
          onCancel={onDone}
          submitLabel={endpoint ? t("webhooks.form.save") : t("webhooks.form.create")}
          pending={create.isPending || update.isPending}
          submitTestId="webhook-submit"
        />
      </Stack>
    </form>
  );
}
