import { Button, Group, Progress, Stack, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "@/lib/format";
import { progressPercent } from "@/lib/upload";

/**
 * Bytes moved against the total, as a bar (role=progressbar with aria-valuenow, named by `label`)
 * and in words ("12.5 MB of 48 MB · 26%"), with a stop button. An unknown total shows a moving bar
 * and the bytes so far.
 */
export function TransferProgress({
  label,
  loaded,
  total,
  onStop,
  stopLabel,
  testId,
}: {
  label: string;
  loaded: number;
  total: number | null;
  onStop?: () => void;
  stopLabel?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const known = total !== null && total > 0;
  const percent = known ? progressPercent({ loaded, total }) : 0;
  return (
    <Stack gap={4} data-testid={testId}>
      <Progress value={known ? percent : 100} striped={!known} animated={!known || percent < 100} aria-label={label} size="lg" radius="xl" data-testid={testId && `${testId}-bar`} />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid={testId && `${testId}-text`}>
          {known
            ? t("updates.transfer.ofTotal", {
                loaded: formatBytes(loaded, language),
                total: formatBytes(total, language),
                percent: new Intl.NumberFormat(language, { style: "percent" }).format(percent / 100),
              })
            : t("updates.transfer.soFar", { loaded: formatBytes(loaded, language) })}
        </Text>
        {onStop && (
          <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconX size={12} aria-hidden />} onClick={onStop}>
            {stopLabel ?? t("updates.transfer.stop")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
