import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { isApiError } from "@/lib/api-client";
import { parseApiError } from "@/lib/errors";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { usePlan } from "../api/get-plan";
import { DeletePlanDialog } from "../components/delete-plan-dialog";
import { PlanDetails } from "../components/plan-details";

/** admin/plans/{id}: one template plan with every field, and edit / delete. */
export function AdminPlanPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const plan = usePlan(id);
  const [deleting, setDeleting] = useState(false);
  useDocumentTitle(plan.data?.name ?? t("pages.admin.plan.title"));

  if (plan.isPending) {
    return (
      <>
        <PageHeader title={t("pages.admin.plan.title")} />
        <Stack gap="md" aria-busy="true" aria-label={t("app.loading")}>
          <Skeleton height={140} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      </>
    );
  }
  if (plan.isError) {
    const notFound = isApiError(plan.error) && plan.error.status === 404;
    const back = (
      <Button component={Link} to={paths.admin.plans} variant="default">
        {t("commerce.common.back")}
      </Button>
    );
    return (
      <>
        <PageHeader title={t("pages.admin.plan.title")} />
        {notFound ? (
          <EmptyPanel icon={<IconAlertTriangle size={28} aria-hidden />} title={t("commerce.plans.notFound")} description={t("commerce.plans.subtitle")} action={back} />
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

  const data = plan.data;
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <span>{data.name}</span>
            <Badge color={data.active ? "teal" : "gray"} variant="light" size="lg">
              {data.active ? t("commerce.plans.active") : t("commerce.plans.inactive")}
            </Badge>
          </Group>
        }
        description={data.description || t("commerce.common.noDescription")}
        actions={
          <Group gap="sm">
            <Button component={Link} to={paths.admin.planEdit(data.id)} leftSection={<IconPencil size={16} aria-hidden />}>
              {t("commerce.common.edit")}
            </Button>
            <Button variant="light" color="red" onClick={() => setDeleting(true)} leftSection={<IconTrash size={16} aria-hidden />}>
              {t("commerce.common.delete")}
            </Button>
          </Group>
        }
      />
      <PlanDetails plan={data} admin />
      <DeletePlanDialog plan={deleting ? data : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate(paths.admin.plans)} />
    </>
  );
}

export { AdminPlanPage as Component };
