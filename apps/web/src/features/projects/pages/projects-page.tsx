import { projectBodySchema, type Project } from "@portal/contract";
import { useTranslation } from "react-i18next";
import type { ServerTableOptions } from "@/components/data-table";
import { namedItemColumns, NamedItemsScreen } from "@/components/list-screen";
import { useCreateProject, useDeleteProject, useProjects, useUpdateProject } from "../api/projects";

const table: ServerTableOptions<"name" | "createdAt", "q"> = {
  sortFields: ["name", "createdAt"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["q"],
};
const columns = namedItemColumns<Project>(480);
const api = { useList: useProjects, useCreate: useCreateProject, useUpdate: useUpdateProject, useDelete: useDeleteProject };

/** projects: my projects (name, description, created), create, rename, delete (409 while licences hold one). */
export function ProjectsPage() {
  const { t } = useTranslation();
  return (
    <NamedItemsScreen
      title={t("pages.projects.title")}
      description={t("commerce.projects.subtitle")}
      table={table}
      api={api}
      schema={projectBodySchema}
      columns={columns}
      nameTaken="project/name_taken"
      texts={{
        tableLabel: t("commerce.projects.tableLabel"),
        emptyTitle: t("commerce.projects.emptyTitle"),
        emptyDescription: t("commerce.projects.emptyDescription"),
        add: t("commerce.projects.add"),
        createTitle: t("commerce.projects.createTitle"),
        editTitle: t("commerce.projects.renameTitle"),
        edit: t("commerce.projects.rename"),
        created: t("commerce.projects.created"),
        saved: t("commerce.projects.saved"),
        deleteTitle: t("commerce.projects.deleteTitle"),
        deleteMessage: (project) => `${t("commerce.projects.deleteConfirm", { name: project.name })} ${t("commerce.projects.deleteNote")}`,
        deleted: t("commerce.projects.deleted"),
      }}
      minWidth={640}
      testId="projects-table"
      deleteTestId="delete-project-dialog"
    />
  );
}

export { ProjectsPage as Component };
