import { zodResolver } from "@hookform/resolvers/zod";
import { Modal, Stack } from "@mantine/core";
import type { ErrorCode } from "@portal/contract";
import { useForm, type Control, type FieldValues, type Path, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormActions, MultiSelectField, NumberField, SelectField, TextareaField, TextField } from "@/components/form";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
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
  /** `text`: rewrites what is typed before it is stored (an entitlement code in capitals). */
  normalize?: (text: string) => string;
  /** `text`: a code or an identifier, left to right in every language. */
  ltr?: boolean;
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

  const fail = useServerErrors(form.setError, { fields: names, fieldByCode: spec.fieldByCode as Partial<Record<ErrorCode, Path<Values>>> });
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
          <FieldInput
            key={field.name}
            field={field}
            control={form.control as unknown as Control<FieldValues>}
            {...schemaFieldRules(spec.schema, field.name)}
            autoFocus={index === 0}
          />
        ))}
        <FormActions cancelLabel={t("commerce.common.cancel")} onCancel={onDone} submitLabel={row ? t("commerce.common.saveChanges") : t("commerce.common.create")} pending={pending} />
      </Stack>
    </form>
  );
}

function FieldInput({
  field,
  control,
  required,
  maxLength,
  autoFocus,
}: {
  field: ListFormField<string>;
  control: Control<FieldValues>;
  required: boolean;
  maxLength?: number;
  autoFocus: boolean;
}) {
  const common = {
    control,
    name: field.name,
    label: field.label,
    placeholder: field.placeholder,
    description: field.description,
    required,
    ...(autoFocus ? { "data-autofocus": true } : {}),
  };
  switch (field.kind) {
    case "text":
      return <TextField {...common} maxLength={maxLength} normalize={field.normalize} dir={field.ltr ? "ltr" : undefined} />;
    case "textarea":
      return <TextareaField {...common} maxLength={maxLength} autosize minRows={2} maxRows={6} />;
    case "money":
      return (
        <NumberField
          {...common}
          rightSection={field.currency}
          rightSectionWidth={field.currency ? 48 : undefined}
          min={0}
          decimalScale={2}
          fixedDecimalScale
        />
      );
    case "select":
      return <SelectField {...common} emptyValue={null} data={field.options ?? []} searchable />;
    case "multi-select":
      return <MultiSelectField {...common} data={field.options ?? []} searchable />;
  }
}
