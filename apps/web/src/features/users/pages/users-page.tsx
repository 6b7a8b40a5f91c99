import { Badge, Group, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { IconCheck, IconKey, IconMinus, IconShieldCheck, type Icon } from "@tabler/icons-react";
import { userSortFields, userStatus, type User } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { ListScreen, type ListColumns, type RowAction, type RowConfirm } from "@/components/list-screen";
import { useUser } from "@/lib/auth";
import { formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useUsers, actionsFor, userActions, useUserAction, type UserChange } from "../api/users";
import { actionIcon, dangerousActions, displayName, SelfWarning } from "../components/user-actions";
import { UserStatusBadge } from "../components/user-status-badge";

const table: ServerTableOptions<(typeof userSortFields)[number], "q" | "status"> = {
  sortFields: userSortFields,
  defaultSort: "d_created",
  defaultOrder: "desc",
  filters: ["q", "status"],
};

/** A yes/no cell: an icon with its meaning as the accessible name and tooltip. */
function YesNo({ value, yes, no, icon: YesIcon = IconCheck }: { value: boolean; yes: string; no: string; icon?: Icon }) {
  const label = value ? yes : no;
  return (
    <Tooltip label={label} withArrow>
      <ThemeIcon size={22} radius="xl" variant="light" color={value ? (YesIcon === IconCheck ? "teal" : "brand") : "gray"} role="img" aria-label={label}>
        {value ? <YesIcon size={14} aria-hidden /> : <IconMinus size={14} aria-hidden />}
      </ThemeIcon>
    </Tooltip>
  );
}

/** The account's name, and "You" on the administrator's own row. */
function NameCell({ user }: { user: User }) {
  const { t } = useTranslation();
  const { data: me } = useUser();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500} truncate="end" maw={170} title={displayName(user)}>
        {displayName(user)}
      </Text>
      {user.id === me?.id && (
        <Badge size="xs" variant="outline" style={{ flexShrink: 0 }} styles={{ label: { overflow: "visible" } }}>
          {t("accounts.users.you")}
        </Badge>
      )}
    </Group>
  );
}

const ltrText = (value: string, maw: number) => (
  <Text size="sm" dir="ltr" ta="start" truncate="end" maw={maw} title={value}>
    {value}
  </Text>
);

const column = createDataTableColumnHelper<User>();
const columns: ListColumns<User> = (t, language) => [
  column.accessor("firstname", { id: "firstname", header: () => t("accounts.users.columns.name"), enableSorting: true, cell: ({ row }) => <NameCell user={row.original} /> }),
  column.accessor("email", { id: "email", header: () => t("accounts.users.columns.email"), enableSorting: true, cell: ({ getValue }) => ltrText(getValue(), 210) }),
  column.accessor("userName", { id: "userName", header: () => t("accounts.users.columns.userName"), enableSorting: true, cell: ({ getValue }) => ltrText(getValue(), 150) }),
  column.accessor("status", { id: "status", header: () => t("accounts.users.columns.status"), enableSorting: true, cell: ({ getValue }) => <UserStatusBadge status={getValue()} /> }),
  column.accessor("emailVerified", {
    id: "emailVerified",
    header: () => t("accounts.users.columns.emailVerified"),
    cell: ({ getValue }) => <YesNo value={getValue()} yes={t("accounts.users.verified")} no={t("accounts.users.notVerified")} />,
  }),
  column.accessor("twoFactorEnabled", {
    id: "twoFactorEnabled",
    header: () => t("accounts.users.columns.twoFactor"),
    cell: ({ getValue }) => <YesNo value={getValue()} yes={t("accounts.users.twoFactorOn")} no={t("accounts.users.twoFactorOff")} />,
  }),
  column.accessor("isAdmin", {
    id: "isAdmin",
    header: () => t("accounts.users.columns.admin"),
    cell: ({ getValue }) => <YesNo value={getValue()} yes={t("accounts.users.adminYes")} no={t("accounts.users.adminNo")} icon={IconShieldCheck} />,
  }),
  column.accessor("d_created", {
    id: "d_created",
    header: () => t("accounts.users.columns.memberSince"),
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {formatDate(getValue(), language)}
      </Text>
    ),
  }),
];

