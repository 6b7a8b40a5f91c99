import { Alert, Button, Code, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "@/components/copy-button";

/** A signing secret the server answered once (creation, rotation): the warning, the secret and its copy button. */
export function SecretPanel({ secret, rotated = false }: { secret: string; rotated?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="webhook-secret-panel">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        <Text size="sm">{t("webhooks.secret.warning")}</Text>
        {rotated && (
          <Text size="sm" mt={6}>
            {t("webhooks.secret.rotatedHint")}
          </Text>
        )}
      </Alert>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="webhook-secret-label">
          {t("webhooks.secret.label")}
        </Text>
        <Group gap="xs" wrap="wrap" align="center">
          <Code
            block
            dir="ltr"
            aria-labelledby="webhook-secret-label"
            data-testid="webhook-secret"
            style={{ flex: "1 1 240px", whiteSpace: "pre-wrap", wordBreak: "break-all", fontSize: "var(--mantine-font-size-sm)" }}
          >
            {secret}
          </Code>
          <CopyButton value={secret} label={t("webhooks.secret.copy")} data-testid="webhook-secret-copy" />
        </Group>
      </Stack>
    </Stack>
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
