import { Badge, Stack, Text } from "@mantine/core";
import { IconShieldCheck, IconShieldOff } from "@tabler/icons-react";
import { verificationStatuses, type UnavailableReason } from "@portal/contract";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { LicenseKey } from "@/components/license-key";
import { ListScreen, type ListColumns, type ListFilter, type RowAction } from "@/components/list-screen";
import { channelLabel } from "@/components/release-channels";
import type { QueryParams } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useUpdateHistory, type HistoryRow } from "../api/update-history";
import { usePublishedUpdates, useSetVerification } from "../api/updates";
import { CustomerVerificationBadge, LicenseVerificationBadge } from "./update-badges";

type HistorySort = "publishedAt" | "version" | "userName" | "customer" | "licenseKey" | "status";
type HistoryFilter = "q" | "updateId" | "status";

export const historyTable: ServerTableOptions<HistorySort, HistoryFilter> = {
  sortFields: ["publishedAt", "version", "userName", "customer", "licenseKey", "status"],
  defaultSort: "publishedAt",
  defaultOrder: "desc",
  filters: ["q", "updateId", "status"],
};

const column = createDataTableColumnHelper<HistoryRow>();
const nowrap = { whiteSpace: "nowrap" } as const;

/** A row the licence cannot take (not offered, or withdrawn): shown, but in secondary colours. */
export const isSecondary = (row: Pick<HistoryRow, "available" | "yankedAt">) => row.yankedAt !== null || !row.available;

const versionColumn = (t: TFunction, dimUnavailable = false) =>
  column.accessor("version", {
    id: "version",
    header: () => t("updates.columns.version"),
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Text size="sm" fw={600} dir="ltr" style={nowrap} c={dimUnavailable && isSecondary(row.original) ? "dimmed" : undefined}>
        {getValue()}
      </Text>
    ),
  });

/** "Needs feature Reports (REPORTS)", "Beta channel": why a licence is not offered an update. */
export function reasonText(reason: UnavailableReason, t: TFunction): string {
  return reason.kind === "channel"
    ? t("updates.availability.reasonChannel", { channel: channelLabel(reason.channel, t) })
    : t("updates.availability.reasonFeature", { name: `\u2068${reason.featureName}\u2069` });
}

