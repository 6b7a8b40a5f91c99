import { Badge } from "@mantine/core";
import type { AuditOutcome } from "@portal/contract";
import { useTranslation } from "react-i18next";

export function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={outcome === "success" ? "teal" : "red"} data-testid="audit-outcome">
      {t(`logMonitor.outcome.${outcome}`)}
    </Badge>
  );
}
