import { Anchor, SimpleGrid } from "@mantine/core";
import type { Feature, Plan, Project } from "@portal/contract";
import { useWatch, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NumberField, SelectField, TextareaField } from "@/components/form";
import { paths } from "@/lib/paths";
import type { EditRequestFormOutput, EditRequestFormValues, RequestFormOutput, RequestFormValues } from "../lib/request-form";
import { PlanOrFeaturesFields, type PlanFeatureControl } from "./plan-or-features-fields";

/** Every field either form may hold: the customer's has `projectId`, the administrator's the two limits. */
type RequestFieldValues = RequestFormValues & Omit<EditRequestFormValues, keyof RequestFormValues>;

/** What the numbers of a request allow (the contract's quantity, plan duration and activations). */
const wholeNumber = { allowDecimal: false, allowNegative: false, clampBehavior: "strict", emptyValue: "" } as const;

type RequestFieldsProps = {
  plans: Plan[];
  features: Feature[];
  /** The plans or features are still loading. */
  loading: boolean;
} & (
  | {
      /** The customer's request: what, for which project, how many, and a note. */
      variant: "create";
      control: Control<RequestFormValues, unknown, RequestFormOutput>;
      projects: Project[] | undefined;
      projectsLoading: boolean;
    }
  | {
      /** The administrator's edit: what, how many and the note, and the licence's duration and activations. */
      variant: "edit";
      control: Control<EditRequestFormValues, unknown, EditRequestFormOutput>;
      /** The name of the "plan or features" choice. */
      modeLabel: string;
    }
);

/** The fields of a licence request, as the customer files it and as an administrator edits it. */
export function RequestFields(props: RequestFieldsProps) {
  const { t } = useTranslation();
  const { plans, features, loading } = props;
  // The two forms share these names; each holds only its own extra ones, which only it renders.
  const control = props.control as unknown as Control<RequestFieldValues>;
  const [mode, planId] = useWatch({ control, name: ["mode", "planId"] });
  const chosenPlan = mode === "plan" ? plans.find((plan) => plan.id === planId) : undefined;
  const quantity = { control, name: "quantity", label: t("licenses.form.quantity"), min: 1, max: 100, required: true, ...wholeNumber } as const;

  return (
    <>
      <PlanOrFeaturesFields
        control={control as unknown as PlanFeatureControl}
        plans={plans}
        features={features}
        loading={loading}
        modeLabel={props.variant === "edit" ? props.modeLabel : undefined}
      />
      {props.variant === "create" ? (
        <>
          <SelectField
            control={control}
            name="projectId"
            emptyValue=""
            label={`${t("licenses.form.project")} (${t("common.optional")})`}
            placeholder={t("licenses.form.noProject")}
            description={
              props.projects && props.projects.length === 0 ? (
                <>
                  {t("licenses.form.noProjectsYet")}{" "}
                  <Anchor component={Link} to={paths.projects} size="xs">
                    {t("licenses.form.createProject")}
                  </Anchor>
                </>
              ) : undefined
            }
            data={(props.projects ?? []).map((project) => ({ value: project.id, label: project.name }))}
            clearable
            searchable
            nothingFoundMessage={t("licenses.form.nothingFound")}
            disabled={props.projectsLoading}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberField {...quantity} description={t("licenses.form.quantityHint")} w={{ base: "100%", xs: 200 }} />
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberField {...quantity} />
          {(
            [
              ["durationDays", 36500, chosenPlan && t("licenses.edit.planDefaultDays", { days: chosenPlan.durationDays })],
              ["maxActivations", 100000, chosenPlan && t("licenses.edit.planDefaultActivations", { count: chosenPlan.maxActivations })],
            ] as const
          ).map(([name, max, planDefault]) => (
            // Empty keeps the plan's own value, shown as the placeholder.
            <NumberField
              key={name}
              control={control}
              name={name}
              label={t(`licenses.edit.${name}`)}
              description={planDefault ?? t("licenses.edit.planDefault")}
              placeholder={chosenPlan ? String(chosenPlan[name]) : undefined}
              min={1}
              max={max}
              {...wholeNumber}
            />
          ))}
        </SimpleGrid>
      )}
      <TextareaField
        control={control}
        name="note"
        label={`${t("licenses.form.note")} (${t("common.optional")})`}
        placeholder={props.variant === "create" ? t("licenses.form.notePlaceholder") : undefined}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
      />
    </>
  );
}
