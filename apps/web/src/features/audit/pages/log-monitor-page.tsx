import { Affix, Anchor, Badge, Button, Group, Stack, Switch, Text, Tooltip, Transition } from "@mantine/core";
import { IconArrowUp, IconFileDescription } from "@tabler/icons-react";
import { auditOutcomes, type AuditEvent } from "@portal/contract";
import { useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { createDataTableColumnHelper, useServerTable } from "@/components/data-table";
import { ListScreen, type ListColumns } from "@/components/list-screen";
import type { QueryParams } from "@/lib/api-client";
import { useAuditActions, useAuditEvents } from "../api/audit-events";
import { ActorFilter, DateRangeFilter } from "../components/audit-filters";
import { EventDrawer } from "../components/event-drawer";
import { ExportButton } from "../components/export-button";
import { OutcomeBadge } from "../components/outcome-badge";
import { actionLabel, targetLink, targetText, targetTypeLabel } from "../lib/audit-labels";
import { auditTable, toAuditQuery } from "../lib/audit-query";
import { formatDateTime } from "../lib/format-time";
import { useLiveFollow } from "../lib/use-live-follow";

/** The list call with the URL's days turned into instants. */
function useLogList(query: QueryParams) {
  return useAuditEvents(toAuditQuery(query));
}

const ltr = (value: string | null, maw: number, testId?: string) =>
  value ? (
    <Text size="sm" dir="ltr" ta="start" truncate="end" maw={maw} title={value} data-testid={testId}>
      {value}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );

const column = createDataTableColumnHelper<AuditEvent>();
/** The target: its kind, then its name linking to its admin page (or the start of its id), marked when it is gone. */
function TargetCell({ event, t }: { event: AuditEvent; t: TFunction }) {
  const { i18n } = useTranslation();
  if (!event.targetType) return ltr(null, 0);
  // A name keeps its own direction (an e-mail is cut at its end, even in Persian) but sits on the page's side.
  const followPage = { textAlign: i18n.dir() === "rtl" ? "right" : "left" } as const;
  const text = targetText(t, event);
  const to = targetLink(event);
  return (
    <Stack gap={0} maw={190} data-testid="audit-target">
      <Text size="xs" c="dimmed">
        {targetTypeLabel(t, event.targetType)}
      </Text>
      {text &&
        (to ? (
          <Anchor component={Link} to={to} size="sm" truncate="end" title={text} dir="auto" style={followPage} data-testid="audit-target-link">
            {text}
          </Anchor>
        ) : (
          <Text size="sm" truncate="end" title={text} dir="auto" style={followPage}>
            {text}
          </Text>
        ))}
      {event.targetDeleted && (
        <Text size="xs" c="dimmed" fs="italic" data-testid="audit-target-deleted">
          {t("logMonitor.target.deleted")}
        </Text>
      )}
    </Stack>
  );
}

const columns: ListColumns<AuditEvent> = (t, language) => [
  column.accessor("at", {
    id: "at",
    header: () => t("logMonitor.columns.at"),
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {formatDateTime(getValue(), language)}
      </Text>
    ),
  }),
  column.accessor("actorEmail", {
    id: "actor",
    header: () => t("logMonitor.columns.actor"),
    enableSorting: true,
    cell: ({ getValue }) =>
      getValue() ? (
        ltr(getValue(), 170)
      ) : (
        <Text size="sm" c="dimmed">
          {t("logMonitor.system")}
        </Text>
      ),
  }),
  column.accessor("action", {
    id: "action",
    header: () => t("logMonitor.columns.action"),
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" title={getValue()} data-testid="audit-action">
        {actionLabel(t, getValue())}
      </Text>
    ),
  }),
  column.accessor("targetType", {
    id: "targetType",
    header: () => t("logMonitor.columns.target"),
    enableSorting: true,
    cell: ({ row }) => <TargetCell event={row.original} t={t} />,
  }),
  column.accessor("outcome", { id: "outcome", header: () => t("logMonitor.columns.outcome"), enableSorting: true, cell: ({ getValue }) => <OutcomeBadge outcome={getValue()} /> }),
  column.accessor("ip", {
    id: "ip",
    header: () => <span style={{ whiteSpace: "nowrap" }}>{t("logMonitor.columns.ip")}</span>,
    cell: ({ getValue }) => ltr(getValue(), 130),
  }),
  column.accessor("userAgent", {
    id: "userAgent",
    header: () => t("logMonitor.columns.userAgent"),
    cell: ({ getValue }) => {
      const agent = getValue();
      if (!agent) return ltr(null, 0);
      return (
        <Tooltip label={agent} multiline maw={360} withArrow openDelay={300}>
          <Text size="sm" dir="ltr" ta="start" truncate="end" maw={140} tabIndex={0}>
            {agent}
          </Text>
        </Tooltip>
      );
    },
  }),
];

