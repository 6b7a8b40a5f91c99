import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { billingPeriods, currencies, DEFAULT_HEARTBEAT_SECONDS, planBodySchema, type Feature, type Plan, type PlanBody, type Service } from "@portal/contract";
import { useMemo, type ReactNode } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormActions, MultiSelectField, NumberField, SelectField, SwitchField, TextareaField, TextField, type MultiSelectFieldProps } from "@/components/form";
import { useServerErrors } from "@/lib/form-errors";
import { useFeatureOptions, useServiceOptions } from "../api/lookups";
import { PlanPolicyFields } from "./plan-policy-fields";

export type PlanFormValues = PlanBody;
type PlanFormOutput = z.output<typeof planBodySchema>;

const fields = [
  "name",
  "description",
  "price",
  "currency",
  "billingPeriod",
  "durationDays",
  "maxActivations",
  "maxReleasesPer30Days",
  "trialDays",
  "floating",
  "heartbeatSeconds",
  "expirationStrategy",
  "offlineTtlDays",
  "channels",
  "featureIds",
  "serviceIds",
  "active",
] as const satisfies readonly Path<PlanFormValues>[];

export const emptyPlan: PlanFormValues = {
  name: "",
  description: "",
  price: 0,
  currency: "USD",
  billingPeriod: "yearly",
  durationDays: 365,
  maxActivations: 1,
  maxReleasesPer30Days: 3,
  trialDays: null,
  floating: false,
  heartbeatSeconds: DEFAULT_HEARTBEAT_SECONDS,
  expirationStrategy: "revoke",
  offlineTtlDays: null,
  channels: ["stable"],
  featureIds: [],
  serviceIds: [],
  active: true,
};

export function planToFormValues(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    description: plan.description,
    price: plan.price,
    currency: plan.currency,
    billingPeriod: plan.billingPeriod,
    durationDays: plan.durationDays,
    maxActivations: plan.maxActivations,
    maxReleasesPer30Days: plan.maxReleasesPer30Days,
    trialDays: plan.trialDays,
    floating: plan.floating,
    heartbeatSeconds: plan.heartbeatSeconds,
    expirationStrategy: plan.expirationStrategy,
    offlineTtlDays: plan.offlineTtlDays,
    channels: plan.channels,
    featureIds: plan.features.map((feature) => feature.id),
    serviceIds: plan.services.map((service) => service.id),
    active: plan.active,
  };
}

/** Options of a multi-select: the catalogue's items, plus any the plan already holds (so they show even if the list failed). */
function optionsOf(items: (Feature | Service)[] | undefined, held: (Feature | Service)[]) {
  const byId = new Map<string, string>();
  for (const item of [...held, ...(items ?? [])]) byId.set(item.id, item.name);
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section">
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The plan's features or services: a searchable list whose picked items leave the options. */
function ItemsField({
  kind,
  loading,
  ...props
}: Omit<MultiSelectFieldProps<PlanFormValues, "featureIds" | "serviceIds", PlanFormOutput>, "name"> & { kind: "features" | "services"; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <MultiSelectField
      name={kind === "features" ? "featureIds" : "serviceIds"}
      label={t(`commerce.plans.${kind}`)}
      placeholder={t(`commerce.plans.${kind}Placeholder`)}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t("commerce.plans.nothingFound")}
      disabled={loading}
      comboboxProps={{ withinPortal: true }}
      data-testid={`plan-${kind}`}
      {...props}
    />
  );
}

/**
 * Every field of a template plan (planBodySchema), its licensing policy included: checked in the
 * browser with the contract's schema, then the server's codes (name taken, unknown feature) and its
 * 422s (a policy field out of range) land on their fields.
 */
