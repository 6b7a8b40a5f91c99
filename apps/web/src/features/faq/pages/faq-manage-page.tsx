import { Badge, Button, Group, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconLanguage, IconPencil, IconPlus, IconStarFilled } from "@tabler/icons-react";
import { portalLanguages, type FaqCategoryAdmin, type FaqEntry } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import { deleteAction, ListScreen, type ListColumns, type RowAction } from "@/components/list-screen";
import { formatDate } from "@/lib/format";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useDeleteFaqEntry, useFaqCategories, useFaqEntries, useMoveFaqEntry } from "../api/faq";
import { CategoryIcon } from "../components/category-icon";
import { CategoryNamesModal } from "../components/category-names-modal";
import { FaqEntryModal } from "../components/faq-entry-modal";
import { inLanguage } from "../lib/entry-form";

const table: ServerTableOptions<"position" | "updatedAt" | "createdAt", "q" | "categoryId"> = {
  sortFields: ["position", "updatedAt", "createdAt"],
  defaultSort: "position",
  defaultOrder: "asc",
  filters: ["q", "categoryId"],
};

/** The entry's category, named in the interface language (the categories query is shared and cached). */
function CategoryCell({ categoryId }: { categoryId: string }) {
  const { i18n } = useTranslation();
  const category = useFaqCategories().data?.find((candidate) => candidate.id === categoryId);
  if (!category) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <CategoryIcon categoryKey={category.key} />
      <Text size="sm">{inLanguage(category.name, i18n.language)}</Text>
    </Group>
  );
}

const column = createDataTableColumnHelper<FaqEntry>();
const columns: ListColumns<FaqEntry> = (t, language) => [
  column.accessor("categoryId", {
    id: "position",
    header: () => t("faq.manage.columns.category"),
    enableSorting: true,
    cell: ({ row }) => <CategoryCell categoryId={row.original.categoryId} />,
  }),
  column.accessor("order", { id: "order", header: () => t("faq.manage.columns.order"), cell: ({ row }) => new Intl.NumberFormat(language).format(row.original.order) }),
  column.accessor("question", {
    id: "question",
    header: () => t("faq.manage.columns.question"),
    cell: ({ row }) => (
      <Group gap="xs" wrap="nowrap" maw={460}>
        <Text size="sm" fw={600} lineClamp={2}>
          {inLanguage(row.original.question, language)}
        </Text>
        {row.original.popular && (
          <Badge variant="light" color="yellow" size="sm" leftSection={<IconStarFilled size={10} aria-hidden />} style={{ flexShrink: 0 }}>
            {t("faq.popularBadge")}
          </Badge>
        )}
      </Group>
    ),
  }),
  column.display({
    id: "languages",
    header: () => t("faq.manage.columns.languages"),
    cell: ({ row }) => (
      <Group gap={4} wrap="wrap" maw={200}>
        {portalLanguages
          .filter((code) => row.original.question[code] !== undefined)
          .map((code) => (
            <Badge key={code} variant="outline" size="sm" radius="sm" tt="none">
              {code}
            </Badge>
          ))}
      </Group>
    ),
  }),
  column.accessor("updatedAt", { id: "updatedAt", header: () => t("faq.manage.columns.updated"), enableSorting: true, cell: ({ row }) => formatDate(row.original.updatedAt, language) }),
];

/**
 * /faq/manage (admin): every FAQ entry with its languages, in reading order (category, then order),
 * searched in every language and filtered by category; add, edit per language, move up and down,
 * delete with a confirmation, and rename the categories.
 */
export function FaqManagePage() {
  const { t, i18n } = useTranslation();
  const categories = useFaqCategories();
  const move = useMoveFaqEntry();
  const [editing, setEditing] = useState<{ entry: FaqEntry | null } | null>(null);
  const [renaming, setRenaming] = useState(false);
  const categoryList: FaqCategoryAdmin[] = categories.data ?? [];
  const questionOf = (entry: FaqEntry) => inLanguage(entry.question, i18n.language);

  const moveAction = (direction: "up" | "down"): RowAction<FaqEntry> => ({
    id: `move-${direction}`,
    label: direction === "up" ? t("faq.manage.moveUp") : t("faq.manage.moveDown"),
    icon: direction === "up" ? IconArrowUp : IconArrowDown,
    onClick: (entry) =>
      move.mutate({ id: entry.id, direction }, { onSuccess: () => notifySuccess(t("faq.manage.moved")), onError: (error) => void notifyError(error) }),
    testId: `faq-move-${direction}`,
  });

  return (
    <>
      <ListScreen
        title={t("faq.manage.title")}
        description={t("faq.manage.description")}
        table={table}
        useList={useFaqEntries}
        columns={columns}
        texts={{ tableLabel: t("faq.manage.tableLabel"), emptyTitle: t("faq.manage.emptyTitle"), emptyDescription: t("faq.manage.emptyDescription") }}
        search={{ label: t("faq.manage.search"), testId: "faq-manage-search" }}
        filters={[
          {
            param: "categoryId",
            label: t("faq.manage.categoryFilter"),
            allLabel: t("faq.manage.allCategories"),
            options: categoryList.map((category) => ({ value: category.id, label: inLanguage(category.name, i18n.language) })),
            testId: "faq-manage-category",
          },
        ]}
        headerActions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconLanguage size={16} aria-hidden />} onClick={() => setRenaming(true)} disabled={!categories.data} data-testid="faq-rename-categories">
              {t("faq.manage.renameCategories")}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ entry: null })} disabled={!categories.data} data-testid="faq-add">
              {t("faq.manage.add")}
            </Button>
          </Group>
        }
        rowName={questionOf}
        rowActions={{
          as: "menu",
          header: t("faq.manage.columns.actions"),
          label: (entry) => t("faq.manage.actionsFor", { name: questionOf(entry) }),
          testId: "faq-entry-actions",
          items: [
            { id: "edit", label: t("faq.manage.edit"), icon: IconPencil, onClick: (entry) => setEditing({ entry }), testId: "faq-edit" },
            moveAction("up"),
            moveAction("down"),
            deleteAction<FaqEntry>(t("faq.manage.delete"), {
              title: t("faq.manage.deleteTitle"),
              message: (entry) => t("faq.manage.deleteConfirm", { name: questionOf(entry) }),
              cancelLabel: t("faq.manage.form.cancel"),
              useMutation: useDeleteFaqEntry,
              done: () => t("faq.manage.deleted"),
              testId: "faq-delete-dialog",
              confirmTestId: "faq-delete-confirm",
            }),
          ],
        }}
        minWidth={900}
        testId="faq-entries-table"
      />
      <FaqEntryModal opened={editing !== null} entry={editing?.entry ?? null} categories={categoryList} onClose={() => setEditing(null)} />
      <CategoryNamesModal opened={renaming} categories={categoryList} onClose={() => setRenaming(false)} />
    </>
  );
}

export { FaqManagePage as Component };