/** admin/users: every account, sorted, paged and searched on the server, with the admin's actions (each confirmed). */
export function UsersPage() {
  const { t } = useTranslation();
  const { data: me } = useUser();
  // Approving an account whose e-mail is unverified also offers to verify it: without SMTP its
  // verification link is a file on the server, and the customer could never log in.
  const approveUnverified: Partial<RowConfirm<User, { id: string; action: UserChange }>> = {
    message: (user) =>
      t(user.emailVerified ? "accounts.users.confirm.approveText" : "accounts.users.confirm.approveUnverifiedText", { name: displayName(user), email: user.email }),
    confirmLabel: (user) => t(user.emailVerified ? "accounts.users.actions.approve" : "accounts.users.confirm.approveAndVerify"),
    variables: (user) => ({ id: user.id, action: user.emailVerified ? "approve" : "approveAndVerify" }),
    done: (user) => t(user.emailVerified ? "accounts.users.done.approve" : "accounts.users.done.approveAndVerify", { name: displayName(user) }),
    secondary: (user) =>
      user.emailVerified
        ? undefined
        : { label: t("accounts.users.confirm.approveOnly"), variables: { id: user.id, action: "approve" }, done: t("accounts.users.done.approve", { name: displayName(user) }), testId: "user-action-approve-only" },
  };
  // What the account's state allows, in a "…" menu; each choice asks first, a refusal is a toast.
  const items = userActions.map(
    (action): RowAction<User> => ({
      id: action,
      label: t(`accounts.users.actions.${action}`),
      icon: actionIcon[action],
      color: dangerousActions.has(action) ? "red" : undefined,
      when: (user) => actionsFor(user).includes(action),
      testId: `user-action-${action}`,
      confirm: {
        title: t(`accounts.users.confirm.${action}Title`),
        message: (user) => t(`accounts.users.confirm.${action}Text`, { name: displayName(user), email: user.email }),
        extra: (user) => user.id === me?.id && <SelfWarning />,
        confirmLabel: t(`accounts.users.actions.${action}`),
        cancelLabel: t("accounts.common.cancel"),
        danger: dangerousActions.has(action),
        useMutation: useUserAction,
        variables: (user) => ({ id: user.id, action }),
        done: (user) => t(`accounts.users.done.${action}`, { name: displayName(user) }),
        errorIn: "toast",
        testId: "user-action-dialog",
        confirmTestId: "user-action-confirm",
        ...(action === "approve" ? approveUnverified : {}),
      },
    }),
  );
  return (
    <ListScreen
      title={t("pages.admin.users.title")}
      description={t("accounts.users.subtitle")}
      table={table}
      useList={useUsers}
      columns={columns}
      texts={{ tableLabel: t("accounts.users.tableLabel"), emptyTitle: t("accounts.users.emptyTitle"), emptyDescription: t("accounts.users.emptyDescription") }}
      search={{ label: t("accounts.users.search"), testId: "users-search" }}
      filters={[
        {
          param: "status",
          label: t("accounts.users.statusFilter"),
          allLabel: t("accounts.users.allStatuses"),
          options: userStatus.options.map((status) => ({ value: status, label: t(`accounts.users.status.${status}`) })),
          testId: "users-status-filter",
        },
      ]}
      rowName={displayName}
      rowActions={{
        as: "menu",
        header: t("accounts.users.columns.actions"),
        label: (user) => t("accounts.users.actionsFor", { name: displayName(user) }),
        testId: "user-actions",
        items: [...items, { id: "apiTokens", label: t("apiTokens.admin.open"), icon: IconKey, to: (user) => paths.admin.userApiTokens(user.id), testId: "user-action-api-tokens" }],
      }}
      minWidth={1000}
      testId="users-table"
    />
  );
}

export { UsersPage as Component };
