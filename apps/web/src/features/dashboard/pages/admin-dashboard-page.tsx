import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconActivity, IconCash, IconFileCertificate, IconFileInvoice, IconTicket, IconUserPlus, type Icon } from "@tabler/icons-react";
import type { AdminDashboard } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { AfterFirstPaint } from "@/components/after-first-paint";
import { PageHeader } from "@/components/page-header";
import { useAdminDashboard } from "../api/dashboard";
import { BarChart, CHART_HEIGHT, summarizeSeries, type ChartPoint } from "../components/bar-chart";
import { DashboardError } from "../components/dashboard-error";
import { FigureTile } from "../components/figure-tile";
import { LicensesByStatus, StatusBar } from "../components/status-bar";
import { adminFigureLinks as links, type AdminFigure } from "../lib/figure-links";
import { countsPerDisplayedMonth, dayLabel, numberFormatter } from "../lib/format";
import classes from "../components/dashboard.module.css";

const tiles: { figure: AdminFigure; label: "pendingUsers" | "pendingRequests" | "open" | "liveInstallations"; icon: Icon; color: string; value: (data: AdminDashboard) => number }[] = [
  { figure: "pendingUsers", label: "pendingUsers", icon: IconUserPlus, color: "orange", value: (data) => data.users.pending },
  { figure: "pendingRequests", label: "pendingRequests", icon: IconFileCertificate, color: "blue", value: (data) => data.requests.pending },
  { figure: "open", label: "open", icon: IconTicket, color: "red", value: (data) => data.tickets.open },
  { figure: "liveInstallations", label: "liveInstallations", icon: IconActivity, color: "green", value: (data) => data.installations.live },
];

/** The orders the team has to act on: an offer to make, a payment to wait for (texts of the orders admin namespace). */
const orderTiles: { figure: "pendingOffers" | "awaitingPayment"; icon: Icon; color: string }[] = [
  { figure: "pendingOffers", icon: IconFileInvoice, color: "grape" },
  { figure: "awaitingPayment", icon: IconCash, color: "teal" },
];

/** The parts of the by-status bars: each count's colour, and the list it links to, filtered. */
const userParts = [
  { key: "active", color: "green", link: "activeUsers" },
  { key: "pending", color: "orange", link: "pendingUsers" },
  { key: "locked", color: "red", link: "lockedUsers" },
] as const;
const ticketParts = [
  { key: "open", color: "red" },
  { key: "inProgress", color: "yellow" },
  { key: "resolved", color: "teal" },
  { key: "closed", color: "gray" },
] as const;

function Panel({ id, title, children, hint }: { id: string; title: string; children: React.ReactNode; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id} className={classes.panel}>
      <Title order={2} fz="h4" id={id}>
        {title}
      </Title>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      <Stack mt="md" gap={0}>
        {children}
      </Stack>
    </Card>
  );
}

/** A chart of counts per month or day in its panel; a skeleton of its size until the figures arrive. */
function ChartPanel({
  id,
  title,
  testId,
  points,
  summarize,
  emptyText,
  labelHeader,
  format,
}: {
  id: string;
  title: string;
  testId: string;
  points: ChartPoint[] | undefined;
  /** The chart's words for screen readers: the total and the peak. */
  summarize: (points: ChartPoint[]) => string;
  emptyText: string;
  labelHeader: string;
  format: (value: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <Panel id={id} title={title}>
      {points ? (
        <BarChart
          testId={testId}
          points={points}
          summary={summarize(points)}
          emptyText={emptyText}
          labelHeader={labelHeader}
          valueHeader={t("dashboards.admin.count")}
          format={format}
        />
      ) : (
        <Skeleton height={CHART_HEIGHT + 36} />
      )}
    </Panel>
  );
}

/** Counts by status as a bar in its panel; a skeleton of its size until the figures arrive (`children` undefined). */
function StatusPanel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Panel id={id} title={title}>
      {children ?? (
        <>
          <Skeleton height={14} radius="xl" />
          <Skeleton height={20} mt="sm" width="80%" />
        </>
      )}
    </Panel>
  );
}

/**
 * admin/dashboard: the figures that need an administrator (pending registrations and requests, open
 * tickets, live installations), users, tickets and licences by status, and two charts drawn as
 * small SVGs. Every figure links to its list, filtered.
 */
