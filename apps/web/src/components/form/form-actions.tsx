import { Button, Group, type MantineColor } from "@mantine/core";

/** A form's last row: cancel (not while the form is being sent) and submit (spinning meanwhile). */
export function FormActions({
  cancelLabel,
  onCancel,
  submitLabel,
  pending,
  color,
  submitTestId,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  /** The submit button's colour when it is not the usual one (red for a refusal). */
  color?: MantineColor;
  submitTestId?: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" color={color} loading={pending} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
