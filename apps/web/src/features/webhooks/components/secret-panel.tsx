import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { OneTimeSecret } from "@/components/one-time-secret";

/** A signing secret the server answered once (creation, rotation): the warning, the secret and its copy button. */
export function SecretPanel({ secret, rotated = false }: { secret: string; rotated?: boolean }) {
  const { t } = useTranslation();
  return (
    <OneTimeSecret
      secret={secret}
      label={t("webhooks.secret.label")}
      warning={
        <>
          <Text size="sm">{t("webhooks.secret.warning")}</Text>
          {rotated && (
            <Text size="sm" mt={6}>
              {t("webhooks.secret.rotatedHint")}
            </Text>
          )}
        </>
      }
      copyLabel={t("webhooks.secret.copy")}
      testId="webhook-secret"
      copyTestId="webhook-secret-copy"
    />
  );
}

/**
 * The secret in a dialog of its own; it closes only through its button, so a stray click outside
 * does not lose a secret that is never shown again.
 */
export function SecretDialog({ secret, rotated, onClose }: { secret: string | null; rotated?: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      title={t("webhooks.secret.title")}
      centered
      size="lg"
      data-testid="webhook-secret-dialog"
    >
      {secret !== null && (
        <Stack gap="md">
          <SecretPanel secret={secret} rotated={rotated} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="webhook-secret-done">
              {t("webhooks.secret.done")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
