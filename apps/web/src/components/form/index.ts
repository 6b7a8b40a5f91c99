/**
 * Form fields: each a react-hook-form controller around its Mantine input, with the field's error
 * translated (lib/messages). A form passes its `control` and the field's `name`, and whatever the
 * input shows (label, description, placeholder, limits, test ids); the value, change, blur, ref
 * and error come from the field:
 *
 *   <TextField control={form.control} name="firstname" label={t("…")} autoComplete="given-name" required />
 */
export { AutocompleteField, EmailField, PasswordField, TextareaField, TextField } from "./text-fields";
export { NumberField } from "./number-field";
export { CheckboxField, CheckboxGroupField, MultiSelectField, RadioGroupField, SegmentedField, SelectField, SwitchField, type MultiSelectFieldProps } from "./choice-fields";
export { RuleChecklist } from "./rule-checklist";
export { SubmitWithNotice } from "./submit-with-notice";
export { FormActions } from "./form-actions";
