import { Badge } from "@mantine/core";
import type { TicketPriority, TicketStatus } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { priorityColor, statusColor } from "../lib/ticket-rules";

const badgeStyles = { label: { overflow: "visible" } } as const;

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor[status]} variant="light" data-status={status} style={{ flexShrink: 0 }} styles={badgeStyles} data-testid="ticket-status">
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation();
  return (
    <Badge color={priorityColor[priority]} variant="outline" data-priority={priority} style={{ flexShrink: 0 }} styles={badgeStyles}>
      {t(`tickets.priority.${priority}`)}
    </Badge>
  );
}
