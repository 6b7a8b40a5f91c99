import {
  Autocomplete,
  PasswordInput,
  Textarea,
  TextInput,
  type AutocompleteProps,
  type PasswordInputProps,
  type TextareaProps,
  type TextInputProps,
} from "@mantine/core";
import type { ChangeEvent } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { useField, type Bound, type FieldBinding } from "./use-field";

/** The props every text input takes from its field; its value is "" for none. */
function useTextInput<T extends FieldValues, N extends FieldPath<T>, TOut>(binding: FieldBinding<T, N, TOut>, normalize?: (text: string) => string) {
  const { field, bound } = useField(binding);
  return {
    ...bound,
    value: (field.value as string | null | undefined) ?? "",
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.onChange(normalize ? normalize(event.currentTarget.value) : event.currentTarget.value),
  };
}

export type TextFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut> = FieldBinding<T, N, TOut> &
  Omit<TextInputProps, Bound> & {
    /** Rewrites what is typed before it is stored (the card number's grouping). */
    normalize?: (text: string) => string;
  };

export function TextField<T extends FieldValues, N extends FieldPath<T>, TOut>({ control, name, normalize, ...input }: TextFieldProps<T, N, TOut>) {
  return <TextInput {...useTextInput({ control, name }, normalize)} {...input} />;
}

export function PasswordField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  ...input
}: FieldBinding<T, N, TOut> & Omit<PasswordInputProps, Bound>) {
  return <PasswordInput {...useTextInput({ control, name })} {...input} />;
}

export function TextareaField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  ...input
}: FieldBinding<T, N, TOut> & Omit<TextareaProps, Bound>) {
  return <Textarea {...useTextInput({ control, name })} {...input} />;
}

/** A text with suggestions (Mantine's Autocomplete answers the text itself, not an event). */
export function AutocompleteField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  ...input
}: FieldBinding<T, N, TOut> & Omit<AutocompleteProps, Bound>) {
  const { field, bound } = useField({ control, name });
  return <Autocomplete {...bound} value={(field.value as string | null | undefined) ?? ""} onChange={field.onChange} {...input} />;
}

/** An e-mail address: the browser's e-mail keyboard and autofill; required wherever it is asked. */
export function EmailField<T extends FieldValues, N extends FieldPath<T>, TOut>(props: TextFieldProps<T, N, TOut>) {
  return <TextField type="email" autoComplete="email" required {...props} />;
}
