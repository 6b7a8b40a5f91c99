import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { User } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useUserAction, type UserAction } from "../api/user-actions";
import { dangerousActions, displayName } from "./user-actions-menu";

/**
 * Asks before an administrator's action on an account and runs it. A refusal of the server (e.g.
 * `user/last_admin`, `user/not_pending`) is a toast from the spec's error parser; the dialog closes.
 */
export function UserActionDialog({
  target,
  currentUserId,
  onClose,
}: {
  target: { user: User; action: UserAction } | null;
  currentUserId: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useUserAction();
  // Keep showing the last target while the modal fades out.
  const [shown, setShown] = useState(target);
  if (target !== null && target !== shown) setShown(target);
  const user = shown?.user;
  const action = shown?.action;
  const name = user ? displayName(user) : "";

  const confirm = () => {
    if (!user || !action) return;
    mutation.mutate(
      { id: user.id, action },
      {
        onSuccess: () => notifySuccess(t(`accounts.users.done.${action}`, { name })),
        onError: (error) => notifyError(error),
        onSettled: () => onClose(),
      },
    );
  };

  return (
    <Modal
      opened={target !== null}
      onClose={mutation.isPending ? () => undefined : onClose}
      title={action ? t(`accounts.users.confirm.${action}Title`) : ""}
      centered
      data-testid="user-action-dialog"
    >
      {user && action && (
        <Stack gap="md">
          <Text size="sm">{t(`accounts.users.confirm.${action}Text`, { name, email: user.email })}</Text>
          {user.id === currentUserId && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              {t("accounts.users.confirm.self")}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t("accounts.common.cancel")}
            </Button>
            <Button
              color={dangerousActions.has(action) ? "red" : undefined}
              onClick={confirm}
              loading={mutation.isPending}
              data-autofocus
              data-testid="user-action-confirm"
            >
              {t(`accounts.users.actions.${action}`)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
