import {
  Checkbox,
  type CheckboxGroupProps,
  MultiSelect,
  Radio,
  type RadioGroupProps,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  type CheckboxProps,
  type MultiSelectProps,
  type SegmentedControlProps,
  type SelectProps,
  type SwitchProps,
} from "@mantine/core";
import type { ChangeEvent } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { useField, type Bound, type FieldBinding } from "./use-field";

export type SelectFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut> = FieldBinding<T, N, TOut> &
  Omit<SelectProps, Bound> & {
    /** What a cleared choice stores ("" where the form's empty value is text; nothing by default). */
    emptyValue?: "" | null | undefined;
    /** The stored value of a chosen option, when it is not the option's text (a month's number). */
    parse?: (value: string) => unknown;
    /** Called after the field took the choice (a country also suggests the tax location). */
    afterChange?: (value: string | null) => void;
  };

/** One option of a list; the value is shown as text whatever is stored (a number, an id). */
export function SelectField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  emptyValue,
  parse,
  afterChange,
  ...input
}: SelectFieldProps<T, N, TOut>) {
  const { field, bound } = useField({ control, name });
  const value: unknown = field.value;
  return (
    <Select
      {...bound}
      value={value === undefined || value === null || value === "" ? null : String(value)}
      onChange={(chosen) => {
        field.onChange(chosen === null ? emptyValue : parse ? parse(chosen) : chosen);
        afterChange?.(chosen);
      }}
      {...input}
    />
  );
}

export type MultiSelectFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut> = FieldBinding<T, N, TOut> & Omit<MultiSelectProps, Bound>;

export function MultiSelectField<T extends FieldValues, N extends FieldPath<T>, TOut>({ control, name, ...input }: MultiSelectFieldProps<T, N, TOut>) {
  const { field, bound } = useField({ control, name });
  return <MultiSelect {...bound} value={(field.value as string[] | undefined) ?? []} onChange={field.onChange} {...input} />;
}

/** Several of a list of choices, as ticked boxes (the boxes are the children); the value is the ticked boxes' values. */
export function CheckboxGroupField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  ...input
}: FieldBinding<T, N, TOut> & Omit<CheckboxGroupProps, Bound>) {
  const { field, bound } = useField({ control, name });
  // A group has no input of its own to take the ref (focus on an error): its boxes are the caller's.
  return <Checkbox.Group error={bound.error} onBlur={bound.onBlur} value={(field.value as string[] | undefined) ?? []} onChange={field.onChange} {...input} />;
}

/** One of a few choices as radio buttons (the radios are the children, each may carry a one-line description). */
export function RadioGroupField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  ...input
}: FieldBinding<T, N, TOut> & Omit<RadioGroupProps, Bound>) {
  const { field, bound } = useField({ control, name });
  return <Radio.Group name={bound.name} error={bound.error} onBlur={bound.onBlur} value={(field.value as string | undefined) ?? null} onChange={field.onChange} {...input} />;
}

type ToggleBound = Bound | "checked";

/** A yes/no field: the box's `checked` is the value. */
function useToggle<T extends FieldValues, N extends FieldPath<T>, TOut>(binding: FieldBinding<T, N, TOut>) {
  const { field, bound } = useField(binding);
  return { ...bound, checked: Boolean(field.value), onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(event.currentTarget.checked) };
}

export function CheckboxField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  ...input
}: FieldBinding<T, N, TOut> & Omit<CheckboxProps, ToggleBound>) {
  return <Checkbox {...useToggle({ control, name })} {...input} />;
}

export function SwitchField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  ...input
}: FieldBinding<T, N, TOut> & Omit<SwitchProps, ToggleBound>) {
  return <Switch {...useToggle({ control, name })} {...input} />;
}

/**
 * One of a few choices side by side. SegmentedControl has no label of its own: the text above it
 * names the group (`labelId`, for `aria-labelledby`).
 */
export function SegmentedField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  label,
  labelId,
  ...input
}: FieldBinding<T, N, TOut> & Omit<SegmentedControlProps, Bound> & { label: string; labelId: string }) {
  const { field } = useField({ control, name });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} value={field.value as string} onChange={field.onChange} {...input} />
    </Stack>
  );
}
