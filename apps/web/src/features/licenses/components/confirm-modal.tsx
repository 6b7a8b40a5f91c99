import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Every destructive or irreversible action of the licence area asks here first. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  color = "red",
  loading = false,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered closeButtonProps={{ "aria-label": t("common.close") }}>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t("licenses.actions.cancel")}
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
