import { Anchor, Stack, Text } from "@mantine/core";
import { IconDownload, IconEye, IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import { licenseStatus, licenseType, type License } from "@portal/contract";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { createDataTableColumnHelper, useServerTable, type ServerTableOptions } from "@/components/data-table";
import { LicenseKey } from "@/components/license-key";
import { LicenseStatusBadge } from "@/components/license-status-badge";
import { ListScreen, type ListColumns, type ListFilter, type RowAction } from "@/components/list-screen";
import type { QueryParams } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { formatDate } from "@/lib/format";
import { useDownload } from "@/lib/use-download";
import { licenseFileDownload, useLicenses, type LicenseListParams } from "../api/licenses";
import { useProjectsLookup } from "../api/lookups";
import { isExpired } from "../lib/policy";
import { FeatureChips } from "./feature-chips";
import { LicenseActivationToggle, type ActivationTarget } from "./license-activation-toggle";
import { LicenseDetailDrawer } from "./license-detail-drawer";
import { FloatingSeats, LicenseStateBadges } from "./license-state-badges";
import { OwnerFilter } from "./owner-filter";

export type LicensesScope = "mine" | "all";

type LicenseSort = LicenseListParams["sort"];
const sortFields: LicenseSort[] = ["issuedAt", "expiresAt", "status", "planName"];
const mineTable: ServerTableOptions<LicenseSort, "q" | "status" | "type" | "projectId"> = {
  sortFields,
  defaultSort: "issuedAt",
  defaultOrder: "desc",
  filters: ["q", "status", "type", "projectId"],
};
const allTable: ServerTableOptions<LicenseSort, "q" | "status" | "type" | "ownerId"> = { ...mineTable, filters: ["q", "status", "type", "ownerId"] };

/** The list call from the URL's list state; a status or type the API does not know (a hand-edited URL) is left out. */
function listParams(query: QueryParams): LicenseListParams {
  const text = (key: string) => (typeof query[key] === "string" ? query[key] : undefined);
  return {
    page: Number(query.page),
    pageSize: Number(query.pageSize),
    sort: query.sort as LicenseSort,
    order: query.order === "asc" ? "asc" : "desc",
    q: text("q"),
    status: licenseStatus.safeParse(query.status).data,
    type: licenseType.safeParse(query.type).data,
    projectId: text("projectId"),
    ownerId: text("ownerId"),
  };
}

const useAllLicenses = (query: QueryParams) => useLicenses(listParams(query));

/** The signed-in user's licences (an administrator's too, who would otherwise get everyone's). */
function useMyLicenses(query: QueryParams) {
  const { data: user } = useUser();
  const list = useLicenses({ ...listParams(query), ownerId: user?.id });
  return { data: list.data, isPending: list.isPending || !user, isFetching: list.isFetching, error: list.error, refetch: list.refetch };
}

/** The owner under the key (administrators): a click lists only that owner's licences. */
function OwnerLink({ license }: { license: License }) {
  const { t } = useTranslation();
  const table = useServerTable(allTable);
  return (
    <Anchor
      component="button"
      type="button"
      size="xs"
      dir="ltr"
      maw={280}
      truncate
      display="block"
      ps={8}
      title={t("licenses.filters.onlyOwner", { email: license.ownerEmail })}
      onClick={() => table.setFilter("ownerId", license.ownerId)}
      data-testid="license-owner"
    >
      {license.ownerEmail}
    </Anchor>
  );
}

function ListOwnerFilter() {
  const table = useServerTable(allTable);
  return <OwnerFilter value={table.filters.ownerId} onChange={(value) => table.setFilter("ownerId", value)} />;
}

const column = createDataTableColumnHelper<License>();

const columnsFor =
  (admin: boolean): ListColumns<License> =>
  (t: TFunction, language: string) => [
    column.accessor("key", {
      id: "key",
      header: () => (admin ? t("licenses.columns.keyAndOwner") : t("licenses.columns.key")),
      cell: ({ row }) =>
        admin ? (
          // The owner sits under the key: one column less, so the admin table fits a laptop screen.
          <Stack gap={2} align="flex-start">
            <LicenseKey value={row.original.key} size="xs" />
            <OwnerLink license={row.original} />
          </Stack>
        ) : (
          <LicenseKey value={row.original.key} size="xs" />
        ),
    }),
    column.accessor("planName", {
      id: "planName",
      header: () => t("licenses.columns.plan"),
      enableSorting: true,
      cell: ({ row }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {row.original.planName}
          </Text>
          <FeatureChips features={row.original.features} limit={3} maw={260} />
        </Stack>
      ),
    }),
    column.accessor("projectName", {
      id: "project",
      header: () => t("licenses.columns.project"),
      cell: ({ getValue }) => <Text size="sm" c={getValue() ? undefined : "dimmed"}>{getValue() ?? "—"}</Text>,
    }),
    column.accessor("status", {
      id: "status",
      header: () => t("licenses.columns.status"),
      enableSorting: true,
      // The status, then what the policy adds: a trial's days left, an expiry (seats have their column).
      cell: ({ row }) => (
        <LicenseStateBadges license={row.original} floating={false}>
          <LicenseStatusBadge status={row.original.status} />
        </LicenseStateBadges>
      ),
    }),
    column.accessor("issuedAt", {
      id: "issuedAt",
      header: () => t("licenses.columns.issued"),
      enableSorting: true,
      cell: ({ getValue }) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{formatDate(getValue(), language)}</Text>,
    }),
    column.accessor("expiresAt", {
      id: "expiresAt",
      header: () => t("licenses.columns.expires"),
      enableSorting: true,
      cell: ({ row }) => {
        const expired = isExpired(row.original);
        return (
          <Text size="sm" c={expired ? "red" : undefined} style={{ whiteSpace: "nowrap" }} title={expired ? t("licenses.detail.expired") : undefined}>
            {formatDate(row.original.expiresAt, language)}
          </Text>
        );
      },
    }),
    column.display({
      id: "activations",
      header: () => t("licenses.columns.activations"),
      // A floating licence counts seats held by live leases, a node-locked one its installations.
      cell: ({ row }) =>
        row.original.floating ? (
          <FloatingSeats seats={row.original.seats} />
        ) : (
          <Text size="sm" style={{ whiteSpace: "nowrap" }} data-testid="activations">
            {t("licenses.activationsOf", { used: row.original.activations, max: row.original.maxActivations })}
          </Text>
        ),
    }),
  ];
const myColumns = columnsFor(false);
const allColumns = columnsFor(true);

/**
 * Issued licences in a server-side table with a detail drawer (`?license=<id>`). "mine": the
 * signed-in user's licences (also for an administrator, through the owner filter); "all": every
 * licence, with the owner column and filter and deactivate/reactivate (administrators).
 */
export function LicensesSection({ scope }: { scope: LicensesScope }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const admin = scope === "all" && user?.isAdmin === true;
  const projects = useProjectsLookup(scope === "mine");
  const [search, setSearch] = useSearchParams();
  const [toggling, setToggling] = useState<ActivationTarget | null>(null);
  const download = useDownload();

  const openId = search.get("license");
  const openDetails = (id: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set("license", id);
        else next.delete("license");
        return next;
      },
      { preventScrollReset: true },
    );

  const status: ListFilter<"status"> = {
    param: "status",
    label: t("licenses.filters.status"),
    allLabel: t("licenses.filters.allStatuses"),
    options: licenseStatus.options.map((value) => ({ value, label: t(`licenses.status.${value}`) })),
    testId: "license-status-filter",
  };
  const type: ListFilter<"type"> = {
    param: "type",
    label: t("licenses.filters.type"),
    allLabel: t("licenses.filters.allTypes"),
    options: licenseType.options.map((value) => ({ value, label: t(`licenses.type.${value}`) })),
    kind: "segmented",
    testId: "license-type-filter",
  };
  const project: ListFilter<"projectId"> = {
    param: "projectId",
    label: t("licenses.filters.project"),
    allLabel: t("licenses.filters.allProjects"),
    options: (projects.data ?? []).map((item) => ({ value: item.id, label: item.name })),
  };

  const actions: RowAction<License>[] = [
    { id: "details", label: t("licenses.actions.details"), icon: IconEye, beside: "icon", variant: "light", onClick: (license) => openDetails(license.id) },
    {
      id: "download",
      label: t("licenses.actions.download"),
      icon: IconDownload,
      disabled: (license) => license.status === "deactivated",
      onClick: (license) => download.start(licenseFileDownload(license)),
    },
  ];
  if (admin) {
    actions.push(
      {
        id: "reactivate",
        label: t("licenses.actions.reactivate"),
        icon: IconPlayerPlay,
        when: (license) => license.status === "deactivated",
        onClick: (license) => setToggling({ license, active: true }),
      },
      {
        id: "deactivate",
        label: t("licenses.actions.deactivate"),
        icon: IconPlayerPause,
        color: "red",
        when: (license) => license.status !== "deactivated",
        onClick: (license) => setToggling({ license, active: false }),
      },
    );
  }

  const common = {
    texts: {
      tableLabel: admin ? t("licenses.issued.tableLabelAll") : t("licenses.issued.tableLabel"),
      emptyTitle: t("licenses.issued.emptyTitle"),
      emptyDescription: admin ? t("licenses.issued.emptyDescriptionAdmin") : t("licenses.issued.emptyDescription"),
    },
    search: { label: t("licenses.filters.search"), placeholder: t("licenses.filters.searchPlaceholder") },
    rowActions: { as: "menu" as const, header: t("licenses.columns.actions"), label: (license: License) => t("licenses.actions.moreFor", { email: license.key }), items: actions },
    rowName: (license: License) => license.key,
    minWidth: 1000,
    testId: "licenses-table",
  };

  return (
    <>
      {scope === "all" ? (
        <ListScreen
          {...common}
          table={allTable}
          useList={useAllLicenses}
          columns={admin ? allColumns : myColumns}
          filters={[status, type]}
          extraFilters={admin && <ListOwnerFilter />}
        />
      ) : (
        <ListScreen
          {...common}
          table={mineTable}
          useList={useMyLicenses}
          columns={myColumns}
          // Only a customer with projects can narrow by one.
          filters={project.options.length > 0 ? [status, type, project] : [status, type]}
        />
      )}
      <LicenseDetailDrawer licenseId={openId} admin={admin} onClose={() => openDetails(null)} onToggleActive={setToggling} />
      {admin && <LicenseActivationToggle target={toggling} onClose={() => setToggling(null)} />}
    </>
  );
}
