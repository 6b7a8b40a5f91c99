import { Badge } from "@mantine/core";
import type { LicenseRequestStatus } from "@portal/contract";
import { useTranslation } from "react-i18next";

const colorByStatus: Record<LicenseRequestStatus, string> = { pending: "blue", approved: "teal", rejected: "red", cancelled: "gray" };

/** Table columns may be narrow: the label never turns into "DEACTI…". */
const fullLabel = { root: { overflow: "visible" }, label: { overflow: "visible" } };

export function RequestStatusBadge({ status }: { status: LicenseRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colorByStatus[status]} variant="light" data-status={status} style={{ flexShrink: 0 }} styles={fullLabel}>
      {t(`licenses.requestStatus.${status}`)}
    </Badge>
  );
}
