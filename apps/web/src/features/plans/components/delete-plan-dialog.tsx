import type { Plan } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { parseApiError } from "@/lib/errors";
import { notifySuccess } from "@/lib/notify";
import { useDeletePlan } from "../api/delete-plan";

/** Asks before deleting a template plan; a 409 catalogue/plan_in_use is shown in the dialog. */
export function DeletePlanDialog({ plan, onClose, onDeleted }: { plan: Pick<Plan, "id" | "name"> | null; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePlan();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={plan !== null}
      onClose={close}
      onConfirm={() => {
        if (!plan) return;
        setError(null);
        remove.mutate(plan.id, {
          onSuccess: () => {
            notifySuccess(t("commerce.plans.deleted"));
            close();
            onDeleted?.();
          },
          onError: (failure) => setError(parseApiError(failure, t).message),
        });
      }}
      title={t("commerce.plans.deleteTitle")}
      confirmLabel={t("commerce.common.delete")}
      cancelLabel={t("commerce.common.cancel")}
      danger
      loading={remove.isPending}
      error={error}
      testId="delete-plan-dialog"
    >
      {`${t("commerce.plans.deleteConfirm", { name: plan?.name ?? "" })} ${t("commerce.plans.deleteNote")}`}
    </ConfirmDialog>
  );
}
