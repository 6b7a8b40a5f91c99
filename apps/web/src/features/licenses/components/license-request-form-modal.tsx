import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from "@mantine/core";
import type { Plan } from "@portal/contract";
import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useCreateLicenseRequest } from "../api/license-requests";
import { useCurrentPlan, useFeaturesLookup, usePlansLookup, useProjectsLookup } from "../api/lookups";
import { translateMessage } from "@/lib/messages";
import { requestFields, requestFormSchema, type RequestFormOutput, type RequestFormValues } from "../lib/request-form";
import { PlanOrFeaturesFields, type PlanFeatureControl } from "./plan-or-features-fields";

/** The catalogue plans, plus the customer's own custom plan when that is the current one. */
export function useRequestablePlans(enabled: boolean) {
  const plans = usePlansLookup(enabled);
  const current = useCurrentPlan(enabled);
  const data = useMemo<Plan[]>(() => {
    const list = plans.data ?? [];
    const own = current.data?.plan;
    return own && !list.some((plan) => plan.id === own.id) ? [own, ...list] : list;
  }, [plans.data, current.data]);
  return { data, isPending: plans.isPending, error: plans.error ?? current.error };
}

/**
 * "Request a licence": a plan or a set of features, optionally a project, a quantity (1..100) and a
 * note. Checked with the contract's schema before sending; the server's codes and 422 fields after.
 */
export function LicenseRequestFormModal({
  opened,
  onClose,
  initialPlanId,
}: {
  opened: boolean;
  onClose: () => void;
  initialPlanId?: string;
}) {
  const { t } = useTranslation();
  const plans = useRequestablePlans(opened);
  const features = useFeaturesLookup(opened);
  const projects = useProjectsLookup(opened);
  const create = useCreateLicenseRequest();

  const defaultValues: RequestFormValues = { mode: "plan", planId: initialPlanId ?? "", featureIds: [], projectId: "", quantity: 1, note: "" };
  const form = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver: zodResolver(requestFormSchema),
    mode: "onTouched",
    defaultValues,
  });
  const errors = form.formState.errors;
  const lookupError = plans.error ?? features.error ?? projects.error;

  const close = () => {
    if (create.isPending) return;
    form.reset(defaultValues);
    onClose();
  };

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess(t("licenses.requests.created"));
        form.reset(defaultValues);
        onClose();
      },
      onError: (error) => {
        const parsed = parseApiError(error, t);
        const rest = applyServerErrors(parsed, form.setError, {
          fields: requestFields,
          fieldByCode: { "catalogue/plan_not_found": "planId", "catalogue/unknown_feature": "featureIds", "common/not_found": "projectId" },
        });
        if (rest.length > 0) notifyMessage(rest.map((item) => item.message).join("\n"), parsed.type);
      },
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("licenses.requests.formTitle")}
      size="lg"
      centered
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      <form noValidate onSubmit={onSubmit} aria-label={t("licenses.requests.formTitle")}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("licenses.requests.formDescription")}
          </Text>
          {lookupError ? (
            <Text size="sm" c="red" role="alert">
              {parseApiError(lookupError, t).message}
            </Text>
          ) : null}
          <PlanOrFeaturesFields
            control={form.control as unknown as PlanFeatureControl}
            errors={errors}
            plans={plans.data}
            features={features.data ?? []}
            loading={plans.isPending || features.isPending}
          />
          <Controller
            control={form.control}
            name="projectId"
            render={({ field }) => (
              <Select
                label={`${t("licenses.form.project")} (${t("common.optional")})`}
                placeholder={t("licenses.form.noProject")}
                description={
                  projects.data && projects.data.length === 0 ? (
                    <>
                      {t("licenses.form.noProjectsYet")}{" "}
                      <Anchor component={Link} to={paths.projects} size="xs">
                        {t("licenses.form.createProject")}
                      </Anchor>
                    </>
                  ) : undefined
                }
                data={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? "")}
                onBlur={field.onBlur}
                ref={field.ref}
                clearable
                searchable
                nothingFoundMessage={t("licenses.form.nothingFound")}
                disabled={projects.isPending}
                error={translateMessage(errors.projectId?.message, t)}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="quantity"
            render={({ field }) => (
              <NumberInput
                label={t("licenses.form.quantity")}
                description={t("licenses.form.quantityHint")}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                min={1}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                required
                w={{ base: "100%", xs: 200 }}
                error={translateMessage(errors.quantity?.message, t)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="note"
            render={({ field }) => (
              <Textarea
                {...field}
                label={`${t("licenses.form.note")} (${t("common.optional")})`}
                placeholder={t("licenses.form.notePlaceholder")}
                autosize
                minRows={2}
                maxRows={6}
                maxLength={2000}
                error={translateMessage(errors.note?.message, t)}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t("licenses.actions.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("licenses.requests.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
