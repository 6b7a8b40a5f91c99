import type { Plan } from "@portal/contract";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { RowConfirmDialog, type RowConfirm } from "@/components/list-screen";
import { useDeletePlan } from "../api/plans";

/** The confirmation of a template plan's delete; a 409 catalogue/plan_in_use is shown in the dialog. */
export function deletePlanConfirm(t: TFunction): Omit<RowConfirm<Pick<Plan, "id" | "name">>, "confirmLabel"> {
  return {
    title: t("commerce.plans.deleteTitle"),
    message: (plan) => `${t("commerce.plans.deleteConfirm", { name: plan.name })} ${t("commerce.plans.deleteNote")}`,
    useMutation: useDeletePlan,
    done: () => t("commerce.plans.deleted"),
    testId: "delete-plan-dialog",
  };
}

/** Asks before deleting a template plan (the plan's own page; the list has it as a row action). */
export function DeletePlanDialog({ plan, onClose, onDeleted }: { plan: Pick<Plan, "id" | "name"> | null; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation();
  return (
    <RowConfirmDialog
      confirm={{ ...deletePlanConfirm(t), confirmLabel: t("commerce.common.delete"), danger: true, after: onDeleted }}
      row={plan}
      onClose={onClose}
    />
  );
}