export function LogMonitorPage() {
  const { t } = useTranslation();
  const table = useServerTable(auditTable);
  const actions = useAuditActions();
  const [live, setLive] = useState(false);
  const [opened, setOpened] = useState<AuditEvent | null>(null);
  const follow = useLiveFollow(live, table.query);

  const toNewest = () => {
    table.update({ page: 1, sort: "at", order: "desc" });
    window.scrollTo({ top: 0, behavior: "smooth" });
    follow.clearUnseen();
  };

  const liveSwitch = (
    <Group gap="xs" wrap="nowrap">
      <Switch
        label={t("logMonitor.live.toggle")}
        checked={live}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          setLive(on);
          if (on) toNewest();
        }}
        data-testid="audit-live-toggle"
      />
      {live && (
        <Badge variant="dot" color={follow.connected ? "teal" : "orange"} role="status" data-testid="audit-live-status">
          {follow.connected ? t("logMonitor.live.on") : t("logMonitor.live.reconnecting")}
        </Badge>
      )}
    </Group>
  );

  return (
    <>
      <ListScreen
        title={t("pages.admin.logMonitor.title")}
        description={t("logMonitor.description")}
        table={auditTable}
        useList={useLogList}
        columns={columns}
        texts={{ tableLabel: t("logMonitor.tableLabel"), emptyTitle: t("logMonitor.emptyTitle"), emptyDescription: t("logMonitor.emptyDescription") }}
        search={{ label: t("logMonitor.search"), testId: "audit-search" }}
        filters={[
          {
            param: "action",
            label: t("logMonitor.filters.action"),
            allLabel: t("logMonitor.filters.allActions"),
            options: (actions.data ?? []).map((action) => ({ value: action, label: actionLabel(t, action) })),
            testId: "audit-filter-action",
          },
          {
            param: "outcome",
            kind: "segmented",
            label: t("logMonitor.filters.outcome"),
            allLabel: t("logMonitor.filters.allOutcomes"),
            options: auditOutcomes.map((outcome) => ({ value: outcome, label: t(`logMonitor.outcome.${outcome}`) })),
            testId: "audit-filter-outcome",
          },
        ]}
        extraFilters={
          <>
            <ActorFilter table={table} />
            <DateRangeFilter table={table} />
          </>
        }
        headerActions={
          <Group gap="md" wrap="wrap">
            {liveSwitch}
            <ExportButton query={table.query} />
          </Group>
        }
        rowActions={{
          header: t("logMonitor.columns.details"),
          label: (row) => t("logMonitor.detailsFor", { action: actionLabel(t, row.action) }),
          items: [{ id: "details", label: t("logMonitor.detailsButton"), icon: IconFileDescription, onClick: setOpened, testId: "audit-details" }],
        }}
        rowName={(row) => actionLabel(t, row.action)}
        minWidth={1080}
        testId="audit-table"
      />
      <EventDrawer event={opened} onClose={() => setOpened(null)} />
      <Affix position={{ top: 80, left: "50%" }} style={{ transform: "translateX(-50%)" }}>
        <Transition mounted={live && follow.unseen > 0} transition="slide-down">
          {(style) => (
            <Button style={style} radius="xl" size="xs" leftSection={<IconArrowUp size={14} aria-hidden />} onClick={toNewest} data-testid="audit-new-events">
              {t("logMonitor.live.newEvents", { count: follow.unseen })}
            </Button>
          )}
        </Transition>
      </Affix>
    </>
  );
}

export { LogMonitorPage as Component };
