import { Alert, Button, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { isApiError } from "@/lib/api-client";
import { parseApiError } from "@/lib/errors";
import { paths } from "@/lib/paths";

/**
 * A template plan's admin page before it has its plan: the header over skeletons (`skeleton`: the
 * heights of the page's two blocks) while it loads; "not found" with a way back to the plans, or the
 * error with a retry, when it cannot be read.
 */
export function PlanUnavailable({
  title,
  plan,
  skeleton,
}: {
  title: string;
  plan: { isPending: boolean; error: unknown; refetch: () => unknown };
  skeleton: [number, number];
}) {
  const { t } = useTranslation();
  let body;
  if (plan.isPending) {
    body = (
      <Stack gap="md" aria-busy="true" aria-label={t("app.loading")}>
        <Skeleton height={skeleton[0]} radius="md" />
        <Skeleton height={skeleton[1]} radius="md" />
      </Stack>
    );
  } else if (isApiError(plan.error) && plan.error.status === 404) {
    body = (
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
    );
  } else {
    body = (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
        <Text size="sm">{parseApiError(plan.error, t).message}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void plan.refetch()}>
          {t("commerce.common.retry")}
        </Button>
      </Alert>
    );
  }
  return (
    <>
      <PageHeader title={title} />
      {body}
    </>
  );
}
