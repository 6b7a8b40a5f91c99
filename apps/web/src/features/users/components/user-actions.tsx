import { Alert } from "@mantine/core";
import {
  IconCircleCheck,
  IconInfoCircle,
  IconLock,
  IconLockOpen,
  IconMailCheck,
  IconShieldCheck,
  IconShieldOff,
  IconUserCheck,
  IconUserOff,
  type Icon,
} from "@tabler/icons-react";
import type { User } from "@portal/contract";
import { useTranslation } from "react-i18next";
import type { UserAction } from "../api/users";

export const actionIcon: Record<UserAction, Icon> = {
  approve: IconCircleCheck,
  verifyEmail: IconMailCheck,
  lock: IconLock,
  unlock: IconLockOpen,
  disable: IconUserOff,
  enable: IconUserCheck,
  grantAdmin: IconShieldCheck,
  revokeAdmin: IconShieldOff,
};

/** Destructive actions are red in the menu and in their confirmation. */
export const dangerousActions: ReadonlySet<UserAction> = new Set(["lock", "disable", "revokeAdmin"]);

export function displayName(user: Pick<User, "firstname" | "lastname" | "userName">): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.userName;
}

/** In the confirmation of an action on the administrator's own account. */
export function SelfWarning() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      {t("accounts.users.confirm.self")}
    </Alert>
  );
}
