import { Stack, Text } from "@mantine/core";
import { IconCheck, IconEdit, IconX } from "@tabler/icons-react";
import { licenseRequestStatus, type LicenseRequest } from "@portal/contract";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { createDataTableColumnHelper, type DataTableColumn, type ServerTableOptions } from "@/components/data-table";
import { ListScreen, type ListColumns, type RowAction } from "@/components/list-screen";
import type { QueryParams } from "@/lib/api-client";
import { formatDate, formatNumber } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useApproveLicenseRequest, useCancelLicenseRequest, useLicenseRequests, type LicenseRequestListParams } from "../api/license-requests";
import { FeatureChips } from "./feature-chips";
import { LicenseRequestFormModal } from "./license-request-form-modal";
import { RejectRequestModal } from "./reject-request-modal";
import { RequestStatusBadge } from "./request-status-badge";

type RequestSort = LicenseRequestListParams["sort"];
const table: ServerTableOptions<RequestSort, "q" | "status"> = {
  sortFields: ["createdAt", "status", "quantity"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["q", "status"],
};

/** The list call from the URL's list state; a status the API does not know (a hand-edited URL) is left out. */
function useRequestList(query: QueryParams) {
  return useLicenseRequests({
    page: Number(query.page),
    pageSize: Number(query.pageSize),
    sort: query.sort as RequestSort,
    order: query.order === "asc" ? "asc" : "desc",
    q: typeof query.q === "string" ? query.q : undefined,
    status: licenseRequestStatus.safeParse(query.status).data,
  });
}

/** What a request asks for: the plan's name, or the chosen features as chips. */
function RequestedItems({ request }: { request: LicenseRequest }) {
  const { t } = useTranslation();
  if (request.planName && request.features.length === 0) return <Text size="sm" fw={500}>{request.planName}</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {request.planName ?? t("licenses.requests.customFeatures")}
      </Text>
      <FeatureChips features={request.features} maw={260} />
    </Stack>
  );
}

const column = createDataTableColumnHelper<LicenseRequest>();

const columnsFor =
  (admin: boolean): ListColumns<LicenseRequest> =>
  (t: TFunction, language: string) => {
    const requester: DataTableColumn<LicenseRequest> = column.display({
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
    });
    return [
      column.accessor("createdAt", {
        id: "createdAt",
        header: () => t("licenses.columns.created"),
        enableSorting: true,
        cell: ({ getValue }) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{formatDate(getValue(), language)}</Text>,
      }),
      ...(admin ? [requester] : []),
      column.display({
        id: "items",
        header: () => t("licenses.columns.planOrFeatures"),
        cell: ({ row }) => <RequestedItems request={row.original} />,
      }),
      column.accessor("projectName", {
        id: "project",
        header: () => t("licenses.columns.project"),
        cell: ({ getValue }) => <Text size="sm" c={getValue() ? undefined : "dimmed"}>{getValue() ?? "—"}</Text>,
      }),
      column.accessor("quantity", {
        id: "quantity",
        header: () => t("licenses.columns.quantity"),
        enableSorting: true,
        cell: ({ getValue }) => <Text size="sm">{formatNumber(getValue(), language)}</Text>,
      }),
      column.accessor("status", {
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
      column.accessor("note", {
        id: "note",
        header: () => t("licenses.columns.note"),
        cell: ({ getValue }) => (
          <Text size="sm" c={getValue() ? undefined : "dimmed"} lineClamp={2} maw={240} title={getValue() || undefined}>
            {getValue() || "—"}
          </Text>
        ),
      }),
    ];
  };
const customerColumns = columnsFor(false);
const adminColumns = columnsFor(true);

const pending = (request: LicenseRequest) => request.status === "pending";

/**
 * Licence requests in a server-side table. Customers see theirs and may cancel a pending one; an
 * administrator (who gets every request from the API) sees the requester and approves, rejects or
 * edits pending ones. `showCreate` adds the "request a licence" button and form.
 */
export function LicenseRequestsSection({ admin, showCreate = true }: { admin: boolean; showCreate?: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [rejecting, setRejecting] = useState<LicenseRequest | null>(null);

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

  const cancel: RowAction<LicenseRequest> = {
    id: "cancel",
    label: t("licenses.requests.cancelRequest"),
    color: "red",
    beside: "text",
    when: pending,
    confirm: {
      title: t("licenses.requests.cancelTitle"),
      message: () => t("licenses.requests.cancelMessage"),
      confirmLabel: t("licenses.requests.cancelRequest"),
      cancelLabel: t("licenses.actions.cancel"),
      danger: true,
      useMutation: useCancelLicenseRequest,
      done: () => t("licenses.requests.cancelled"),
      errorIn: "toast",
    },
  };
  const approve: RowAction<LicenseRequest> = {
    id: "approve",
    label: t("licenses.actions.approve"),
    icon: IconCheck,
    color: "teal",
    beside: "text",
    variant: "light",
    when: pending,
    confirm: {
      title: t("licenses.requests.approveTitle"),
      message: (request) =>
        t("licenses.requests.approveMessage", {
          count: request.quantity,
          plan: request.planName ?? t("licenses.requests.customFeatures"),
          email: request.requester.email,
        }),
      confirmLabel: t("licenses.actions.approve"),
      cancelLabel: t("licenses.actions.cancel"),
      color: "teal",
      useMutation: useApproveLicenseRequest,
      done: (_request, approved: LicenseRequest) => t("licenses.requests.approved", { count: approved.licenseIds.length }),
      errorIn: "toast",
    },
  };
  const edit: RowAction<LicenseRequest> = { id: "edit", label: t("licenses.actions.edit"), icon: IconEdit, when: pending, to: (request) => paths.licenseRequestEdit(request.id) };
  const reject: RowAction<LicenseRequest> = { id: "reject", label: t("licenses.actions.reject"), icon: IconX, color: "red", when: pending, onClick: setRejecting };

  return (
    <>
      <ListScreen
        table={table}
        useList={useRequestList}
        columns={admin ? adminColumns : customerColumns}
        texts={{
          tableLabel: admin ? t("licenses.requests.tableLabelAll") : t("licenses.requests.tableLabel"),
          emptyTitle: t("licenses.requests.emptyTitle"),
          emptyDescription: admin ? t("licenses.requests.emptyDescriptionAdmin") : t("licenses.requests.emptyDescription"),
        }}
        search={admin ? { label: t("licenses.requests.search"), placeholder: t("licenses.requests.searchPlaceholder") } : undefined}
        filters={[
          {
            param: "status",
            label: t("licenses.filters.status"),
            allLabel: t("licenses.filters.allStatuses"),
            options: licenseRequestStatus.options.map((status) => ({ value: status, label: t(`licenses.requestStatus.${status}`) })),
            testId: "request-status-filter",
          },
        ]}
        create={showCreate ? { label: t("licenses.requests.new"), onClick: () => setFormOpen(true), inFilterRow: true } : undefined}
        rowActions={{
          as: "menu",
          header: t("licenses.columns.actions"),
          label: (request) => t("licenses.actions.moreFor", { email: request.requester.email }),
          items: admin ? [approve, edit, reject] : [cancel],
        }}
        rowName={(request) => request.requester.email}
        minWidth={admin ? 1080 : 900}
        testId="license-requests-table"
      />
      {admin && <RejectRequestModal request={rejecting} onClose={() => setRejecting(null)} />}
      {showCreate && (
        <LicenseRequestFormModal key={initialPlanId ?? "new"} opened={formOpen} onClose={() => setFormOpen(false)} initialPlanId={initialPlanId} />
      )}
    </>
  );
}
