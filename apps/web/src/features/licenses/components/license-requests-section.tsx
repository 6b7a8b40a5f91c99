import { ActionIcon, Badge, Button, Group, Menu, Select, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconDots, IconEdit, IconPlus, IconX } from "@tabler/icons-react";
import { licenseRequestStatus, type LicenseRequest } from "@portal/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { createDataTableColumnHelper, DataTable, DataTableSearch, useServerTable, type DataTableColumn } from "@/components/data-table";
import { notifyError, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useApproveLicenseRequest, useCancelLicenseRequest } from "../api/decide-license-request";
import { useLicenseRequests, type LicenseRequestListParams } from "../api/list-license-requests";
import { formatDate, formatNumber } from "@/lib/format";
import { ActionsHeader } from "./actions-header";
import { ConfirmModal } from "./confirm-modal";
import { LicenseRequestFormModal } from "./license-request-form-modal";
import { RejectRequestModal } from "./reject-request-modal";
import { RequestStatusBadge } from "./request-status-badge";

const tableOptions = {
  sortFields: ["createdAt", "status", "quantity"] as const,
  defaultSort: "createdAt" as const,
  defaultOrder: "desc" as const,
  filters: ["q", "status"] as const,
};

const columnHelper = createDataTableColumnHelper<LicenseRequest>();

type Pending = { kind: "cancel" | "approve"; request: LicenseRequest } | null;

