import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft, IconCheck, IconInfoCircle, IconX } from "@tabler/icons-react";
import type { LicenseRequest, Plan } from "@portal/contract";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/page-header";
import { parseApiError } from "@/lib/errors";
import { useServerErrors } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useApproveLicenseRequest, useUpdateLicenseRequest, useLicenseRequest } from "../api/license-requests";
import { useFeaturesLookup, usePlan, usePlansLookup } from "../api/lookups";
import { RejectRequestModal } from "../components/reject-request-modal";
import { RequestFields } from "../components/request-fields";
import { RequestStatusBadge } from "../components/request-status-badge";
import { formatDateTime } from "@/lib/format";
import { editRequestFields, editRequestFormSchema, type EditRequestFormOutput, type EditRequestFormValues } from "../lib/request-form";

function valuesOf(request: LicenseRequest): EditRequestFormValues {
  const byFeatures = request.planId === null;
  return {
    mode: byFeatures ? "features" : "plan",
    planId: request.planId ?? "",
    featureIds: request.features.map((feature) => feature.id),
    quantity: request.quantity,
    note: request.note,
    durationDays: request.durationDays ?? "",
    maxActivations: request.maxActivations ?? "",
  };
}

function EditForm({ request }: { request: LicenseRequest }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const catalogue = usePlansLookup();
  const ownPlan = usePlan(request.planId);
  const features = useFeaturesLookup();
  const update = useUpdateLicenseRequest();
  const approve = useApproveLicenseRequest();
  const [confirmApprove, setConfirmApprove] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const editable = request.status === "pending";

  // The catalogue, plus the request's own plan when it is not in it (a customer's custom plan).
  const plans = useMemo<Plan[]>(() => {
    const list = catalogue.data ?? [];
    return ownPlan.data && !list.some((plan) => plan.id === ownPlan.data.id) ? [ownPlan.data, ...list] : list;
  }, [catalogue.data, ownPlan.data]);

  const form = useForm<EditRequestFormValues, unknown, EditRequestFormOutput>({
    resolver: zodResolver(editRequestFormSchema),
    mode: "onTouched",
    values: valuesOf(request),
    resetOptions: { keepDirtyValues: true },
  });
  const onServerError = useServerErrors(form.setError, {
    fields: editRequestFields,
    fieldByCode: { "catalogue/plan_not_found": "planId", "catalogue/unknown_feature": "featureIds" },
  });

  const onSubmit = form.handleSubmit((patch) => {
    update.mutate(
      { id: request.id, patch },
      {
        onSuccess: (saved) => {
          notifySuccess(t("licenses.edit.saved"));
          form.reset(valuesOf(saved));
        },
        onError: onServerError,
      },
    );
  });

  const doApprove = () =>
    approve.mutate(request.id, {
      onSuccess: (approved) => {
        setConfirmApprove(false);
        notifySuccess(t("licenses.requests.approved", { count: approved.licenseIds.length }));
        void navigate(paths.admin.licenseRequests);
      },
      onError: (error) => {
        setConfirmApprove(false);
        notifyError(error);
      },
    });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t("licenses.columns.requester")}
            </Text>
            <Text size="sm" fw={500}>{`${request.requester.firstname} ${request.requester.lastname}`.trim()}</Text>
            <Text size="xs" c="dimmed" dir="ltr" ta="start" style={{ wordBreak: "break-all" }}>
              {request.requester.email}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t("licenses.columns.created")}
            </Text>
            <Text size="sm">{formatDateTime(request.createdAt, i18n.language)}</Text>
          </Stack>
          <Stack gap={2} align="flex-start">
            <Text size="xs" c="dimmed">
              {t("licenses.columns.status")}
            </Text>
            <RequestStatusBadge status={request.status} />
          </Stack>
        </SimpleGrid>
        {request.projectName && (
          <Text size="sm" mt="sm">
            {t("licenses.edit.projectLine", { project: request.projectName })}
          </Text>
        )}
      </Paper>

      {!editable && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="not-pending">
          {t("licenses.edit.notPending", { status: t(`licenses.requestStatus.${request.status}`) })}
          {request.rejectReason ? ` ${t("licenses.requests.reasonLabel", { reason: request.rejectReason })}` : ""}
        </Alert>
      )}

      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} component="form" noValidate onSubmit={onSubmit} aria-label={t("licenses.edit.formLabel")}>
        <fieldset disabled={!editable || update.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            {catalogue.error || features.error ? (
              <Text size="sm" c="red" role="alert">
                {parseApiError(catalogue.error ?? features.error, t).message}
              </Text>
            ) : null}
            <RequestFields
              variant="edit"
              control={form.control}
              plans={plans}
              features={features.data ?? []}
              loading={catalogue.isPending || features.isPending}
              modeLabel={t("licenses.edit.what")}
            />
          </Stack>
        </fieldset>
        {editable && (
          <Group justify="space-between" gap="sm" mt="lg" wrap="wrap">
            <Group gap="sm">
              <Button color="teal" variant="light" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setConfirmApprove(true)} disabled={form.formState.isDirty}>
                {t("licenses.actions.approve")}
              </Button>
              <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => setRejecting(true)}>
                {t("licenses.actions.reject")}
              </Button>
            </Group>
            <Group gap="sm">
              <Button variant="default" onClick={() => form.reset(valuesOf(request))} disabled={!form.formState.isDirty || update.isPending}>
                {t("licenses.edit.discard")}
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
                {t("licenses.edit.save")}
              </Button>
            </Group>
          </Group>
        )}
        {editable && form.formState.isDirty && (
          <Text size="xs" c="dimmed" mt="xs">
            {t("licenses.edit.saveBeforeApprove")}
          </Text>
        )}
      </Paper>

      <ConfirmDialog
        opened={confirmApprove}
        title={t("licenses.requests.approveTitle")}
        confirmLabel={t("licenses.actions.approve")}
        cancelLabel={t("licenses.actions.cancel")}
        color="teal"
        loading={approve.isPending}
        onConfirm={doApprove}
        onClose={() => setConfirmApprove(false)}
      >
        {t("licenses.requests.approveMessage", {
          count: request.quantity,
          plan: request.planName ?? t("licenses.requests.customFeatures"),
          email: request.requester.email,
        })}
      </ConfirmDialog>
      <RejectRequestModal request={rejecting ? request : null} onClose={() => setRejecting(false)} />
    </Stack>
  );
}

/** /license-requests/edit/{id} (admin): plan or features, quantity, duration and max activations of a pending request. */
export function LicenseRequestEditPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const request = useLicenseRequest(id);
  return (
    <>
      <PageHeader
        title={t("pages.licenseRequestEdit.title")}
        actions={
          <Button component={Link} to={paths.admin.licenseRequests} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden className="mirror-rtl" />}>
            {t("licenses.edit.back")}
          </Button>
        }
      />
      {request.isPending ? (
        <Stack gap="md">
          <Skeleton height={96} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : request.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t("licenses.edit.loadFailed")}>
          {parseApiError(request.error, t).message}
        </Alert>
      ) : (
        <EditForm request={request.data} />
      )}
    </>
  );
}

export { LicenseRequestEditPage as Component };
