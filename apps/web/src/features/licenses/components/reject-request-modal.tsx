import { zodResolver } from "@hookform/resolvers/zod";
import { Modal, Stack, Text } from "@mantine/core";
import { rejectBodySchema, type LicenseRequest } from "@portal/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormActions, TextareaField } from "@/components/form";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
import { useRejectLicenseRequest } from "../api/license-requests";

type RejectForm = z.input<typeof rejectBodySchema>;

/** Admin: reject a pending request; the reason is required (the customer reads it). */
export function RejectRequestModal({ request, onClose }: { request: LicenseRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectLicenseRequest();
  const form = useForm<RejectForm, unknown, z.output<typeof rejectBodySchema>>({
    resolver: zodResolver(rejectBodySchema),
    defaultValues: { reason: "" },
  });

  const close = () => {
    if (reject.isPending) return;
    form.reset();
    onClose();
  };

  const onServerError = useServerErrors(form.setError, { fields: ["reason"] });
  const onSubmit = form.handleSubmit(({ reason }) => {
    if (!request) return;
    reject.mutate(
      { id: request.id, reason },
      {
        onSuccess: () => {
          notifySuccess(t("licenses.requests.rejected"));
          form.reset();
          onClose();
        },
        onError: onServerError,
      },
    );
  });

  return (
    <Modal opened={request !== null} onClose={close} title={t("licenses.requests.rejectTitle")} centered closeButtonProps={{ "aria-label": t("common.close") }}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Text size="sm">{t("licenses.requests.rejectMessage", { email: request?.requester.email ?? "" })}</Text>
          <TextareaField
            control={form.control}
            name="reason"
            label={t("licenses.requests.rejectReason")}
            description={t("licenses.requests.rejectReasonHint")}
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            data-autofocus
          />
          <FormActions cancelLabel={t("licenses.actions.cancel")} onCancel={close} submitLabel={t("licenses.actions.reject")} pending={reject.isPending} color="red" />
        </Stack>
      </form>
    </Modal>
  );
}
