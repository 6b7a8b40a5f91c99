import { ActionIcon, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import type { Project } from "@portal/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { createDataTableColumnHelper, DataTable, DataTableSearch, useServerTable, type ServerTableOptions } from "@/components/data-table";
import { PageHeader } from "@/components/page-header";
import { parseApiError } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import { notifySuccess } from "@/lib/notify";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDeleteProject } from "../api/delete-project";
import { useProjects } from "../api/list-projects";
import { ProjectFormModal } from "../components/project-form-modal";

const tableOptions: ServerTableOptions<"name" | "createdAt", "q"> = {
  sortFields: ["name", "createdAt"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["q"],
};

const column = createDataTableColumnHelper<Project>();

/** projects: my projects (name, description, created), create, rename, delete (409 while licences hold one). */
export function ProjectsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("pages.projects.title"));
  const table = useServerTable(tableOptions);
  const list = useProjects(table.query);
  const remove = useDeleteProject();
  const [editing, setEditing] = useState<{ project: Project | null } | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const language = i18n.language;

  const columns = useMemo(
    () => [
      column.accessor("name", {
        id: "name",
        header: () => t("commerce.common.name"),
        enableSorting: true,
        cell: ({ row }) => <Text fw={600} size="sm">{row.original.name}</Text>,
      }),
      column.accessor("description", {
        id: "description",
        header: () => t("commerce.common.description"),
        cell: ({ row }) => (
          <Text size="sm" c={row.original.description ? undefined : "dimmed"} lineClamp={2} maw={480}>
            {row.original.description || t("commerce.common.noDescription")}
          </Text>
        ),
      }),
      column.accessor("createdAt", {
        id: "createdAt",
        header: () => t("commerce.common.created"),
        enableSorting: true,
        cell: ({ row }) => <span style={{ whiteSpace: "nowrap" }}>{formatDate(row.original.createdAt, language)}</span>,
      }),
      column.display({
        id: "actions",
        header: () => <span>{t("commerce.common.actions")}</span>,
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap" role="group" aria-label={t("commerce.common.actionsFor", { name: row.original.name })}>
            <Tooltip label={t("commerce.projects.rename")}>
              <ActionIcon variant="subtle" onClick={() => setEditing({ project: row.original })} aria-label={`${t("commerce.projects.rename")}: ${row.original.name}`}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("commerce.common.delete")}>
              <ActionIcon variant="subtle" color="red" onClick={() => setDeleting(row.original)} aria-label={`${t("commerce.common.delete")}: ${row.original.name}`}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      }),
    ],
    [t, language],
  );

  const add = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ project: null })}>
      {t("commerce.projects.add")}
    </Button>
  );

  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };

  return (
    <>
      <PageHeader title={t("pages.projects.title")} description={t("commerce.projects.subtitle")} actions={add} />
      <Stack gap="md">
        <DataTableSearch table={table} label={t("commerce.common.search")} maw={360} />
        <DataTable
          table={table}
          columns={columns}
          data={list.data?.items}
          total={list.data?.total}
          isLoading={list.isPending}
          isFetching={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          label={t("commerce.projects.tableLabel")}
          getRowId={(project) => project.id}
          emptyTitle={t("commerce.projects.emptyTitle")}
          emptyDescription={t("commerce.projects.emptyDescription")}
          emptyAction={add}
          minWidth={640}
          testId="projects-table"
        />
      </Stack>
      <ProjectFormModal opened={editing !== null} project={editing?.project ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={closeDelete}
        onConfirm={() => {
          if (!deleting) return;
          setDeleteError(null);
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t("commerce.projects.deleted"));
              closeDelete();
            },
            onError: (failure) => setDeleteError(parseApiError(failure, t).message),
          });
        }}
        title={t("commerce.projects.deleteTitle")}
        confirmLabel={t("commerce.common.delete")}
        cancelLabel={t("commerce.common.cancel")}
        danger
        loading={remove.isPending}
        error={deleteError}
        testId="delete-project-dialog"
      >
        {`${t("commerce.projects.deleteConfirm", { name: deleting?.name ?? "" })} ${t("commerce.projects.deleteNote")} ${t("commerce.common.deleteWarning")}`}
      </ConfirmDialog>
    </>
  );
}

export { ProjectsPage as Component };
