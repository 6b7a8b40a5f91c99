import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { rejectBodySchema, type LicenseRequest } from "@portal/contract";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { translateMessage } from "@/lib/messages";
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
        onError: (error) => {
          const parsed = parseApiError(error, t);
          const rest = applyServerErrors(parsed, form.setError, { fields: ["reason"] });
          if (rest.length > 0) notifyMessage(rest.map((item) => item.message).join("\n"), parsed.type);
        },
      },
    );
  });

  return (
    <Modal opened={request !== null} onClose={close} title={t("licenses.requests.rejectTitle")} centered closeButtonProps={{ "aria-label": t("common.close") }}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Text size="sm">{t("licenses.requests.rejectMessage", { email: request?.requester.email ?? "" })}</Text>
          <Controller
            control={form.control}
            name="reason"
            render={({ field }) => (
              <Textarea
                {...field}
                label={t("licenses.requests.rejectReason")}
                description={t("licenses.requests.rejectReasonHint")}
                required
                autosize
                minRows={3}
                maxRows={8}
                maxLength={2000}
                data-autofocus
                error={translateMessage(form.formState.errors.reason?.message, t)}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={reject.isPending}>
              {t("licenses.actions.cancel")}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              {t("licenses.actions.reject")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
