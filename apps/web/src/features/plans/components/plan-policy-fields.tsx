import { Radio, SimpleGrid, Stack, Switch } from "@mantine/core";
import { DEFAULT_HEARTBEAT_SECONDS, expirationStrategies, HEARTBEAT_SECONDS_RANGE, OFFLINE_TTL_DAYS_RANGE, TRIAL_DAYS_RANGE, type PlanBody, type planBodySchema } from "@portal/contract";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { MultiSelectField, NumberField, RadioGroupField } from "@/components/form";
import { channelOptions } from "@/components/release-channels";
import { formatDuration } from "@/lib/format";

type Values = PlanBody;
type Output = z.output<typeof planBodySchema>;
type OptionalDaysName = "trialDays" | "offlineTtlDays";
type Form = UseFormReturn<Values, unknown, Output>;

/** What a switch turned on puts in its number field: a common trial, a month offline. */
export const POLICY_SWITCH_DEFAULTS: Record<OptionalDaysName, number> = { trialDays: 14, offlineTtlDays: 30 };

/**
 * "Off, or a number of days" (trialDays, offlineTtlDays: null or a range): a switch, and the days
 * while it is on. An emptied number stays "" so the contract's rule says the days are missing,
 * instead of the schema's default turning the option off without a word.
 */
function OptionalDaysField({
  form,
  name,
  switchLabel,
  switchHint,
  label,
  range,
}: {
  form: Form;
  name: OptionalDaysName;
  switchLabel: string;
  switchHint: string;
  label: string;
  range: { min: number; max: number };
}) {
  const value = useWatch({ control: form.control, name });
  const on = value !== null && value !== undefined;
  return (
    <Stack gap="xs">
      <Switch
        label={switchLabel}
        description={switchHint}
        checked={on}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          form.setValue(name, checked ? POLICY_SWITCH_DEFAULTS[name] : null, { shouldDirty: true });
          if (!checked) form.clearErrors(name);
        }}
        data-testid={`policy-${name}-switch`}
      />
      {on && (
        <NumberField
          control={form.control}
          name={name}
          label={label}
          required
          min={range.min}
          max={range.max}
          allowDecimal={false}
          allowNegative={false}
          // Out of range is said with the contract's message, not silently changed to the limit.
          clampBehavior="none"
          emptyValue=""
          maw={240}
          ps={54}
          data-testid={`policy-${name}`}
        />
      )}
    </Stack>
  );
}

const validHeartbeat = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= HEARTBEAT_SECONDS_RANGE.min && value <= HEARTBEAT_SECONDS_RANGE.max;

/**
 * Floating seats and, while they are on, the heartbeat interval with its length in words ("10
 * minutes"). Turned off, the interval is hidden; one left half-typed goes back to the default, so it
 * cannot block saving a node-locked plan (the server keeps it, unused, for a later switch).
 */
function FloatingFields({ form }: { form: Form }) {
  const { t, i18n } = useTranslation();
  const floating = useWatch({ control: form.control, name: "floating" });
  const heartbeat = useWatch({ control: form.control, name: "heartbeatSeconds" });
  return (
    <Stack gap="xs">
      <Switch
        name="floating"
        checked={Boolean(floating)}
        label={t("commerce.plans.policy.floating")}
        description={t("commerce.plans.policy.floatingHint")}
        data-testid="policy-floating"
        onChange={(event) => {
          const on = event.currentTarget.checked;
          form.setValue("floating", on, { shouldDirty: true });
          if (!on) {
            if (!validHeartbeat(form.getValues("heartbeatSeconds"))) form.setValue("heartbeatSeconds", DEFAULT_HEARTBEAT_SECONDS);
            form.clearErrors("heartbeatSeconds");
          }
        }}
      />
      {floating && (
        <NumberField
          control={form.control}
          name="heartbeatSeconds"
          label={t("commerce.plans.policy.heartbeatSeconds")}
          description={validHeartbeat(heartbeat) ? t("commerce.plans.policy.heartbeatHint", { duration: formatDuration(heartbeat, i18n.language) }) : undefined}
          inputWrapperOrder={["label", "input", "description", "error"]}
          required
          min={HEARTBEAT_SECONDS_RANGE.min}
          max={HEARTBEAT_SECONDS_RANGE.max}
          step={60}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          maw={{ base: "100%", sm: 480 }}
          ps={54}
          data-testid="policy-heartbeatSeconds"
        />
      )}
    </Stack>
  );
}

/**
 * The plan's licensing policy (API.md "Licensing models"): a free trial, floating seats with their
 * heartbeat interval, what expiry means, how long licence files hold offline, and the release
 * channels its new licences follow (API.md "Release channels"). The rules are the
 * contract's (planPolicyFields), checked by the form's resolver like every other field.
 */
export function PlanPolicyFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <OptionalDaysField
        form={form}
        name="trialDays"
        switchLabel={t("commerce.plans.policy.trialSwitch")}
        switchHint={t("commerce.plans.policy.trialSwitchHint")}
        label={t("commerce.plans.policy.trialDays")}
        range={TRIAL_DAYS_RANGE}
      />
      <FloatingFields form={form} />
      <RadioGroupField control={form.control} name="expirationStrategy" label={t("commerce.plans.policy.expirationStrategy")} data-testid="policy-expirationStrategy">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
          {expirationStrategies.map((strategy) => (
            <Radio
              key={strategy}
              value={strategy}
              label={t(`commerce.plans.policy.strategy.${strategy}`)}
              description={t(`commerce.plans.policy.strategyHint.${strategy}`)}
              data-testid={`policy-strategy-${strategy}`}
            />
          ))}
        </SimpleGrid>
      </RadioGroupField>
      <OptionalDaysField
        form={form}
        name="offlineTtlDays"
        switchLabel={t("commerce.plans.policy.offlineSwitch")}
        switchHint={t("commerce.plans.policy.offlineSwitchHint")}
        label={t("commerce.plans.policy.offlineTtlDays")}
        range={OFFLINE_TTL_DAYS_RANGE}
      />
      <MultiSelectField
        control={form.control}
        name="channels"
        label={t("commerce.entitlements.channels")}
        description={t("commerce.entitlements.channelsHint")}
        placeholder={t("commerce.entitlements.channelsPlaceholder")}
        data={channelOptions(t)}
        required
        hidePickedOptions
        comboboxProps={{ withinPortal: true }}
        maw={{ base: "100%", sm: 480 }}
        data-testid="policy-channels"
      />
    </Stack>
  );
}
