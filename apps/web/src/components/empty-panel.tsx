import { EmptyState, Paper } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** A translated empty state in a bordered panel: what a list or a page shows before it has content. */
export function EmptyPanel({
  title,
  description,
  icon,
  action,
}: {
  title: ReactNode;
  description: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: "lg", sm: "xl" }} radius="md">
      <EmptyState
        title={title}
        description={description}
        icon={icon ?? <IconInbox size={28} aria-hidden />}
        variant="light"
        py="xl"
      >
        {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}
