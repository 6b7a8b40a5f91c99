import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCreatePlan, usePlan, useUpdatePlan } from "../api/plans";
import { emptyPlan, PlanForm, planToFormValues } from "../components/plan-form";
import { PlanUnavailable } from "../components/plan-unavailable";

/** admin/plans/create and admin/plans/{id}/edit: the template plan form. */
export function AdminPlanFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const editing = Boolean(id);
  const plan = usePlan(id);
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const title = editing ? t("pages.admin.planEdit.title") : t("pages.admin.planCreate.title");
  useDocumentTitle(title);

  if (editing && (plan.isPending || plan.isError)) return <PlanUnavailable title={title} plan={plan} skeleton={[180, 220]} />;

  const existing = editing ? plan.data : undefined;
  return (
    <>
      <PageHeader title={title} description={existing?.name} />
      <PlanForm
        key={existing?.id ?? "new"}
        initial={existing ? planToFormValues(existing) : emptyPlan}
        plan={existing}
        submitLabel={editing ? t("commerce.common.saveChanges") : t("commerce.plans.add")}
        pending={create.isPending || update.isPending}
        onCancel={() => void navigate(existing ? paths.admin.plan(existing.id) : paths.admin.plans)}
        onSubmit={(body, fail) => {
          if (existing) {
            update.mutate(
              { id: existing.id, body },
              {
                onSuccess: (saved) => {
                  notifySuccess(t("commerce.plans.saved"));
                  void navigate(paths.admin.plan(saved.id));
                },
                onError: fail,
              },
            );
          } else {
            create.mutate(body, {
              onSuccess: (created) => {
                notifySuccess(t("commerce.plans.created"));
                void navigate(paths.admin.plan(created.id));
              },
              onError: fail,
            });
          }
        }}
      />
    </>
  );
}

export { AdminPlanFormPage as Component };
