import { Badge } from "@mantine/core";
import type { LicenseStatus } from "@portal/contract";
import { useTranslation } from "react-i18next";

const colorByStatus: Record<LicenseStatus, string> = { active: "teal", not_activated: "yellow", deactivated: "red" };

/** Table columns may be narrow: the label never turns into "DEACTI…". */
const fullLabel = { root: { overflow: "visible" }, label: { overflow: "visible" } };

/** Licence status of spec section 3: Active, Not Activated, Deactivated (translated). */
export function LicenseStatusBadge({ status }: { status: LicenseStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colorByStatus[status]} variant="light" data-status={status} style={{ flexShrink: 0 }} styles={fullLabel}>
      {t(`licenses.status.${status}`)}
    </Badge>
  );
}
