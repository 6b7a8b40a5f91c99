import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, MultiSelect, NumberInput, Select, Stack, Textarea, TextInput } from "@mantine/core";
import type { ErrorCode } from "@portal/contract";
import { Controller, useForm, type ControllerRenderProps, type FieldValues, type Path, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { translateMessage } from "@/lib/messages";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { schemaFieldRules } from "@/lib/schema-fields";

/** What a form needs of a TanStack mutation (a `useCreateX()` / `useUpdateX()` result). */
export interface FormMutation<TVariables> {
  mutate: (variables: TVariables, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * One field of the create/edit form. Required-ness and the maximum length come from the schema;
 * what the visitor reads (label, placeholder, hint) and how the value is entered (kind) are said
 * here.
 */
export interface ListFormField<TName extends string> {
  name: TName;
  kind: "text" | "textarea" | "money" | "select" | "multi-select";
  label: string;
  placeholder?: string;
  /** A line under the label. */
  description?: string;
  /** `money`: the currency shown at the end of the input. */
  currency?: string;
  /** `select` / `multi-select`. */
  options?: { value: string; label: string }[];
}

export interface ListForm<TRow, TSchema extends z.ZodObject> {
  /** The contract's body schema: the form validates with it before anything is sent. */
  schema: TSchema;
  fields: ListFormField<Extract<keyof z.input<TSchema>, string>>[];
  /** The form's starting values: of the row being edited, or of a new one (row = null). */
  values: (row: TRow | null) => z.input<TSchema>;
  /** Hooks of the create and update mutations (`useCreateFeature`, `useUpdateFeature`); called inside the form. */
  useCreate: () => FormMutation<z.output<TSchema>>;
  useUpdate: () => FormMutation<{ id: string; body: z.output<TSchema> }>;
  /** Server error codes that belong to a field (e.g. `catalogue/name_taken` → name); 422 items naming a field land there anyway. */
  fieldByCode?: Partial<Record<ErrorCode, Extract<keyof z.input<TSchema>, string>>>;
  texts: { createTitle: string; editTitle: string; created: string; saved: string };
}

/** Create (row = null) or edit a row in a modal; the contract schema first, then the server's codes. */
export function ListFormModal<TRow extends { id: string }, TSchema extends z.ZodObject>({
  form,
  opened,
  row,
  onClose,
}: {
  form: ListForm<TRow, TSchema>;
  opened: boolean;
  row: TRow | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={row ? form.texts.editTitle : form.texts.createTitle} centered>
      {/* Mounted only while open, so each opening starts from the row it edits. */}
      {opened && <ListFormBody form={form} row={row} onDone={onClose} />}
    </Modal>
  );
}

function ListFormBody<TRow extends { id: string }, TSchema extends z.ZodObject>({
  form: spec,
  row,
  onDone,
}: {
  form: ListForm<TRow, TSchema>;
  row: TRow | null;
  onDone: () => void;
}) {
  type Values = z.input<TSchema> & FieldValues;
  const { t } = useTranslation();
  const create = spec.useCreate();
  const update = spec.useUpdate();
  const form = useForm<Values, unknown, z.output<TSchema>>({
    resolver: zodResolver(spec.schema as never) as unknown as Resolver<Values, unknown, z.output<TSchema>>,
    mode: "onTouched",
    defaultValues: spec.values(row) as never,
  });
  const names = spec.fields.map((field) => field.name as unknown as Path<Values>);
  const pending = create.isPending || update.isPending;

  const fail = (error: unknown) => {
    const parsed = parseApiError(error, t);
    const rest = applyServerErrors(parsed, form.setError, { fields: names, fieldByCode: spec.fieldByCode as Partial<Record<ErrorCode, Path<Values>>> });
    if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => translateMessage(item.message, t)))].join("\n"), parsed.type);
  };
  const done = (message: string) => {
    notifySuccess(message);
    onDone();
  };

  const submit = form.handleSubmit((body) => {
    if (row) update.mutate({ id: row.id, body }, { onSuccess: () => done(spec.texts.saved), onError: fail });
    else create.mutate(body, { onSuccess: () => done(spec.texts.created), onError: fail });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {spec.fields.map((field, index) => (
          <Controller
            key={field.name}
            control={form.control}
            name={field.name as unknown as Path<Values>}
            render={({ field: control, fieldState }) => (
              <FieldInput
                field={field}
                control={control as unknown as ControllerRenderProps<FieldValues, string>}
                {...schemaFieldRules(spec.schema, field.name)}
                error={translateMessage(fieldState.error?.message, t)}
                autoFocus={index === 0}
              />
            )}
          />
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t("commerce.common.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {row ? t("commerce.common.saveChanges") : t("commerce.common.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FieldInput({
  field,
  control,
  required,
  maxLength,
  error,
  autoFocus,
}: {
  field: ListFormField<string>;
  control: ControllerRenderProps<FieldValues, string>;
  required: boolean;
  maxLength?: number;
  error: string | undefined;
  autoFocus: boolean;
}) {
  const common = {
    name: control.name,
    ref: control.ref,
    onBlur: control.onBlur,
    label: field.label,
    placeholder: field.placeholder,
    description: field.description,
    required,
    error,
    ...(autoFocus ? { "data-autofocus": true } : {}),
  };
  const value: unknown = control.value;
  switch (field.kind) {
    case "text":
      return <TextInput {...common} value={(value as string | undefined) ?? ""} onChange={control.onChange} maxLength={maxLength} />;
    case "textarea":
      return (
        <Textarea {...common} value={(value as string | undefined) ?? ""} onChange={control.onChange} maxLength={maxLength} autosize minRows={2} maxRows={6} />
      );
    case "money":
      return (
        <NumberInput
          {...common}
          value={(value as number | undefined) ?? ""}
          // An empty box is "no value" (the schema says it is required), not 0.
          onChange={(next) => control.onChange(typeof next === "number" ? next : next.trim() === "" ? undefined : Number(next))}
          rightSection={field.currency}
          rightSectionWidth={field.currency ? 48 : undefined}
          min={0}
          decimalScale={2}
          fixedDecimalScale
        />
      );
    case "select":
      return <Select {...common} value={(value as string | null | undefined) ?? null} onChange={control.onChange} data={field.options ?? []} searchable />;
    case "multi-select":
      return <MultiSelect {...common} value={(value as string[] | undefined) ?? []} onChange={control.onChange} data={field.options ?? []} searchable />;
  }
}
