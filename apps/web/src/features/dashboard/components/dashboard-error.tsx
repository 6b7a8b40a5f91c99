import { Alert, Button, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The figures could not be read: say so and offer another try (the page header stays). */
export function DashboardError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="dashboard-error" mb="lg">
      <Text size="sm" mb="xs">
        {t("dashboards.loadFailed")}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t("dashboards.retry")}
      </Button>
    </Alert>
  );
}
