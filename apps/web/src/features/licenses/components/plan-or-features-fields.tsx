import { Anchor, Badge, Group, MultiSelect, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import type { Feature, Plan } from "@portal/contract";
import { useMemo } from "react";
import { Controller, useWatch, type Control, type FieldErrors } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUser } from "@/lib/auth";
import { paths } from "@/lib/paths";
import { formatMoney } from "../lib/format";
import { translateMessage } from "@/lib/messages";
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
  errors,
  plans,
  features,
  loading,
  modeLabel,
}: {
  control: PlanFeatureControl;
  errors: FieldErrors<PlanFeatureValues>;
  plans: Plan[];
  features: Feature[];
  loading: boolean;
  /** "What do you need?" for the customer; the admin page names it differently. */
  modeLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const typed = control;
  const [mode, planId, featureIds] = useWatch({ control: typed, name: ["mode", "planId", "featureIds"] });
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
      <Controller
        control={typed}
        name="mode"
        render={({ field }) => (
          <Stack gap={6}>
            <Text size="sm" fw={500} id="request-mode-label">
              {modeLabel ?? t("licenses.form.what")}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="request-mode-label"
              value={field.value}
              onChange={(value) => field.onChange(value as RequestMode)}
              data={[
                { value: "plan", label: t("licenses.form.modePlan") },
                { value: "features", label: t("licenses.form.modeFeatures") },
              ]}
            />
          </Stack>
        )}
      />
      {mode === "plan" ? (
        <Stack gap={6}>
          <Controller
            control={typed}
            name="planId"
            render={({ field }) => (
              <Select
                label={t("licenses.form.plan")}
                placeholder={loading ? t("app.loading") : t("licenses.form.planPlaceholder")}
                data={planOptions}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? "")}
                onBlur={field.onBlur}
                ref={field.ref}
                // A short list opens on click only: a searchable one would open on focus and hide its error.
                searchable={planOptions.length > SEARCHABLE_FROM}
                nothingFoundMessage={noPlans ? t("licenses.form.noPlansYet") : t("licenses.form.nothingFound")}
                description={noPlansHint}
                required
                disabled={loading}
                error={translateMessage(errors.planId?.message, t)}
                comboboxProps={{ withinPortal: true }}
              />
            )}
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
          <Controller
            control={typed}
            name="featureIds"
            render={({ field }) => (
              <MultiSelect
                label={t("licenses.form.features")}
                placeholder={featureIds.length ? undefined : loading ? t("app.loading") : t("licenses.form.featuresPlaceholder")}
                data={featureOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                searchable
                clearable
                hidePickedOptions
                nothingFoundMessage={t("licenses.form.nothingFound")}
                required
                disabled={loading}
                error={translateMessage(errors.featureIds?.message ?? errors.featureIds?.root?.message, t)}
                comboboxProps={{ withinPortal: true }}
              />
            )}
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
