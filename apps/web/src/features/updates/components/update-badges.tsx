import { Badge, Tooltip } from "@mantine/core";
import type { CustomerVerificationStatus, UpdateStatus, UpdateType } from "@portal/contract";
import { useTranslation } from "react-i18next";
import type { HistoryRow } from "../api/update-history";
import { formatDate } from "@/lib/format";

/** Colours with AA contrast in both schemes (lib/theme statusTones). */
export const updateStatusColor: Record<UpdateStatus, string> = { draft: "gray", published: "teal" };
export const licenseVerificationColor: Record<HistoryRow["status"], string> = { verified: "teal", not_verified: "gray" };
export const customerVerificationColor: Record<CustomerVerificationStatus, string> = { verified: "teal", partially_verified: "yellow", not_verified: "gray" };

/** A narrow column never cuts a badge's label, nor squeezes the badge. */
const unclipped = { styles: { root: { overflow: "visible" }, label: { overflow: "visible" } }, style: { flexShrink: 0 } } as const;

export function UpdateStatusBadge({ status }: { status: UpdateStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={updateStatusColor[status]} variant="light" data-status={status} {...unclipped} data-testid="update-status">
      {t(`updates.status.${status}`)}
    </Badge>
  );
}

export function UpdateTypeBadge({ type }: { type: UpdateType }) {
  const { t } = useTranslation();
  return (
    <Badge color={type === "major" ? "orange" : "blue"} variant="outline" data-type={type} {...unclipped}>
      {t(`updates.type.${type}`)}
    </Badge>
  );
}

/** One licence's verification for one update: Verified / Not Verified. */
export function LicenseVerificationBadge({ status }: { status: HistoryRow["status"] }) {
  const { t } = useTranslation();
  return (
    <Badge color={licenseVerificationColor[status]} variant="light" data-status={status} {...unclipped} data-testid="license-verification">
      {t(`updates.verification.${status}`)}
    </Badge>
  );
}

/** The customer's verification for one update over all of their licences (spec section 4): Verified / Partially Verified / Not Verified. */
export function CustomerVerificationBadge({ status }: { status: CustomerVerificationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={customerVerificationColor[status]} variant="dot" data-status={status} {...unclipped} data-testid="customer-verification">
      {t(`updates.verification.${status}`)}
    </Badge>
  );
}

/** A withdrawn update (POST /updates/{id}/yank): "Yanked" for administrators, with the date in its tooltip. */
export function YankedBadge({ yankedAt }: { yankedAt: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Tooltip label={t("updates.availability.yankedOn", { date: formatDate(yankedAt, i18n.resolvedLanguage ?? "en") })} withArrow>
      <Badge color="red" variant="filled" {...unclipped} data-testid="update-yanked" tabIndex={0}>
        {t("updates.availability.yankedBadge")}
      </Badge>
    </Tooltip>
  );
}
