import { Badge } from "@mantine/core";
import type { UserStatus } from "@portal/contract";
import { useTranslation } from "react-i18next";

const colorByStatus: Record<UserStatus, string> = {
  pending: "yellow",
  active: "teal",
  locked: "red",
  disabled: "gray",
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colorByStatus[status]} variant="light" data-status={status} style={{ flexShrink: 0 }} styles={{ label: { overflow: "visible" } }}>
      {t(`accounts.users.status.${status}`)}
    </Badge>
  );
}
