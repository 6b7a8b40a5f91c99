import { Badge, Button, Group } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { usePlan } from "../api/plans";
import { DeletePlanDialog } from "../components/delete-plan-dialog";
import { PlanDetails } from "../components/plan-details";
import { PlanUnavailable } from "../components/plan-unavailable";

/** admin/plans/{id}: one template plan with every field, and edit / delete. */
export function AdminPlanPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const plan = usePlan(id);
  const [deleting, setDeleting] = useState(false);
  useDocumentTitle(plan.data?.name ?? t("pages.admin.plan.title"));

  if (plan.isPending || plan.isError) return <PlanUnavailable title={t("pages.admin.plan.title")} plan={plan} skeleton={[140, 200]} />;

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
