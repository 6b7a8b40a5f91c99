import { Anchor, Text } from "@mantine/core";
import type { DemoRequest } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { ListScreen, type ListColumns } from "@/components/list-screen";
import { relativeTime } from "@/lib/relative-time";
import { useDemoRequests } from "../api/demo-requests";

const table: ServerTableOptions<"createdAt" | "email" | "name" | "company" | "product", "q"> = {
  sortFields: ["createdAt", "email", "name", "company", "product"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["q"],
};

function Optional({ text, maw }: { text: string | null; maw?: number }) {
  const { t } = useTranslation();
  return text ? (
    <Text size="sm" lineClamp={2} maw={maw}>
      {text}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t("faq.demoRequests.none")}
    </Text>
  );
}

const column = createDataTableColumnHelper<DemoRequest>();
const columns: ListColumns<DemoRequest> = (t, language) => [
  column.accessor("createdAt", {
    id: "createdAt",
    header: () => t("faq.demoRequests.columns.received"),
    enableSorting: true,
    cell: ({ row }) => (
      <Text size="sm" title={new Date(row.original.createdAt).toLocaleString(language)} style={{ whiteSpace: "nowrap" }}>
        {relativeTime(row.original.createdAt, language)}
      </Text>
    ),
  }),
  column.accessor("email", {
    id: "email",
    header: () => t("faq.demoRequests.columns.email"),
    enableSorting: true,
    cell: ({ row }) => (
      <Anchor href={`mailto:${row.original.email}`} size="sm" dir="ltr">
        {row.original.email}
      </Anchor>
    ),
  }),
  column.accessor("name", { id: "name", header: () => t("faq.demoRequests.columns.name"), enableSorting: true, cell: ({ row }) => <Optional text={row.original.name} maw={180} /> }),
  column.accessor("company", { id: "company", header: () => t("faq.demoRequests.columns.company"), enableSorting: true, cell: ({ row }) => <Optional text={row.original.company} maw={180} /> }),
  column.accessor("product", { id: "product", header: () => t("faq.demoRequests.columns.product"), enableSorting: true, cell: ({ row }) => <Optional text={row.original.product} maw={180} /> }),
  column.accessor("message", { id: "message", header: () => t("faq.demoRequests.columns.message"), cell: ({ row }) => <Optional text={row.original.message} maw={320} /> }),
];

/** /faq/demo-requests (admin): the demo requests sent from the FAQ, newest first; paged, sorted and searched on the server. */
export function DemoRequestsPage() {
  const { t } = useTranslation();
  return (
    <ListScreen
      title={t("faq.demoRequests.title")}
      description={t("faq.demoRequests.description")}
      table={table}
      useList={useDemoRequests}
      columns={columns}
      texts={{ tableLabel: t("faq.demoRequests.tableLabel"), emptyTitle: t("faq.demoRequests.emptyTitle"), emptyDescription: t("faq.demoRequests.emptyDescription") }}
      search={{ label: t("faq.demoRequests.search"), testId: "demo-requests-search" }}
      rowName={(request) => request.email}
      minWidth={960}
      testId="demo-requests-table"
    />
  );
}

export { DemoRequestsPage as Component };
