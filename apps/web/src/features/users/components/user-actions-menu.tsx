import { ActionIcon, Menu } from "@mantine/core";
import {
  IconCircleCheck,
  IconDots,
  IconLock,
  IconLockOpen,
  IconShieldCheck,
  IconShieldOff,
  IconUserCheck,
  IconUserOff,
  type Icon,
} from "@tabler/icons-react";
import type { User } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { actionsFor, type UserAction } from "../api/user-actions";

export const actionIcon: Record<UserAction, Icon> = {
  approve: IconCircleCheck,
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

/** The row's "…" menu: what the account's state allows; each choice opens a confirmation. */
export function UserActionsMenu({ user, onChoose }: { user: User; onChoose: (action: UserAction) => void }) {
  const { t } = useTranslation();
  const actions = actionsFor(user);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t("accounts.users.actionsFor", { name: displayName(user) })} data-testid="user-actions">
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const ItemIcon = actionIcon[action];
          return (
            <Menu.Item
              key={action}
              color={dangerousActions.has(action) ? "red" : undefined}
              leftSection={<ItemIcon size={16} aria-hidden />}
              onClick={() => onChoose(action)}
              data-testid={`user-action-${action}`}
            >
              {t(`accounts.users.actions.${action}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
