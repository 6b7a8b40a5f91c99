import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * A modal that asks before something happens (deleting, changing a plan). The caller owns the
 * request: it passes `loading` while it runs and an `error` text (already translated) when the
 * server refused, which the dialog shows in place so the visitor sees why (e.g. a 409 "in use").
 */
export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  color,
  loading = false,
  error,
  secondary,
  testId,
  confirmTestId,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** Another colour of the confirm button (teal for an approval). */
  color?: string;
  loading?: boolean;
  error?: string | null;
  /**
   * A second way to go ahead, between cancel and confirm (e.g. "Approve only" beside "Approve and
   * verify e-mail"); `loading` while its request runs.
   */
  secondary?: { label: ReactNode; onConfirm: () => void; loading?: boolean; testId?: string };
  testId?: string;
  confirmTestId?: string;
}) {
  const busy = loading || Boolean(secondary?.loading);
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered size={secondary ? "lg" : undefined} data-testid={testId}>
      <Stack gap="md">
        {typeof children === "string" ? <Text size="sm">{children}</Text> : children}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {error}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          {secondary && (
            <Button variant="light" color={danger ? "red" : undefined} onClick={secondary.onConfirm} loading={secondary.loading} disabled={loading} data-testid={secondary.testId}>
              {secondary.label}
            </Button>
          )}
          <Button color={color ?? (danger ? "red" : undefined)} onClick={onConfirm} loading={loading} disabled={secondary?.loading} data-autofocus data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
