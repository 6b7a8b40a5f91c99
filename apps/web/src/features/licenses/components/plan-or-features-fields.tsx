import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import type { Feature, Plan } from "@portal/contract";
import { useMemo } from "react";
import { useWatch, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MultiSelectField, SegmentedField, SelectField } from "@/components/form";
import { useUser } from "@/lib/auth";
import { paths } from "@/lib/paths";
import { formatMoney } from "../lib/format";
import type { RequestMode } from "../lib/request-form";

const SEARCHABLE_FROM = 8;

export interface PlanFeatureValues {
  mode: RequestMode;
  planId: string;
  featureIds: string[];
}

/**
 * "A plan OR custom features": a switch, then either a plan select (with what the plan contains)
 * or a feature multi-select (with the sum a custom plan would cost). Shared by the customer's
 * request form and the administrator's edit page.
 */
/** A form holding at least these three fields hands its control over as this type. */
export type PlanFeatureControl = Control<PlanFeatureValues>;

export function PlanOrFeaturesFields({
  control,
  plans,
  features,
  loading,
  modeLabel,
}: {
  control: PlanFeatureControl;
  plans: Plan[];
  features: Feature[];
  loading: boolean;
  /** "What do you need?" for the customer; the admin page names it differently. */
  modeLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const [mode, planId, featureIds] = useWatch({ control, name: ["mode", "planId", "featureIds"] });
  const plan = plans.find((entry) => entry.id === planId);
  const chosenFeatures = features.filter((feature) => featureIds.includes(feature.id));
  const total = chosenFeatures.reduce((sum, feature) => sum + feature.price, 0);

  const planOptions = useMemo(
    () =>
      plans.map((entry) => ({
        value: entry.id,
        label: entry.isCustom ? `${entry.name} (${t("licenses.form.yourCustomPlan")})` : entry.name,
      })),
    [plans, t],
  );
  // An empty catalogue is not a search without results: say so, and show an administrator where plans are made.
  const noPlans = !loading && plans.length === 0;
  const noPlansHint = noPlans ? (
    <span data-testid="no-plans">
      {user?.isAdmin ? (
        <>
          {t("licenses.form.noPlansYet")}{" "}
          <Anchor component={Link} to={paths.admin.plans} size="xs">
            {t("licenses.form.managePlans")}
          </Anchor>
        </>
      ) : (
        t("licenses.form.noPlansYetCustomer")
      )}
    </span>
  ) : undefined;
  const featureOptions = useMemo(() => features.map((feature) => ({ value: feature.id, label: feature.name })), [features]);

  return (
    <Stack gap="sm">
      <SegmentedField
        control={control}
        name="mode"
        label={modeLabel ?? t("licenses.form.what")}
        labelId="request-mode-label"
        fullWidth
        data={[
          { value: "plan", label: t("licenses.form.modePlan") },
          { value: "features", label: t("licenses.form.modeFeatures") },
        ]}
      />
      {mode === "plan" ? (
        <Stack gap={6}>
          <SelectField
            control={control}
            name="planId"
            emptyValue=""
            label={t("licenses.form.plan")}
            placeholder={loading ? t("app.loading") : t("licenses.form.planPlaceholder")}
            data={planOptions}
            // A short list opens on click only: a searchable one would open on focus and hide its error.
            searchable={planOptions.length > SEARCHABLE_FROM}
            nothingFoundMessage={noPlans ? t("licenses.form.noPlansYet") : t("licenses.form.nothingFound")}
            description={noPlansHint}
            required
            disabled={loading}
            comboboxProps={{ withinPortal: true }}
          />
          {plan && (
            <Stack gap={4} data-testid="chosen-plan">
              {plan.description && (
                <Text size="xs" c="dimmed" dir="auto">
                  {plan.description}
                </Text>
              )}
              <Group gap={4}>
                {plan.features.map((feature) => (
                  <Badge key={feature.id} variant="outline" size="sm" radius="sm" tt="none">
                    {feature.name}
                  </Badge>
                ))}
              </Group>
              <Text size="xs" c="dimmed">
                {t("licenses.form.planTerms", { days: plan.durationDays, activations: plan.maxActivations })}
              </Text>
            </Stack>
          )}
        </Stack>
      ) : (
        <Stack gap={6}>
          <MultiSelectField
            control={control}
            name="featureIds"
            label={t("licenses.form.features")}
            placeholder={featureIds.length ? undefined : loading ? t("app.loading") : t("licenses.form.featuresPlaceholder")}
            data={featureOptions}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage={t("licenses.form.nothingFound")}
            required
            disabled={loading}
            comboboxProps={{ withinPortal: true }}
          />
          {chosenFeatures.length > 0 && (
            <Text size="xs" c="dimmed" data-testid="custom-total">
              {t("licenses.form.customTotal", { price: formatMoney(total, "USD", i18n.language) })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
