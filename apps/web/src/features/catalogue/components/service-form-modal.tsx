import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { serviceBodySchema, type Service, type ServiceBody } from "@portal/contract";
import { Controller, useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { translateCommerceMessage } from "@/lib/commerce-messages";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { useCreateService } from "../api/create-service";
import { useUpdateService } from "../api/update-service";

type Output = z.output<typeof serviceBodySchema>;
const fields = ["name", "description"] as const satisfies readonly Path<ServiceBody>[];

/** Create (service = null) or edit a service in a modal. */
export function ServiceFormModal({ opened, service, onClose }: { opened: boolean; service: Service | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={service ? t("commerce.services.editTitle") : t("commerce.services.createTitle")} centered>
      {opened && <ServiceForm service={service} onDone={onClose} />}
    </Modal>
  );
}

function ServiceForm({ service, onDone }: { service: Service | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateService();
  const update = useUpdateService();
  const form = useForm<ServiceBody, unknown, Output>({
    resolver: zodResolver(serviceBodySchema),
    mode: "onTouched",
    defaultValues: service ? { name: service.name, description: service.description } : { name: "", description: "" },
  });
  const errorOf = (name: (typeof fields)[number]) => translateCommerceMessage(form.formState.errors[name]?.message, t);
  const pending = create.isPending || update.isPending;

  const fail = (error: unknown) => {
    const parsed = parseApiError(error, t);
    const rest = applyServerErrors(parsed, form.setError, { fields, fieldByCode: { "catalogue/name_taken": "name" } });
    if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => translateCommerceMessage(item.message, t)))].join("\n"), parsed.type);
  };

  const done = (what: "created" | "saved") => {
    notifySuccess(t(`commerce.services.${what}`));
    onDone();
  };

  const submit = form.handleSubmit((body) => {
    if (service) {
      update.mutate({ id: service.id, body }, { onSuccess: () => done("saved"), onError: fail });
    } else {
      create.mutate(body, { onSuccess: () => done("created"), onError: fail });
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="name"
          render={({ field }) => <TextInput {...field} label={t("commerce.common.name")} required maxLength={120} error={errorOf("name")} data-autofocus />}
        />
        <Controller
          control={form.control}
          name="description"
          render={({ field }) => (
            <Textarea {...field} value={field.value ?? ""} label={t("commerce.common.description")} autosize minRows={2} maxRows={6} maxLength={2000} error={errorOf("description")} />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t("commerce.common.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {service ? t("commerce.common.saveChanges") : t("commerce.common.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
