import { Code, Drawer, Stack, Table, Text } from "@mantine/core";
import type { AuditEvent } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { actionLabel, targetTypeLabel } from "../lib/audit-labels";
import { formatDateTime } from "../lib/format-time";
import { OutcomeBadge } from "./outcome-badge";

/** Ids, addresses and user agents read left to right in every language (parentheses stay put in Persian). */
const technical = (value: string | null) => (value ? <bdi dir="ltr">{value}</bdi> : "—");

/** One event in full: every field, the user agent unshortened, the details as indented JSON. */
export function EventDrawer({ event, onClose }: { event: AuditEvent | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const rows: [string, React.ReactNode][] = event
    ? [
        [t("logMonitor.drawer.id"), technical(event.id)],
        [t("logMonitor.columns.at"), formatDateTime(event.at, i18n.language)],
        [t("logMonitor.columns.actor"), event.actorEmail ? technical(event.actorEmail) : t("logMonitor.system")],
        [t("logMonitor.columns.action"), actionLabel(t, event.action)],
        [t("logMonitor.drawer.actionCode"), <Code dir="ltr">{event.action}</Code>],
        [t("logMonitor.columns.outcome"), <OutcomeBadge outcome={event.outcome} />],
        // A call made with an API token rather than a person's session (issue 28): which token.
        ...(event.tokenId ? [[t("logMonitor.drawer.viaToken"), <span data-testid="audit-event-token">{technical(event.tokenId)}</span>] as [string, React.ReactNode]] : []),
        [t("logMonitor.drawer.targetType"), event.targetType ? targetTypeLabel(t, event.targetType) : "—"],
        [
          t("logMonitor.drawer.targetName"),
          event.targetName ? (
            <>
              <bdi>{event.targetName}</bdi>
              {event.targetDeleted && ` (${t("logMonitor.target.deleted")})`}
            </>
          ) : event.targetDeleted ? (
            t("logMonitor.target.deleted")
          ) : (
            "—"
          ),
        ],
        [t("logMonitor.drawer.targetId"), technical(event.targetId)],
        [t("logMonitor.columns.ip"), technical(event.ip)],
        [t("logMonitor.columns.userAgent"), technical(event.userAgent)],
      ]
    : [];
  return (
    <Drawer opened={event !== null} onClose={onClose} position="right" size="lg" title={t("logMonitor.drawer.title")} closeButtonProps={{ "aria-label": t("common.close") }}>
      {event && (
        <Stack gap="md" data-testid="audit-event-drawer">
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={140}>{label}</Table.Th>
                  <Table.Td style={{ wordBreak: "break-word" }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text fw={600}>{t("logMonitor.columns.details")}</Text>
          {event.details ? (
            <Code block dir="ltr" data-testid="audit-event-details">
              {JSON.stringify(event.details, null, 2)}
            </Code>
          ) : (
            <Text c="dimmed" size="sm">
              {t("logMonitor.drawer.noDetails")}
            </Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
