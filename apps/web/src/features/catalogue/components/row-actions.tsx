import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Edit and delete buttons of a table row, each named after the row for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t("commerce.common.actionsFor", { name })}>
      <Tooltip label={t("commerce.common.edit")}>
        <ActionIcon variant="subtle" onClick={onEdit} aria-label={`${t("commerce.common.edit")}: ${name}`}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("commerce.common.delete")}>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`${t("commerce.common.delete")}: ${name}`}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
