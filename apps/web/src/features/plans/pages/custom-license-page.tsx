import { Alert, Button, Checkbox, Divider, Grid, Group, Paper, ScrollArea, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft, IconSearch } from "@tabler/icons-react";
import { CUSTOM_PLAN_CURRENCY, customPlanBodySchema } from "@portal/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { translateMessage } from "@/lib/messages";
import { parseApiError } from "@/lib/errors";
import { formatMoney } from "@/lib/format";
import { notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCreateCustomPlan } from "../api/current-plan";
import { useFeatureOptions } from "../api/lookups";
import type { PlacedOrderState } from "../components/placed-order-notice";
import { sumPrices } from "../plan-utils";
import classes from "./custom-license-page.module.css";

/** pricing-plans/custom-license: choose features, watch the total add up, confirm → POST /plans/custom. */
export function CustomLicensePage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("pages.customLicense.title"));
  const navigate = useNavigate();
  const features = useFeatureOptions();
  const create = useCreateCustomPlan();
  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [validation, setValidation] = useState<string | null>(null);

  const all = useMemo(() => features.data ?? [], [features.data]);
  const visible = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase(i18n.language);
    return needle ? all.filter((feature) => `${feature.name} ${feature.description}`.toLocaleLowerCase(i18n.language).includes(needle)) : all;
  }, [all, search, i18n.language]);
  const chosen = all.filter((feature) => selected.includes(feature.id));
  const total = sumPrices(chosen.map((feature) => feature.price));
  const money = (amount: number) => formatMoney(amount, CUSTOM_PLAN_CURRENCY, i18n.language);

  const openConfirm = () => {
    const parsed = customPlanBodySchema.safeParse({ featureIds: selected });
    if (!parsed.success) {
      setValidation(translateMessage(parsed.error.issues[0]?.message, t) ?? null);
      return;
    }
    setValidation(null);
    setError(null);
    setConfirming(true);
  };

  const confirm = () => {
    create.mutate(selected, {
      onSuccess: ({ orderId }) => {
        setConfirming(false);
        notifySuccess(t("commerce.planChanged"));
        void navigate(paths.pricingPlans, { state: { orderId } satisfies PlacedOrderState });
      },
      onError: (failure) => setError(parseApiError(failure, t).message),
    });
  };

  const back = (
    <Button component={Link} to={paths.pricingPlans} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden className={classes.flip} />}>
      {t("commerce.custom.backToPlans")}
    </Button>
  );

  let list;
  if (features.isPending) {
    list = (
      <Stack gap="sm" aria-busy="true" aria-label={t("app.loading")}>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={72} radius="md" />
        ))}
      </Stack>
    );
  } else if (features.isError) {
    list = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        <Text size="sm">{parseApiError(features.error, t).message}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void features.refetch()}>
          {t("commerce.common.retry")}
        </Button>
      </Alert>
    );
  } else if (all.length === 0) {
    list = <EmptyPanel title={t("commerce.custom.noFeatures")} description={t("commerce.custom.noFeaturesDescription")} action={back} />;
  } else {
    list = (
      <Stack gap="sm">
        <TextInput
          type="search"
          aria-label={t("commerce.custom.search")}
          placeholder={t("commerce.custom.search")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Checkbox.Group
          value={selected}
          onChange={(value) => {
            setSelected(value);
            setValidation(null);
          }}
          label={t("commerce.custom.featuresLabel")}
          error={validation}
        >
          <Stack gap="sm" mt="xs">
            {visible.map((feature) => (
              <Checkbox.Card
                key={feature.id}
                value={feature.id}
                radius="md"
                className={classes.option}
                aria-labelledby={`feature-${feature.id}-name feature-${feature.id}-price`}
                aria-describedby={feature.description ? `feature-${feature.id}-description` : undefined}
                data-testid="feature-option"
              >
                <Group wrap="nowrap" align="flex-start" gap="md" p="md">
                  <Checkbox.Indicator mt={2} aria-hidden />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} id={`feature-${feature.id}-name`} dir="auto">
                      {feature.name}
                    </Text>
                    {feature.description && (
                      <Text size="sm" c="dimmed" id={`feature-${feature.id}-description`} dir="auto">
                        {feature.description}
                      </Text>
                    )}
                  </div>
                  <Text fw={700} style={{ whiteSpace: "nowrap" }} id={`feature-${feature.id}-price`}>
                    {money(feature.price)}
                  </Text>
                </Group>
              </Checkbox.Card>
            ))}
            {visible.length === 0 && (
              <Text c="dimmed" size="sm" py="md" ta="center">
                {t("commerce.custom.noMatch")}
              </Text>
            )}
          </Stack>
        </Checkbox.Group>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t("commerce.custom.title")} description={t("commerce.custom.subtitle")} actions={back} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          {list}
          {/* Phones: the running total stays in sight under the thumb while features are ticked. */}
          {all.length > 0 && (
            <Paper hiddenFrom="md" withBorder radius="md" p="sm" mt="md" shadow="md" className={classes.mobileBar}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text size="xs" c="dimmed">
                    {t("commerce.custom.total")}
                  </Text>
                  <Text fw={800} fz="lg">
                    {money(total)}
                  </Text>
                </div>
                <Button onClick={openConfirm}>{t("commerce.custom.confirm")}</Button>
              </Group>
            </Paper>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper withBorder radius="lg" p="lg" className={classes.summary} component="section" aria-labelledby="custom-summary-title">
            <Stack gap="sm">
              <Title order={2} fz="h4" id="custom-summary-title">
                {t("commerce.custom.summary")}
              </Title>
              <Text size="sm" c="dimmed" aria-live="polite">
                {chosen.length > 0 ? t("commerce.custom.selectedCount", { count: chosen.length }) : t("commerce.custom.nothingSelected")}
              </Text>
              {chosen.length > 0 && (
                <ScrollArea.Autosize mah={240} type="auto">
                  <Stack gap={6}>
                    {chosen.map((feature) => (
                      <Group key={feature.id} justify="space-between" wrap="nowrap" gap="sm">
                        <Text size="sm" truncate>
                          {feature.name}
                        </Text>
                        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                          {money(feature.price)}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              )}
              <Divider />
              <Group justify="space-between" align="baseline">
                <Text fw={700}>{t("commerce.custom.total")}</Text>
                <Text fz="xl" fw={800} data-testid="custom-total" aria-live="polite">
                  {money(total)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t("commerce.custom.terms")}
              </Text>
              <Button fullWidth size="md" onClick={openConfirm} disabled={features.isPending || all.length === 0}>
                {t("commerce.custom.confirm")}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
        title={t("commerce.custom.confirmTitle")}
        confirmLabel={t("commerce.custom.confirm")}
        cancelLabel={t("commerce.common.cancel")}
        loading={create.isPending}
        error={error}
        testId="custom-plan-dialog"
      >
        <Stack gap="xs">
          <Text size="sm">{t("commerce.custom.confirmText", { count: chosen.length, price: money(total) })}</Text>
          <Text size="sm" c="dimmed" data-testid="offer-follows">
            {t("orders.pricing.offerFollows")}
          </Text>
        </Stack>
      </ConfirmDialog>
    </>
  );
}

export { CustomLicensePage as Component };