export function PlanForm({
  initial,
  plan,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: PlanFormValues;
  /** The plan being edited (its features and services seed the pickers). */
  plan?: Plan;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: PlanFormOutput, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const featureOptions = useFeatureOptions();
  const serviceOptions = useServiceOptions();
  const form = useForm<PlanFormValues, unknown, PlanFormOutput>({
    resolver: zodResolver(planBodySchema),
    mode: "onTouched",
    defaultValues: initial,
  });

  const floating = useWatch({ control: form.control, name: "floating" });
  const featureData = useMemo(() => optionsOf(featureOptions.data, plan?.features ?? []), [featureOptions.data, plan]);
  const serviceData = useMemo(() => optionsOf(serviceOptions.data, plan?.services ?? []), [serviceOptions.data, plan]);

  const fail = useServerErrors(form.setError, {
    fields,
    fieldByCode: { "catalogue/name_taken": "name", "catalogue/unknown_feature": "featureIds", "catalogue/unknown_service": "serviceIds" },
  });

  const submit = form.handleSubmit((values) => onSubmit(values, fail));
  const currencyData = currencies.map((code) => ({ value: code, label: code }));
  const periodData = billingPeriods.map((period) => ({ value: period, label: t(`commerce.plans.period.${period}`) }));

  return (
    <form noValidate onSubmit={submit} aria-busy={pending || undefined}>
      <Stack gap="lg">
        <Section title={t("commerce.plans.formSections.basics")}>
          <Stack gap="md">
            <TextField control={form.control} name="name" label={t("commerce.common.name")} required maxLength={120} />
            <TextareaField control={form.control} name="description" label={t("commerce.common.description")} autosize minRows={2} maxRows={6} maxLength={2000} />
            <SwitchField control={form.control} name="active" label={t("commerce.plans.activeLabel")} description={t("commerce.plans.activeHint")} />
          </Stack>
        </Section>

        <Section title={t("commerce.plans.formSections.pricing")}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <NumberField
                control={form.control}
                name="price"
                label={t("commerce.common.price")}
                required
                min={0}
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator={i18n.language.startsWith("en") ? "," : undefined}
                style={{ flex: 1 }}
              />
              <SelectField control={form.control} name="currency" label={t("commerce.plans.currency")} data={currencyData} allowDeselect={false} required w={104} />
            </Group>
            <SelectField control={form.control} name="billingPeriod" label={t("commerce.plans.billingPeriod")} data={periodData} allowDeselect={false} required />
            <NumberField control={form.control} name="durationDays" label={t("commerce.plans.durationDays")} required min={1} max={36_500} allowDecimal={false} />
            <NumberField
              control={form.control}
              name="maxActivations"
              label={t("commerce.plans.maxActivations")}
              description={floating ? t("commerce.plans.policy.seatsHint") : undefined}
              inputWrapperOrder={["label", "input", "description", "error"]}
              required
              min={1}
              max={100_000}
              allowDecimal={false}
            />
            <NumberField
              control={form.control}
              name="maxReleasesPer30Days"
              label={t("commerce.plans.maxReleases")}
              description={t("commerce.plans.maxReleasesHint")}
              inputWrapperOrder={["label", "input", "description", "error"]}
              min={0}
              max={1000}
              allowDecimal={false}
            />
          </SimpleGrid>
        </Section>

        <Section title={t("commerce.plans.formSections.policy")}>
          <PlanPolicyFields form={form} />
        </Section>

        <Section title={t("commerce.plans.formSections.contents")}>
          <Stack gap="md">
            {(featureOptions.isError || serviceOptions.isError) && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
                <Text size="sm">{t("commerce.plans.optionsFailed")}</Text>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  mt="sm"
                  onClick={() => {
                    void featureOptions.refetch();
                    void serviceOptions.refetch();
                  }}
                >
                  {t("commerce.common.retry")}
                </Button>
              </Alert>
            )}
            <ItemsField control={form.control} kind="features" data={featureData} loading={featureOptions.isPending} />
            <ItemsField control={form.control} kind="services" data={serviceData} loading={serviceOptions.isPending} />
          </Stack>
        </Section>

        <FormActions cancelLabel={t("commerce.common.cancel")} onCancel={onCancel} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
