import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, NumberInput, Stack, Textarea, TextInput } from "@mantine/core";
import { CUSTOM_PLAN_CURRENCY, featureBodySchema, type Feature, type FeatureBody } from "@portal/contract";
import { Controller, useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { translateCommerceMessage } from "@/lib/commerce-messages";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { useCreateFeature } from "../api/create-feature";
import { useUpdateFeature } from "../api/update-feature";

type Output = z.output<typeof featureBodySchema>;
const fields = ["name", "description", "price"] as const satisfies readonly Path<FeatureBody>[];

/** Create (feature = null) or edit a feature in a modal; the contract schema first, then the server's codes. */
export function FeatureFormModal({ opened, feature, onClose }: { opened: boolean; feature: Feature | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={feature ? t("commerce.features.editTitle") : t("commerce.features.createTitle")} centered>
      {/* Mounted only while open, so each opening starts from the row it edits. */}
      {opened && <FeatureForm feature={feature} onDone={onClose} />}
    </Modal>
  );
}

function FeatureForm({ feature, onDone }: { feature: Feature | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateFeature();
  const update = useUpdateFeature();
  const form = useForm<FeatureBody, unknown, Output>({
    resolver: zodResolver(featureBodySchema),
    mode: "onTouched",
    defaultValues: feature ? { name: feature.name, description: feature.description, price: feature.price } : { name: "", description: "", price: 0 },
  });
  const errorOf = (name: (typeof fields)[number]) => translateCommerceMessage(form.formState.errors[name]?.message, t);
  const pending = create.isPending || update.isPending;

  const fail = (error: unknown) => {
    const parsed = parseApiError(error, t);
    const rest = applyServerErrors(parsed, form.setError, { fields, fieldByCode: { "catalogue/name_taken": "name" } });
    if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => translateCommerceMessage(item.message, t)))].join("\n"), parsed.type);
  };

  const done = (what: "created" | "saved") => {
    notifySuccess(t(`commerce.features.${what}`));
    onDone();
  };

  const submit = form.handleSubmit((body) => {
    if (feature) {
      update.mutate({ id: feature.id, body }, { onSuccess: () => done("saved"), onError: fail });
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
        <Controller
          control={form.control}
          name="price"
          render={({ field }) => (
            <NumberInput
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? ""}
              onChange={(value) => field.onChange(typeof value === "number" ? value : value.trim() === "" ? undefined : Number(value))}
              label={t("commerce.common.price")}
              description={t("commerce.features.priceHint")}
              rightSection={CUSTOM_PLAN_CURRENCY}
              rightSectionWidth={48}
              required
              min={0}
              decimalScale={2}
              fixedDecimalScale
              error={errorOf("price")}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t("commerce.common.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {feature ? t("commerce.common.saveChanges") : t("commerce.common.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
