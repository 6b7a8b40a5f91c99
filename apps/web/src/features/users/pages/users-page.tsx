import { Badge, Group, NativeSelect, Stack, Text, ThemeIcon, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconMinus, IconShieldCheck, type Icon } from "@tabler/icons-react";
import { userSortFields, userStatus, type User, type UserStatus } from "@portal/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  createDataTableColumnHelper,
  DataTable,
  DataTableSearch,
  useServerTable,
  type DataTableColumn,
  type ServerTableOptions,
} from "@/components/data-table";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/lib/auth";
import { useUsers } from "../api/list-users";
import type { UserAction } from "../api/user-actions";
import { UserActionDialog } from "../components/user-action-dialog";
import { displayName, UserActionsMenu } from "../components/user-actions-menu";
import { UserStatusBadge } from "../components/user-status-badge";

type SortField = (typeof userSortFields)[number];

const tableOptions: ServerTableOptions<SortField, "q" | "status"> = {
  sortFields: userSortFields,
  defaultSort: "d_created",
  defaultOrder: "desc",
  filters: ["q", "status"],
};

const column = createDataTableColumnHelper<User>();

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

function isStatus(value: string | undefined): value is UserStatus {
  return (userStatus.options as readonly string[]).includes(value ?? "");
}

/** admin/users: every account, sorted, paged and searched on the server, with the admin's actions. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const { data: me } = useUser();
  const table = useServerTable(tableOptions);
  const status = isStatus(table.filters.status) ? table.filters.status : undefined;
  const list = useUsers(table.query);
  const [target, setTarget] = useState<{ user: User; action: UserAction } | null>(null);

  const language = i18n.resolvedLanguage;
  const columns = useMemo<DataTableColumn<User>[]>(() => {
    const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: "medium" });
    return [
      column.accessor("firstname", {
        id: "firstname",
        header: () => t("accounts.users.columns.name"),
        enableSorting: true,
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} truncate="end" maw={170} title={displayName(row.original)}>
              {displayName(row.original)}
            </Text>
            {row.original.id === me?.id && (
              <Badge size="xs" variant="outline" style={{ flexShrink: 0 }} styles={{ label: { overflow: "visible" } }}>
                {t("accounts.users.you")}
              </Badge>
            )}
          </Group>
        ),
      }),
      column.accessor("email", {
        id: "email",
        header: () => t("accounts.users.columns.email"),
        enableSorting: true,
        cell: ({ getValue }) => (
          <Text size="sm" dir="ltr" ta="start" truncate="end" maw={210} title={getValue()}>
            {getValue()}
          </Text>
        ),
      }),
      column.accessor("userName", {
        id: "userName",
        header: () => t("accounts.users.columns.userName"),
        enableSorting: true,
        cell: ({ getValue }) => (
          <Text size="sm" dir="ltr" ta="start" truncate="end" maw={150} title={getValue()}>
            {getValue()}
          </Text>
        ),
      }),
      column.accessor("status", {
        id: "status",
        header: () => t("accounts.users.columns.status"),
        enableSorting: true,
        cell: ({ getValue }) => <UserStatusBadge status={getValue()} />,
      }),
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
            {dateFormat.format(new Date(getValue()))}
          </Text>
        ),
      }),
      column.display({
        id: "actions",
        meta: { sticky: "end" },
        header: () => <VisuallyHidden>{t("accounts.users.columns.actions")}</VisuallyHidden>,
        cell: ({ row }) => (
          <Group justify="flex-end">
            <UserActionsMenu user={row.original} onChoose={(action) => setTarget({ user: row.original, action })} />
          </Group>
        ),
      }),
    ];
  }, [t, language, me?.id]);

  return (
    <>
      <PageHeader title={t("pages.admin.users.title")} description={t("accounts.users.subtitle")} />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DataTableSearch table={table} label={t("accounts.users.search")} style={{ flex: "1 1 260px" }} maw={420} data-testid="users-search" />
          <NativeSelect
            aria-label={t("accounts.users.statusFilter")}
            value={status ?? ""}
            onChange={(event) => table.setFilter("status", event.currentTarget.value)}
            w={{ base: "100%", xs: 200 }}
            data-testid="users-status-filter"
          >
            <option value="">{t("accounts.users.allStatuses")}</option>
            {userStatus.options.map((option) => (
              <option key={option} value={option}>
                {t(`accounts.users.status.${option}`)}
              </option>
            ))}
          </NativeSelect>
        </Group>
        <DataTable
          table={table}
          columns={columns}
          data={list.data?.items}
          total={list.data?.total}
          isLoading={list.isPending}
          isFetching={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          label={t("accounts.users.tableLabel")}
          getRowId={(user) => user.id}
          emptyTitle={t("accounts.users.emptyTitle")}
          emptyDescription={t("accounts.users.emptyDescription")}
          minWidth={1000}
          testId="users-table"
        />
      </Stack>
      <UserActionDialog target={target} currentUserId={me?.id} onClose={() => setTarget(null)} />
    </>
  );
}

export { UsersPage as Component };
