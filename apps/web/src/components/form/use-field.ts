import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { translateMessage } from "@/lib/messages";

/** What a caller may not set on an input: the field gives it. */
export type Bound = "name" | "value" | "defaultValue" | "onChange" | "error";

/** Which field of which form an input edits: its name is checked against the form's values. */
export interface FieldBinding<T extends FieldValues, N extends FieldPath<T>, TOut> {
  control: Control<T, unknown, TOut>;
  name: N;
}

/**
 * The field's state, and what every input takes from it as it is: name, ref (focused on an error),
 * blur (`onTouched` validation) and the error in the interface language. A list's own refusal
 * ("choose at least one") sits on the list's `root`, not on the list itself.
 */
export function useField<T extends FieldValues, N extends FieldPath<T>, TOut>({ control, name }: FieldBinding<T, N, TOut>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error as (typeof fieldState.error & { root?: { message?: string } }) | undefined;
  return {
    field,
    bound: { name: field.name, ref: field.ref, onBlur: field.onBlur, error: translateMessage(error?.message ?? error?.root?.message, t) },
  };
}
