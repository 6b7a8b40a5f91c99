import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { isApiError } from "@/lib/api-client";
import { parseApiError } from "@/lib/errors";
import { formatMoney } from "@/lib/format";
import { notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCurrentPlan, useSelectPlan } from "../api/current-plan";
import { usePlan } from "../api/plans";
import { PlanDetails } from "../components/plan-details";
import { PlanPrice } from "../components/plan-price";
import type { PlacedOrderState } from "../components/placed-order-notice";

/** pricing-plans/confirmation/{planId}: the chosen plan, then a confirmation dialog, then the spec's success toast. */
export function PlanConfirmationPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("pages.planConfirmation.title"));
  const { planId = "" } = useParams();
  const navigate = useNavigate();
  const plan = usePlan(planId);
  const current = useCurrentPlan();
  const select = useSelectPlan();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const back = (
    <Button component={Link} to={paths.pricingPlans} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden style={{ transform: i18n.dir() === "rtl" ? "scaleX(-1)" : undefined }} />}>
      {t("commerce.confirmation.backToPlans")}
    </Button>
  );

  if (plan.isPending) {
    return (
      <>
        <PageHeader title={t("commerce.confirmation.title")} />
        <Stack gap="md" aria-busy="true" aria-label={t("app.loading")}>
          <Skeleton height={120} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      </>
    );
  }

  if (plan.isError) {
    const notFound = isApiError(plan.error) && plan.error.status === 404;
    return (
      <>
        <PageHeader title={t("commerce.confirmation.title")} />
        {notFound ? (
          <EmptyPanel
            icon={<IconAlertTriangle size={28} aria-hidden />}
            title={t("commerce.plans.notFound")}
            description={t("commerce.pricing.subtitle")}
            action={back}
          />
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            <Text size="sm">{parseApiError(plan.error, t).message}</Text>
            <Group gap="sm" mt="sm">
              <Button size="xs" variant="light" color="red" onClick={() => void plan.refetch()}>
                {t("commerce.common.retry")}
              </Button>
            </Group>
          </Alert>
        )}
      </>
    );
  }

  const chosen = plan.data;
  const isCurrent = current.data?.plan?.id === chosen.id;
  const price = formatMoney(chosen.price, chosen.currency, i18n.language);

  const confirm = () => {
    setError(null);
    select.mutate(chosen.id, {
      onSuccess: ({ orderId }) => {
        setOpen(false);
        notifySuccess(t("commerce.planChanged"));
        void navigate(paths.pricingPlans, { state: { orderId } satisfies PlacedOrderState });
      },
      onError: (failure) => setError(parseApiError(failure, t).message),
    });
  };

  return (
    <>
      <PageHeader title={t("commerce.confirmation.title")} description={t("commerce.confirmation.subtitle")} actions={back} />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" align="center" gap="md" wrap="wrap">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={2} fz="h3" dir="auto">
                {chosen.name}
              </Title>
              {chosen.description && (
                <Text c="dimmed" dir="auto">
                  {chosen.description}
                </Text>
              )}
              <PlanPrice plan={chosen} />
            </Stack>
            {isCurrent ? (
              <Group gap="xs" c="teal">
                <IconCircleCheck size={20} aria-hidden />
                <Text fw={600}>{t("commerce.confirmation.alreadyCurrent")}</Text>
              </Group>
            ) : (
              <Button size="md" onClick={() => setOpen(true)} disabled={!chosen.active}>
                {t("commerce.confirmation.confirm")}
              </Button>
            )}
          </Group>
        </Card>
        <PlanDetails plan={chosen} />
      </Stack>
      <ConfirmDialog
        opened={open}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        title={t("commerce.confirmation.dialogTitle")}
        confirmLabel={t("commerce.confirmation.confirm")}
        cancelLabel={t("commerce.common.cancel")}
        loading={select.isPending}
        error={error}
        testId="plan-confirm-dialog"
      >
        <Stack gap="xs">
          <Text size="sm">{t("commerce.confirmation.dialogText", { name: chosen.name, price, period: t(`commerce.plans.perPeriod.${chosen.billingPeriod}`) })}</Text>
          <Text size="sm" c="dimmed" data-testid="offer-follows">
            {t("orders.pricing.offerFollows")}
          </Text>
        </Stack>
      </ConfirmDialog>
    </>
  );
}

export { PlanConfirmationPage as Component };
