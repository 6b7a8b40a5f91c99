import { zodResolver } from "@hookform/resolvers/zod";
import { Modal, Stack, Text } from "@mantine/core";
import type { Plan } from "@portal/contract";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormActions } from "@/components/form";
import { parseApiError } from "@/lib/errors";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
import { useCreateLicenseRequest } from "../api/license-requests";
import { useCurrentPlan, useFeaturesLookup, usePlansLookup, useProjectsLookup } from "../api/lookups";
import { requestFields, requestFormSchema, type RequestFormOutput, type RequestFormValues } from "../lib/request-form";
import { RequestFields } from "./request-fields";

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
  const lookupError = plans.error ?? features.error ?? projects.error;

  const close = () => {
    if (create.isPending) return;
    form.reset(defaultValues);
    onClose();
  };

  const onServerError = useServerErrors(form.setError, {
    fields: requestFields,
    fieldByCode: { "catalogue/plan_not_found": "planId", "catalogue/unknown_feature": "featureIds", "common/not_found": "projectId" },
  });
  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess(t("licenses.requests.created"));
        form.reset(defaultValues);
        onClose();
      },
      onError: onServerError,
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
          <RequestFields
            variant="create"
            control={form.control}
            plans={plans.data}
            features={features.data ?? []}
            loading={plans.isPending || features.isPending}
            projects={projects.data}
            projectsLoading={projects.isPending}
          />
          <FormActions cancelLabel={t("licenses.actions.cancel")} onCancel={close} submitLabel={t("licenses.requests.submit")} pending={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