/** What a request asks for: the plan's name, or the chosen features as chips. */
function RequestedItems({ request }: { request: LicenseRequest }) {
  const { t } = useTranslation();
  if (request.planName && request.features.length === 0) return <Text size="sm" fw={500}>{request.planName}</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {request.planName ?? t("licenses.requests.customFeatures")}
      </Text>
      <Group gap={4} maw={260}>
        {request.features.map((feature) => (
          <Badge key={feature.id} variant="outline" size="xs" radius="sm" tt="none">
            {feature.name}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * Licence requests in a server-side table. Customers see theirs and may cancel a pending one; an
 * administrator (who gets every request from the API) sees the requester and approves, rejects or
 * edits pending ones. `showCreate` adds the "request a licence" button and form.
 */
export function LicenseRequestsSection({ admin, showCreate = true }: { admin: boolean; showCreate?: boolean }) {
  const { t, i18n } = useTranslation();
  const table = useServerTable(tableOptions);
  const params: LicenseRequestListParams = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    order: table.order,
    q: table.filters.q,
    status: licenseRequestStatus.safeParse(table.filters.status).data,
  };
  const list = useLicenseRequests(params);
  const [search, setSearch] = useSearchParams();
  const [pending, setPending] = useState<Pending>(null);
  const [rejecting, setRejecting] = useState<LicenseRequest | null>(null);
  const cancel = useCancelLicenseRequest();
  const approve = useApproveLicenseRequest();

  // `?request=new` (optionally `&planId=…`) opens the form: the pricing pages can link straight to it.
  const formOpen = showCreate && search.get("request") === "new";
  const initialPlanId = search.get("planId") ?? undefined;
  const setFormOpen = (open: boolean) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (open) next.set("request", "new");
        else {
          next.delete("request");
          next.delete("planId");
        }
        return next;
      },
      { replace: !open, preventScrollReset: true },
    );

  const columns = useMemo<DataTableColumn<LicenseRequest>[]>(() => {
    const all: DataTableColumn<LicenseRequest>[] = [
      columnHelper.accessor("createdAt", {
        id: "createdAt",
        header: () => t("licenses.columns.created"),
        enableSorting: true,
        cell: ({ getValue }) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{formatDate(getValue(), i18n.language)}</Text>,
      }),
      ...(admin
        ? [
            columnHelper.display({
              id: "requester",
              header: () => t("licenses.columns.requester"),
              cell: ({ row }) => (
                <Stack gap={0} maw={220}>
                  <Text size="sm" fw={500} truncate>
                    {`${row.original.requester.firstname} ${row.original.requester.lastname}`.trim()}
                  </Text>
                  <Text size="xs" c="dimmed" truncate dir="ltr" ta="start">
                    {row.original.requester.email}
                  </Text>
                </Stack>
              ),
            }),
          ]
        : []),
      columnHelper.display({
        id: "items",
        header: () => t("licenses.columns.planOrFeatures"),
        cell: ({ row }) => <RequestedItems request={row.original} />,
      }),
      columnHelper.accessor("projectName", {
        id: "project",
        header: () => t("licenses.columns.project"),
        cell: ({ getValue }) => <Text size="sm" c={getValue() ? undefined : "dimmed"}>{getValue() ?? "—"}</Text>,
      }),
      columnHelper.accessor("quantity", {
        id: "quantity",
        header: () => t("licenses.columns.quantity"),
        enableSorting: true,
        cell: ({ getValue }) => <Text size="sm">{formatNumber(getValue(), i18n.language)}</Text>,
      }),
      columnHelper.accessor("status", {
        id: "status",
        header: () => t("licenses.columns.status"),
        enableSorting: true,
        cell: ({ row }) => (
          <Stack gap={4} align="flex-start" maw={240}>
            <RequestStatusBadge status={row.original.status} />
            {row.original.status === "rejected" && row.original.rejectReason && (
              <Text size="xs" c="dimmed" lineClamp={3} title={row.original.rejectReason} data-testid="reject-reason">
                {t("licenses.requests.reasonLabel", { reason: row.original.rejectReason })}
              </Text>
            )}
          </Stack>
        ),
      }),
      columnHelper.accessor("note", {
        id: "note",
        header: () => t("licenses.columns.note"),
        cell: ({ getValue }) => (
          <Text size="sm" c={getValue() ? undefined : "dimmed"} lineClamp={2} maw={240} title={getValue() || undefined}>
            {getValue() || "—"}
          </Text>
        ),
      }),
      columnHelper.display({
        id: "actions",
        header: () => <ActionsHeader />,
        cell: ({ row }) => {
          const request = row.original;
          if (request.status !== "pending") return null;
          if (!admin) {
            return (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setPending({ kind: "cancel", request })}>
                {t("licenses.requests.cancelRequest")}
              </Button>
            );
          }
          return (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <Button
                size="compact-sm"
                variant="light"
                color="teal"
                leftSection={<IconCheck size={14} aria-hidden />}
                onClick={() => setPending({ kind: "approve", request })}
              >
                {t("licenses.actions.approve")}
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Tooltip label={t("licenses.actions.more")} openDelay={300}>
                    <ActionIcon variant="subtle" aria-label={t("licenses.actions.moreFor", { email: request.requester.email })}>
                      <IconDots size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconEdit size={14} aria-hidden />} component={Link} to={paths.licenseRequestEdit(request.id)}>
                    {t("licenses.actions.edit")}
                  </Menu.Item>
                  <Menu.Item color="red" leftSection={<IconX size={14} aria-hidden />} onClick={() => setRejecting(request)}>
                    {t("licenses.actions.reject")}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          );
        },
      }),
    ];
    return all;
  }, [admin, t, i18n.language]);

  const confirm = () => {
    if (!pending) return;
    const { kind, request } = pending;
    const mutation = kind === "cancel" ? cancel : approve;
    mutation.mutate(request.id, {
      onSuccess: (updated) => {
        notifySuccess(
          kind === "cancel" ? t("licenses.requests.cancelled") : t("licenses.requests.approved", { count: updated.licenseIds.length }),
        );
        setPending(null);
      },
      onError: (error) => {
        notifyError(error);
        setPending(null);
      },
    });
  };

  const statusOptions = licenseRequestStatus.options.map((status) => ({ value: status, label: t(`licenses.requestStatus.${status}`) }));
  const createButton = showCreate ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setFormOpen(true)}>
      {t("licenses.requests.new")}
    </Button>
  ) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: "1 1 320px" }}>
          {admin && (
            <DataTableSearch
              table={table}
              label={t("licenses.requests.search")}
              placeholder={t("licenses.requests.searchPlaceholder")}
              style={{ flex: "1 1 220px", maxWidth: 360 }}
            />
          )}
          <Select
            aria-label={t("licenses.filters.status")}
            placeholder={t("licenses.filters.allStatuses")}
            data={statusOptions}
            value={table.filters.status ?? null}
            onChange={(value) => table.setFilter("status", value)}
            clearable
            w={{ base: "100%", xs: 200 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="request-status-filter"
          />
        </Group>
        {createButton}
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
        label={admin ? t("licenses.requests.tableLabelAll") : t("licenses.requests.tableLabel")}
        getRowId={(row) => row.id}
        emptyTitle={t("licenses.requests.emptyTitle")}
        emptyDescription={admin ? t("licenses.requests.emptyDescriptionAdmin") : t("licenses.requests.emptyDescription")}
        emptyAction={createButton}
        minWidth={admin ? 1080 : 900}
        testId="license-requests-table"
      />

      <ConfirmModal
        opened={pending !== null}
        title={pending?.kind === "approve" ? t("licenses.requests.approveTitle") : t("licenses.requests.cancelTitle")}
        message={
          pending?.kind === "approve"
            ? t("licenses.requests.approveMessage", {
                count: pending.request.quantity,
                plan: pending.request.planName ?? t("licenses.requests.customFeatures"),
                email: pending.request.requester.email,
              })
            : t("licenses.requests.cancelMessage")
        }
        confirmLabel={pending?.kind === "approve" ? t("licenses.actions.approve") : t("licenses.requests.cancelRequest")}
        color={pending?.kind === "approve" ? "teal" : "red"}
        loading={cancel.isPending || approve.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
      {admin && <RejectRequestModal request={rejecting} onClose={() => setRejecting(null)} />}
      {showCreate && (
        <LicenseRequestFormModal key={initialPlanId ?? "new"} opened={formOpen} onClose={() => setFormOpen(false)} initialPlanId={initialPlanId} />
      )}
    </Stack>
  );
}

