import { ActionIcon, Anchor, Badge, Group, Menu, Select, Stack, Text, Tooltip } from "@mantine/core";
import { IconDots, IconDownload, IconEye, IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import { licenseStatus, type License } from "@portal/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { createDataTableColumnHelper, DataTable, DataTableSearch, useServerTable, type DataTableColumn } from "@/components/data-table";
import { LicenseKey } from "@/components/license-key";
import { LicenseStatusBadge } from "@/components/license-status-badge";
import { useUser } from "@/lib/auth";
import { licenseFileDownload } from "../api/download-license-file";
import { useLicenses, type LicenseListParams } from "../api/list-licenses";
import { useProjectsLookup } from "../api/lookups";
import { formatDate } from "@/lib/format";
import { useDownload } from "@/lib/use-download";
import { isPast } from "../lib/format";
import { ActionsHeader } from "./actions-header";
import { LicenseActivationToggle, type ActivationTarget } from "./license-activation-toggle";
import { LicenseDetailDrawer } from "./license-detail-drawer";
import { OwnerFilter } from "./owner-filter";

const columnHelper = createDataTableColumnHelper<License>();

export type LicensesScope = "mine" | "all";

const optionsFor = (scope: LicensesScope) => ({
  sortFields: ["issuedAt", "expiresAt", "status", "planName"] as const,
  defaultSort: "issuedAt" as const,
  defaultOrder: "desc" as const,
  filters: (scope === "all" ? ["q", "status", "ownerId"] : ["q", "status", "projectId"]) as ("q" | "status" | "ownerId" | "projectId")[],
});
const mineOptions = optionsFor("mine");
const allOptions = optionsFor("all");

/** Features as chips: the first three, then "+n". */
function FeatureChips({ features }: { features: License["features"] }) {
  const shown = features.slice(0, 3);
  const rest = features.length - shown.length;
  if (features.length === 0) return null;
  return (
    <Group gap={4} maw={260}>
      {shown.map((feature) => (
        <Badge key={feature.id} variant="outline" size="xs" radius="sm" tt="none">
          {feature.name}
        </Badge>
      ))}
      {rest > 0 && (
        <Tooltip label={features.slice(3).map((feature) => feature.name).join(", ")} withArrow>
          <Badge variant="light" size="xs" radius="sm" tt="none">
            +{rest}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * Issued licences in a server-side table with a detail drawer (`?license=<id>`). "mine": the
 * signed-in user's licences (also for an administrator, through the owner filter); "all": every
 * licence, with the owner column and filter and deactivate/reactivate (administrators).
 */
export function LicensesSection({ scope }: { scope: LicensesScope }) {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const admin = scope === "all" && user?.isAdmin === true;
  const table = useServerTable(scope === "all" ? allOptions : mineOptions);
  const projects = useProjectsLookup(scope === "mine");
  const [search, setSearch] = useSearchParams();
  const [toggling, setToggling] = useState<ActivationTarget | null>(null);
  const download = useDownload();

  const params: LicenseListParams = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    order: table.order,
    q: table.filters.q,
    status: licenseStatus.safeParse(table.filters.status).data,
    ...(scope === "mine" ? { ownerId: user?.id, projectId: table.filters.projectId } : { ownerId: table.filters.ownerId }),
  };
  const list = useLicenses(params);

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

  const columns = useMemo<DataTableColumn<License>[]>(
    () => [
      columnHelper.accessor("key", {
        id: "key",
        header: () => (admin ? t("licenses.columns.keyAndOwner") : t("licenses.columns.key")),
        cell: ({ row }) =>
          admin ? (
            // The owner sits under the key: one column less, so the admin table fits a laptop screen.
            <Stack gap={2} align="flex-start">
              <LicenseKey value={row.original.key} size="xs" />
              <Anchor
                component="button"
                type="button"
                size="xs"
                dir="ltr"
                maw={280}
                truncate
                display="block"
                ps={8}
                title={t("licenses.filters.onlyOwner", { email: row.original.ownerEmail })}
                onClick={() => table.setFilter("ownerId", row.original.ownerId)}
                data-testid="license-owner"
              >
                {row.original.ownerEmail}
              </Anchor>
            </Stack>
          ) : (
            <LicenseKey value={row.original.key} size="xs" />
          ),
      }),
      columnHelper.accessor("planName", {
        id: "planName",
        header: () => t("licenses.columns.plan"),
        enableSorting: true,
        cell: ({ row }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {row.original.planName}
            </Text>
            <FeatureChips features={row.original.features} />
          </Stack>
        ),
      }),
      columnHelper.accessor("projectName", {
        id: "project",
        header: () => t("licenses.columns.project"),
        cell: ({ getValue }) => <Text size="sm" c={getValue() ? undefined : "dimmed"}>{getValue() ?? "—"}</Text>,
      }),
      columnHelper.accessor("status", {
        id: "status",
        header: () => t("licenses.columns.status"),
        enableSorting: true,
        cell: ({ getValue }) => <LicenseStatusBadge status={getValue()} />,
      }),
      columnHelper.accessor("issuedAt", {
        id: "issuedAt",
        header: () => t("licenses.columns.issued"),
        enableSorting: true,
        cell: ({ getValue }) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{formatDate(getValue(), i18n.language)}</Text>,
      }),
      columnHelper.accessor("expiresAt", {
        id: "expiresAt",
        header: () => t("licenses.columns.expires"),
        enableSorting: true,
        cell: ({ getValue }) => {
          const expired = isPast(getValue());
          return (
            <Text size="sm" c={expired ? "red" : undefined} style={{ whiteSpace: "nowrap" }} title={expired ? t("licenses.detail.expired") : undefined}>
              {formatDate(getValue(), i18n.language)}
            </Text>
          );
        },
      }),
      columnHelper.display({
        id: "activations",
        header: () => t("licenses.columns.activations"),
        cell: ({ row }) => (
          <Text size="sm" style={{ whiteSpace: "nowrap" }} data-testid="activations">
            {t("licenses.activationsOf", { used: row.original.activations, max: row.original.maxActivations })}
          </Text>
        ),
      }),
      columnHelper.display({
        id: "actions",
        header: () => <ActionsHeader />,
        cell: ({ row }) => {
          const license = row.original;
          return (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <Tooltip label={t("licenses.actions.details")} openDelay={300} withArrow>
                <ActionIcon variant="light" aria-label={t("licenses.actions.details")} onClick={() => openDetails(license.id)}>
                  <IconEye size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={t("licenses.actions.moreFor", { email: license.key })}>
                    <IconDots size={16} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconDownload size={14} aria-hidden />}
                    disabled={license.status === "deactivated"}
                    onClick={() => download.start(licenseFileDownload(license))}
                  >
                    {t("licenses.actions.download")}
                  </Menu.Item>
                  {admin &&
                    (license.status === "deactivated" ? (
                      <Menu.Item leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={() => setToggling({ license, active: true })}>
                        {t("licenses.actions.reactivate")}
                      </Menu.Item>
                    ) : (
                      <Menu.Item color="red" leftSection={<IconPlayerPause size={14} aria-hidden />} onClick={() => setToggling({ license, active: false })}>
                        {t("licenses.actions.deactivate")}
                      </Menu.Item>
                    ))}
                </Menu.Dropdown>
              </Menu>
            </Group>
          );
        },
      }),
    ],
    // openDetails and download only close over stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [admin, t, i18n.language, table.setFilter],
  );

  const statusOptions = licenseStatus.options.map((status) => ({ value: status, label: t(`licenses.status.${status}`) }));

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DataTableSearch
          table={table}
          label={t("licenses.filters.search")}
          placeholder={t("licenses.filters.searchPlaceholder")}
          style={{ flex: "1 1 220px", maxWidth: 360 }}
        />
        <Select
          aria-label={t("licenses.filters.status")}
          placeholder={t("licenses.filters.allStatuses")}
          data={statusOptions}
          value={table.filters.status ?? null}
          onChange={(value) => table.setFilter("status", value)}
          clearable
          w={{ base: "100%", xs: 190 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="license-status-filter"
        />
        {scope === "mine" && (projects.data?.length ?? 0) > 0 && (
          <Select
            aria-label={t("licenses.filters.project")}
            placeholder={t("licenses.filters.allProjects")}
            data={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
            value={table.filters.projectId ?? null}
            onChange={(value) => table.setFilter("projectId", value)}
            clearable
            searchable
            w={{ base: "100%", xs: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {admin && <OwnerFilter value={table.filters.ownerId} onChange={(value) => table.setFilter("ownerId", value)} />}
      </Group>
      <DataTable
        table={table}
        columns={columns}
        data={list.data?.items}
        total={list.data?.total}
        isLoading={list.isPending || !user}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        label={admin ? t("licenses.issued.tableLabelAll") : t("licenses.issued.tableLabel")}
        getRowId={(row) => row.id}
        emptyTitle={t("licenses.issued.emptyTitle")}
        emptyDescription={admin ? t("licenses.issued.emptyDescriptionAdmin") : t("licenses.issued.emptyDescription")}
        minWidth={1000}
        testId="licenses-table"
      />
      <LicenseDetailDrawer licenseId={openId} admin={admin} onClose={() => openDetails(null)} onToggleActive={setToggling} />
      {admin && <LicenseActivationToggle target={toggling} onClose={() => setToggling(null)} />}
    </Stack>
  );
}