/** Available, Not offered (with each reason), or Withdrawn (yanked after the licence could have it). */
export function AvailabilityCell({ row }: { row: Pick<HistoryRow, "available" | "yankedAt" | "unavailableReasons"> }) {
  const { t, i18n } = useTranslation();
  const unclipped = { root: { overflow: "visible" }, label: { overflow: "visible" } };
  if (row.yankedAt) {
    return (
      <Stack gap={2} align="flex-start" data-testid="availability" data-availability="withdrawn">
        <Badge color="gray" variant="outline" styles={unclipped}>
          {t("updates.availability.withdrawn")}
        </Badge>
        <Text size="xs" c="dimmed" style={nowrap}>
          {t("updates.availability.withdrawnOn", { date: formatDate(row.yankedAt, i18n.resolvedLanguage ?? "en") })}
        </Text>
      </Stack>
    );
  }
  if (row.available) {
    return (
      <Badge color="teal" variant="light" styles={unclipped} data-testid="availability" data-availability="available">
        {t("updates.availability.available")}
      </Badge>
    );
  }
  const reasons = row.unavailableReasons ?? [];
  return (
    <Stack gap={2} align="flex-start" data-testid="availability" data-availability="not-offered">
      <Badge color="yellow" variant="outline" styles={unclipped}>
        {t("updates.availability.notOffered")}
      </Badge>
      {reasons.length > 0 && (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {reasons.map((reason) => (
            <Text key={reason.kind === "channel" ? `channel-${reason.channel}` : reason.featureId} component="li" size="xs" c="dimmed" data-testid="availability-reason">
              {reasonText(reason, t)}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
const publishedColumn = (t: TFunction, language: string) =>
  column.accessor("publishedAt", {
    id: "publishedAt",
    header: () => t("updates.columns.published"),
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" style={nowrap}>
        {formatDate(getValue(), language)}
      </Text>
    ),
  });
const licenseColumn = (t: TFunction) =>
  column.accessor("licenseKey", { id: "licenseKey", header: () => t("updates.columns.licenseKey"), enableSorting: true, cell: ({ getValue }) => <LicenseKey value={getValue()} size="xs" /> });
/** The licence's verification, then the customer's over all of their licences ("Customer status", or for the customer "All your licences"). */
const statusColumns = (t: TFunction, overall: "customerStatus" | "ownStatus") => [
  column.accessor("status", { id: "status", header: () => t("updates.columns.licenseStatus"), enableSorting: true, cell: ({ getValue }) => <LicenseVerificationBadge status={getValue()} /> }),
  column.accessor("customerStatus", { id: "customerStatus", header: () => t(`updates.columns.${overall}`), cell: ({ getValue }) => <CustomerVerificationBadge status={getValue()} /> }),
];

/** Every customer's row: who, which licence, which update, both verification levels (the date is the updates list's). */
export const adminHistoryColumns: ListColumns<HistoryRow> = (t) => [
  column.accessor("userName", {
    id: "userName",
    header: () => t("updates.columns.userName"),
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" dir="ltr" ta="start" truncate="end" maw={160} title={getValue()}>
        {getValue()}
      </Text>
    ),
  }),
  column.accessor("customer", {
    id: "customer",
    header: () => t("updates.columns.customer"),
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" truncate="end" maw={180} title={getValue()}>
        <bdi>{getValue()}</bdi>
      </Text>
    ),
  }),
  licenseColumn(t),
  versionColumn(t),
  ...statusColumns(t, "customerStatus"),
];

/**
 * The customer's own rows: the update (with its header), the licence, whether it is offered to that
 * licence (and why not), the verification. Updates not offered or withdrawn are in secondary colours.
 */
export const customerHistoryColumns: ListColumns<HistoryRow> = (t, language) => [
  versionColumn(t, true),
  column.accessor("header", {
    id: "header",
    header: () => t("updates.columns.header"),
    cell: ({ row, getValue }) => (
      <Text size="sm" lineClamp={2} maw={280} c={isSecondary(row.original) ? "dimmed" : undefined}>
        <bdi>{getValue()}</bdi>
      </Text>
    ),
  }),
  publishedColumn(t, language),
  licenseColumn(t),
  column.display({ id: "availability", header: () => t("updates.availability.column"), cell: ({ row }) => <AvailabilityCell row={row.original} /> }),
  ...statusColumns(t, "ownStatus"),
];

/** The customer's list asks for the updates not offered too (`include=unavailable`), each with why. */
export const useCustomerUpdateHistory = (query: QueryParams) => useUpdateHistory({ ...query, include: "unavailable" });

/** Status for everyone; the update too for administrators (the list of updates is theirs to read). */
function useHistoryFilters(t: TFunction, admin: boolean): ListFilter<HistoryFilter>[] {
  const published = usePublishedUpdates(admin);
  const status: ListFilter<HistoryFilter> = {
    param: "status",
    label: t("updates.history.statusFilter"),
    allLabel: t("updates.history.allStatuses"),
    options: verificationStatuses.map((value) => ({ value, label: t(`updates.verification.${value}`) })),
    testId: "history-status-filter",
  };
  if (!admin) return [status];
  return [
    {
      param: "updateId",
      label: t("updates.history.updateFilter"),
      allLabel: t("updates.history.allUpdates"),
      options: (published.data?.items ?? []).map((update) => ({ value: update.id, label: update.version ?? update.id })),
      testId: "history-update-filter",
    },
    status,
  ];
}

const rowName = (row: HistoryRow) => `${row.version} · ${row.licenseKey}`;

/**
 * The update history (spec section 3: username, customer, licence key, version, verification status),
 * sorted and paged on the server. `admin`: every customer's licences, with Verify and (confirmed)
 * Revoke verification per row; otherwise the signed-in customer's own.
 */
export function HistoryList({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const filters = useHistoryFilters(t, admin);
  const verification = useSetVerification();
  const verify: RowAction<HistoryRow> = {
    id: "verify",
    label: t("updates.verify.action"),
    icon: IconShieldCheck,
    color: "teal",
    when: (row) => row.status === "not_verified",
    testId: "history-verify",
    onClick: (row) =>
      verification.mutate(
        { updateId: row.updateId, licenseId: row.licenseId, verified: true },
        { onSuccess: () => notifySuccess(t("updates.verify.done")), onError: (error) => void notifyError(error) },
      ),
  };
  const revoke: RowAction<HistoryRow> = {
    id: "revoke",
    label: t("updates.verify.revoke"),
    icon: IconShieldOff,
    color: "red",
    when: (row) => row.status === "verified",
    testId: "history-revoke",
    confirm: {
      title: t("updates.verify.revokeTitle"),
      message: (row) => t("updates.verify.revokeText", { version: row.version, key: row.licenseKey, customer: row.customer }),
      confirmLabel: t("updates.verify.revoke"),
      danger: true,
      useMutation: useSetVerification,
      variables: (row) => ({ updateId: row.updateId, licenseId: row.licenseId, verified: false }),
      done: () => t("updates.verify.revoked"),
      testId: "history-revoke-dialog",
      confirmTestId: "history-revoke-confirm",
    },
  };
  return (
    <ListScreen
      table={historyTable}
      useList={admin ? useUpdateHistory : useCustomerUpdateHistory}
      columns={admin ? adminHistoryColumns : customerHistoryColumns}
      texts={{
        tableLabel: t("updates.history.tableLabel"),
        emptyTitle: t(admin ? "updates.history.adminEmptyTitle" : "updates.history.emptyTitle"),
        emptyDescription: t(admin ? "updates.history.adminEmptyDescription" : "updates.history.emptyDescription"),
      }}
      search={{ label: t(admin ? "updates.history.adminSearch" : "updates.history.search"), testId: "history-search" }}
      filters={filters}
      rowName={rowName}
      rowActions={admin ? { header: t("updates.columns.actions"), label: (row) => t("updates.history.actionsFor", { name: rowName(row) }), items: [verify, revoke] } : undefined}
      minWidth={admin ? 1000 : 1080}
      testId={admin ? "admin-history-table" : "history-table"}
    />
  );
}
