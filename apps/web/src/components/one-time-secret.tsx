import { Alert, Code, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useId, type ReactNode } from "react";
import { CopyButton } from "@/components/copy-button";

/**
 * A secret the server answers once and never again (an API token, a webhook signing secret): the
 * warning, the secret in a copyable block, and whatever the caller adds below it (how to use it).
 * `testId` names the parts: `<testId>-panel`, `<testId>` (the secret), and `copyTestId` the button.
 */
export function OneTimeSecret({
  secret,
  label,
  warning,
  warningTitle,
  copyLabel,
  testId,
  copyTestId,
  children,
}: {
  secret: string;
  label: ReactNode;
  /** The warning's text; more paragraphs may follow it as an array. */
  warning: ReactNode;
  warningTitle?: string;
  copyLabel?: string;
  testId: string;
  copyTestId: string;
  children?: ReactNode;
}) {
  const labelId = useId();
  return (
    <Stack gap="md" data-testid={`${testId}-panel`}>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={warningTitle} role="alert">
        {warning}
      </Alert>
      <Stack gap={6}>
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <Group gap="xs" wrap="wrap" align="center">
          <Code
            block
            dir="ltr"
            aria-labelledby={labelId}
            data-testid={testId}
            style={{ flex: "1 1 240px", whiteSpace: "pre-wrap", wordBreak: "break-all", fontSize: "var(--mantine-font-size-sm)" }}
          >
            {secret}
          </Code>
          <CopyButton value={secret} label={copyLabel} data-testid={copyTestId} />
        </Group>
        {children}
      </Stack>
    </Stack>
  );
}
