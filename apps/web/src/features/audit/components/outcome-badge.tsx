import { Badge } from "@mantine/core";
import type { AuditOutcome } from "@portal/contract";
import { useTranslation } from "react-i18next";

export function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={outcome === "success" ? "teal" : "red"} style={{ flexShrink: 0 }} styles={{ label: { overflow: "visible" } }} data-testid="audit-outcome">
      {t(`logMonitor.outcome.${outcome}`)}
    </Badge>
  );
}
