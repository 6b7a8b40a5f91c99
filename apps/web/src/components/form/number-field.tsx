import { NumberInput, type NumberInputProps } from "@mantine/core";
import type { FieldPath, FieldValues } from "react-hook-form";
import { useField, type Bound, type FieldBinding } from "./use-field";

export type NumberFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut> = FieldBinding<T, N, TOut> &
  Omit<NumberInputProps, Bound> & {
    /**
     * What an emptied input stores: nothing (the schema then says the number is required, or takes
     * its default), or "" where the form tells "empty" apart (a licence edit's "the plan's own value").
     */
    emptyValue?: "" | undefined;
  };

/** A number; Mantine answers text while the input is empty or half-typed, stored as a number or `emptyValue`. */
export function NumberField<T extends FieldValues, N extends FieldPath<T>, TOut>({ control, name, emptyValue, ...input }: NumberFieldProps<T, N, TOut>) {
  const { field, bound } = useField({ control, name });
  return (
    <NumberInput
      {...bound}
      value={(field.value as number | string | null | undefined) ?? ""}
      onChange={(value) => field.onChange(typeof value === "number" ? value : value.trim() === "" ? emptyValue : Number(value))}
      {...input}
    />
  );
}