export function AdminDashboardPage() {
  const { t, i18n } = useTranslation();
  const dashboard = useAdminDashboard();
  const data = dashboard.data;
  const language = i18n.resolvedLanguage;
  const format = numberFormatter(language);

  const seriesSummary = (points: ChartPoint[], key: "dashboards.admin.issuedSummary" | "dashboards.admin.validationsSummary") => {
    const { total, peak } = summarizeSeries(points);
    return t(key, { total: format(total) }) + (peak ? t("dashboards.admin.peak", { label: peak.label, count: format(peak.value) }) : "");
  };
  const months = data && countsPerDisplayedMonth(data.licenses.issuedPerDay, language);
  const days = data?.validations.perDay.map((entry) => ({ key: entry.day, label: dayLabel(entry.day, language), value: entry.count }));

  return (
    <>
      <PageHeader title={t("pages.admin.dashboard.title")} />
      {dashboard.isError && <DashboardError onRetry={() => void dashboard.refetch()} />}
      <AfterFirstPaint>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
            {tiles.map((tile) => (
              <FigureTile
                key={tile.figure}
                testId={`admin-figure-${tile.figure}`}
                label={t(`dashboards.admin.figures.${tile.label}`)}
                value={data && format(tile.value(data))}
                to={links[tile.figure]}
                icon={tile.icon}
                color={tile.color}
              />
            ))}
            {orderTiles.map((tile) => (
              <FigureTile
                key={tile.figure}
                testId={`admin-figure-${tile.figure}`}
                label={t(`ordersAdmin.dashboard.${tile.figure}`)}
                value={data && format(data.orders[tile.figure])}
                to={links[tile.figure]}
                icon={tile.icon}
                color={tile.color}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <StatusPanel id="users-title" title={t("dashboards.admin.users")}>
              {data && (
                <StatusBar
                  testId="users-by-status"
                  format={format}
                  summary={t("dashboards.admin.usersSummary", { total: format(data.users.total), active: format(data.users.active), pending: format(data.users.pending), locked: format(data.users.locked) })}
                  parts={userParts.map(({ key, color, link }) => ({ key, label: t(`dashboards.admin.userStatus.${key}`), value: data.users[key], color, to: links[link] }))}
                />
              )}
            </StatusPanel>
            <StatusPanel id="tickets-title" title={t("dashboards.admin.tickets")}>
              {data && (
                <StatusBar
                  testId="tickets-by-status"
                  format={format}
                  summary={t("dashboards.admin.ticketsSummary", {
                    total: format(data.tickets.total),
                    open: format(data.tickets.open),
                    inProgress: format(data.tickets.inProgress),
                    resolved: format(data.tickets.resolved),
                    closed: format(data.tickets.closed),
                  })}
                  parts={ticketParts.map(({ key, color }) => ({ key, label: t(`dashboards.admin.ticketStatus.${key}`), value: data.tickets[key], color, to: links[key] }))}
                />
              )}
            </StatusPanel>
            <StatusPanel id="licenses-title" title={t("dashboards.admin.licenses")}>
              {data && (
                <LicensesByStatus
                  licenses={data.licenses}
                  format={format}
                  labels={{ active: t("dashboards.admin.licenseStatus.active"), notActivated: t("dashboards.admin.licenseStatus.notActivated"), deactivated: t("dashboards.admin.licenseStatus.deactivated") }}
                  links={{ active: links.activeLicenses, notActivated: links.notActivatedLicenses, deactivated: links.deactivatedLicenses }}
                />
              )}
            </StatusPanel>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ChartPanel
              id="issued-title"
              title={t("dashboards.admin.issuedPerMonth")}
              testId="issued-chart"
              points={months}
              summarize={(points) => seriesSummary(points, "dashboards.admin.issuedSummary")}
              emptyText={t("dashboards.admin.issuedEmpty")}
              labelHeader={t("dashboards.admin.month")}
              format={format}
            />
            <ChartPanel
              id="validations-title"
              title={t("dashboards.admin.validationsPerDay")}
              testId="validations-chart"
              points={days}
              summarize={(points) => seriesSummary(points, "dashboards.admin.validationsSummary")}
              emptyText={t("dashboards.admin.validationsEmpty")}
              labelHeader={t("dashboards.admin.day")}
              format={format}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" data-testid="live-hint">
            {t("dashboards.admin.liveHint")}
          </Text>
        </Stack>
      </AfterFirstPaint>
    </>
  );
}

export { AdminDashboardPage as Component };
