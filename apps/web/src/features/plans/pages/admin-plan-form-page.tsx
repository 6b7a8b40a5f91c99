import { Alert, Button, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { isApiError } from "@/lib/api-client";
import { parseApiError } from "@/lib/errors";
import { notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCreatePlan } from "../api/create-plan";
import { usePlan } from "../api/get-plan";
import { useUpdatePlan } from "../api/update-plan";
import { emptyPlan, PlanForm, planToFormValues } from "../components/plan-form";

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

  if (editing && plan.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <Stack gap="md" aria-busy="true" aria-label={t("app.loading")}>
          <Skeleton height={180} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      </>
    );
  }
  if (editing && plan.isError) {
    const notFound = isApiError(plan.error) && plan.error.status === 404;
    return (
      <>
        <PageHeader title={title} />
        {notFound ? (
          <EmptyPanel
            icon={<IconAlertTriangle size={28} aria-hidden />}
            title={t("commerce.plans.notFound")}
            description={t("commerce.plans.subtitle")}
            action={
              <Button component={Link} to={paths.admin.plans} variant="default">
                {t("commerce.common.back")}
              </Button>
            }
          />
        ) : (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
            <Text size="sm">{parseApiError(plan.error, t).message}</Text>
            <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void plan.refetch()}>
              {t("commerce.common.retry")}
            </Button>
          </Alert>
        )}
      </>
    );
  }

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
