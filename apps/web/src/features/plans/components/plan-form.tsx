import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { billingPeriods, currencies, planBodySchema, type Feature, type Plan, type PlanBody, type Service } from "@portal/contract";
import { useMemo, type ReactNode } from "react";
import { Controller, useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { translateMessage } from "@/lib/messages";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage } from "@/lib/notify";
import { useFeatureOptions, useServiceOptions } from "../api/lookups";

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
    featureIds: plan.features.map((feature) => feature.id),
    serviceIds: plan.services.map((service) => service.id),
    active: plan.active,
  };
}

/** NumberInput answers "" when emptied: the schema then says "… must be a number". */
const toNumber = (value: number | string): number | undefined => (typeof value === "number" ? value : value.trim() === "" ? undefined : Number(value));

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

/**
 * Every field of a template plan (planBodySchema): checked in the browser with the contract's
 * schema, then the server's codes (name taken, unknown feature) land on their fields.
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

  const featureData = useMemo(() => optionsOf(featureOptions.data, plan?.features ?? []), [featureOptions.data, plan]);
  const serviceData = useMemo(() => optionsOf(serviceOptions.data, plan?.services ?? []), [serviceOptions.data, plan]);

  const errorOf = (name: (typeof fields)[number]) => translateMessage(form.formState.errors[name]?.message, t);

  const fail = (error: unknown) => {
    const parsed = parseApiError(error, t);
    const rest = applyServerErrors(parsed, form.setError, {
      fields,
      fieldByCode: { "catalogue/name_taken": "name", "catalogue/unknown_feature": "featureIds", "catalogue/unknown_service": "serviceIds" },
    });
    if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => translateMessage(item.message, t)))].join("\n"), parsed.type);
  };

  const submit = form.handleSubmit((values) => onSubmit(values, fail));
  const currencyData = currencies.map((code) => ({ value: code, label: code }));
  const periodData = billingPeriods.map((period) => ({ value: period, label: t(`commerce.plans.period.${period}`) }));

  return (
    <form noValidate onSubmit={submit} aria-busy={pending || undefined}>
      <Stack gap="lg">
        <Section title={t("commerce.plans.formSections.basics")}>
          <Stack gap="md">
            <Controller
              control={form.control}
              name="name"
              render={({ field }) => <TextInput {...field} label={t("commerce.common.name")} required maxLength={120} error={errorOf("name")} />}
            />
            <Controller
              control={form.control}
              name="description"
              render={({ field }) => (
                <Textarea {...field} value={field.value ?? ""} label={t("commerce.common.description")} autosize minRows={2} maxRows={6} maxLength={2000} error={errorOf("description")} />
              )}
            />
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <Switch
                  checked={field.value ?? true}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  label={t("commerce.plans.activeLabel")}
                  description={t("commerce.plans.activeHint")}
                />
              )}
            />
          </Stack>
        </Section>

        <Section title={t("commerce.plans.formSections.pricing")}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Controller
                control={form.control}
                name="price"
                render={({ field }) => (
                  <NumberInput
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value ?? ""}
                    onChange={(value) => field.onChange(toNumber(value))}
                    label={t("commerce.common.price")}
                    required
                    min={0}
                    decimalScale={2}
                    fixedDecimalScale
                    thousandSeparator={i18n.language.startsWith("en") ? "," : undefined}
                    error={errorOf("price")}
                    style={{ flex: 1 }}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="currency"
                render={({ field }) => (
                  <Select
                    {...field}
                    onChange={(value) => field.onChange(value ?? undefined)}
                    label={t("commerce.plans.currency")}
                    data={currencyData}
                    allowDeselect={false}
                    required
                    w={104}
                    error={errorOf("currency")}
                  />
                )}
              />
            </Group>
            <Controller
              control={form.control}
              name="billingPeriod"
              render={({ field }) => (
                <Select
                  {...field}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  label={t("commerce.plans.billingPeriod")}
                  data={periodData}
                  allowDeselect={false}
                  required
                  error={errorOf("billingPeriod")}
                />
              )}
            />
            <Controller
              control={form.control}
              name="durationDays"
              render={({ field }) => (
                <NumberInput
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ""}
                  onChange={(value) => field.onChange(toNumber(value))}
                  label={t("commerce.plans.durationDays")}
                  required
                  min={1}
                  max={36_500}
                  allowDecimal={false}
                  error={errorOf("durationDays")}
                />
              )}
            />
            <Controller
              control={form.control}
              name="maxActivations"
              render={({ field }) => (
                <NumberInput
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ""}
                  onChange={(value) => field.onChange(toNumber(value))}
                  label={t("commerce.plans.maxActivations")}
                  required
                  min={1}
                  max={100_000}
                  allowDecimal={false}
                  error={errorOf("maxActivations")}
                />
              )}
            />
            <Controller
              control={form.control}
              name="maxReleasesPer30Days"
              render={({ field }) => (
                <NumberInput
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ""}
                  onChange={(value) => field.onChange(toNumber(value))}
                  label={t("commerce.plans.maxReleases")}
                  description={t("commerce.plans.maxReleasesHint")}
                  inputWrapperOrder={["label", "input", "description", "error"]}
                  min={0}
                  max={1000}
                  allowDecimal={false}
                  error={errorOf("maxReleasesPer30Days")}
                />
              )}
            />
          </SimpleGrid>
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
            <Controller
              control={form.control}
              name="featureIds"
              render={({ field }) => (
                <MultiSelect
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  label={t("commerce.plans.features")}
                  placeholder={t("commerce.plans.featuresPlaceholder")}
                  data={featureData}
                  searchable
                  clearable
                  hidePickedOptions
                  nothingFoundMessage={t("commerce.plans.nothingFound")}
                  disabled={featureOptions.isPending}
                  error={errorOf("featureIds")}
                  comboboxProps={{ withinPortal: true }}
                  data-testid="plan-features"
                />
              )}
            />
            <Controller
              control={form.control}
              name="serviceIds"
              render={({ field }) => (
                <MultiSelect
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  label={t("commerce.plans.services")}
                  placeholder={t("commerce.plans.servicesPlaceholder")}
                  data={serviceData}
                  searchable
                  clearable
                  hidePickedOptions
                  nothingFoundMessage={t("commerce.plans.nothingFound")}
                  disabled={serviceOptions.isPending}
                  error={errorOf("serviceIds")}
                  data-testid="plan-services"
                />
              )}
            />
          </Stack>
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t("commerce.common.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
