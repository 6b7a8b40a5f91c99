import { Text } from "@mantine/core";
import { projectBodySchema, type Project } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { DescriptionCell, deleteAction, editAction, ListScreen, type ListColumns } from "@/components/list-screen";

import { formatDate } from "@/lib/format";
import { useCreateProject } from "../api/create-project";
import { useDeleteProject } from "../api/delete-project";
import { useProjects } from "../api/list-projects";
import { useUpdateProject } from "../api/update-project";

const table: ServerTableOptions<"name" | "createdAt", "q"> = {
  sortFields: ["name", "createdAt"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["q"],
};

const column = createDataTableColumnHelper<Project>();
const columns: ListColumns<Project> = (t, language) => [
  column.accessor("name", {
    id: "name",
    header: () => t("commerce.common.name"),
    enableSorting: true,
    cell: ({ row }) => (
      <Text fw={600} size="sm" dir="auto">
        {row.original.name}
      </Text>
    ),
  }),
  column.accessor("description", { id: "description", header: () => t("commerce.common.description"), cell: ({ row }) => <DescriptionCell text={row.original.description} maw={480} /> }),
  column.accessor("createdAt", {
    id: "createdAt",
    header: () => t("commerce.common.created"),
    enableSorting: true,
    cell: ({ row }) => <span style={{ whiteSpace: "nowrap" }}>{formatDate(row.original.createdAt, language)}</span>,
  }),
];

/** projects: my projects (name, description, created), create, rename, delete (409 while licences hold one). */
export function ProjectsPage() {
  const { t } = useTranslation();
  return (
    <ListScreen
      title={t("pages.projects.title")}
      description={t("commerce.projects.subtitle")}
      table={table}
      useList={useProjects}
      columns={columns}
      texts={{ tableLabel: t("commerce.projects.tableLabel"), emptyTitle: t("commerce.projects.emptyTitle"), emptyDescription: t("commerce.projects.emptyDescription") }}
      search={{ label: t("commerce.common.search") }}
      create={{ label: t("commerce.projects.add") }}
      form={{
        schema: projectBodySchema,
        fields: [
          { name: "name", kind: "text", label: t("commerce.common.name") },
          { name: "description", kind: "textarea", label: t("commerce.common.description") },
        ],
        values: (project) => ({ name: project?.name ?? "", description: project?.description ?? "" }),
        useCreate: useCreateProject,
        useUpdate: useUpdateProject,
        fieldByCode: { "project/name_taken": "name" },
        texts: {
          createTitle: t("commerce.projects.createTitle"),
          editTitle: t("commerce.projects.renameTitle"),
          created: t("commerce.projects.created"),
          saved: t("commerce.projects.saved"),
        },
      }}
      rowActions={{
        header: t("commerce.common.actions"),
        label: (project) => t("commerce.common.actionsFor", { name: project.name }),
        items: [
          editAction(t("commerce.projects.rename")),
          deleteAction<Project>(t("commerce.common.delete"), {
            title: t("commerce.projects.deleteTitle"),
            message: (project) => `${t("commerce.projects.deleteConfirm", { name: project.name })} ${t("commerce.projects.deleteNote")} ${t("commerce.common.deleteWarning")}`,
            useMutation: useDeleteProject,
            done: () => t("commerce.projects.deleted"),
            testId: "delete-project-dialog",
          }),
        ],
      }}
      minWidth={640}
      testId="projects-table"
    />
  );
}

export { ProjectsPage as Component };
