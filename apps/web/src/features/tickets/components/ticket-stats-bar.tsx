import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { TicketStats, TicketStatus } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useTicketStats } from "../api/tickets";
import { formatDuration, statusColor } from "../lib/ticket-rules";

const counters: { status: TicketStatus | null; key: keyof TicketStats }[] = [
  { status: null, key: "total" },
  { status: "open", key: "open" },
  { status: "in_progress", key: "inProgress" },
  { status: "resolved", key: "resolved" },
  { status: "closed", key: "closed" },
];

/**
 * The resolution center's statistics: a count per status, each a link that filters the list below
 * (the list reads its filters from the URL), and the median first-response time of the last 30 days.
 */
export function TicketStatsBar() {
  const { t, i18n } = useTranslation();
  const stats = useTicketStats();
  const [search] = useSearchParams();
  const current = search.get("status");

  const linkTo = (status: TicketStatus | null) => {
    const next = new URLSearchParams(search);
    next.delete("page");
    if (status) next.set("status", status);
    else next.delete("status");
    const query = next.toString();
    return query ? `?${query}` : ".";
  };

  if (stats.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="ticket-stats-error">
        <Text size="sm" mb="xs">
          {t("tickets.admin.statsFailed")}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void stats.refetch()}>
          {t("tickets.inbox.retry")}
        </Button>
      </Alert>
    );
  }

  const median = stats.data?.medianFirstResponseSeconds;
  return (
    <Group component="nav" aria-label={t("tickets.admin.statsLabel")} data-testid="ticket-stats" gap="sm" align="stretch" wrap="wrap">
      {/* The counters stay one block; the median sits beside them, or below on a phone. */}
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="sm" style={{ flex: "999 1 480px" }}>
        {counters.map(({ status, key }) => {
          const label = status ? t(`tickets.status.${status}`) : t("tickets.admin.total");
          const active = status === current || (status === null && !current);
          return (
            <UnstyledButton
              key={key}
              component={Link}
              to={linkTo(status)}
              aria-current={active ? "page" : undefined}
              aria-label={status ? t("tickets.admin.showStatus", { status: label }) : undefined}
              data-testid={`ticket-stat-${key}`}
            >
              <Paper
                withBorder
                p="sm"
                radius="md"
                style={{
                  borderInlineStart: `4px solid var(--mantine-color-${status ? statusColor[status] : "brand"}-filled)`,
                  outline: active ? "2px solid var(--mantine-primary-color-filled)" : undefined,
                  outlineOffset: -2,
                }}
              >
                <Text size="xs" c="dimmed" fw={500}>
                  {label}
                </Text>
                {stats.isPending ? (
                  <Skeleton height={28} mt={4} width={40} />
                ) : (
                  <Text fz={24} fw={700} lh={1.3}>
                    {(stats.data[key] as number).toLocaleString(i18n.resolvedLanguage)}
                  </Text>
                )}
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Paper withBorder p="sm" radius="md" data-testid="ticket-stat-median" style={{ flex: "1 1 200px" }}>
          <Text size="xs" c="dimmed" fw={500}>
            {t("tickets.admin.medianFirstResponse")}
          </Text>
          {stats.isPending ? (
            <Skeleton height={28} mt={4} width={60} />
          ) : (
            <Text fz={median === null ? "sm" : 24} fw={700} lh={1.3} mt={median === null ? 6 : 0}>
              {median === null || median === undefined ? t("tickets.admin.noFirstResponse") : formatDuration(median, i18n.resolvedLanguage ?? "en")}
            </Text>
          )}
      </Paper>
    </Group>
  );
}
