import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconActivity, IconFileCertificate, IconTicket, IconUserPlus, type Icon } from "@tabler/icons-react";
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

function ChartSkeleton() {
  return <Skeleton height={CHART_HEIGHT + 36} />;
}

function StatusSkeleton() {
  return (
    <>
      <Skeleton height={14} radius="xl" />
      <Skeleton height={20} mt="sm" width="80%" />
    </>
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
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
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
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <Panel id="users-title" title={t("dashboards.admin.users")}>
              {data ? (
                <StatusBar
                  testId="users-by-status"
                  format={format}
                  summary={t("dashboards.admin.usersSummary", { total: format(data.users.total), active: format(data.users.active), pending: format(data.users.pending), locked: format(data.users.locked) })}
                  parts={[
                    { key: "active", label: t("dashboards.admin.userStatus.active"), value: data.users.active, color: "green", to: links.activeUsers },
                    { key: "pending", label: t("dashboards.admin.userStatus.pending"), value: data.users.pending, color: "orange", to: links.pendingUsers },
                    { key: "locked", label: t("dashboards.admin.userStatus.locked"), value: data.users.locked, color: "red", to: links.lockedUsers },
                  ]}
                />
              ) : (
                <StatusSkeleton />
              )}
            </Panel>
            <Panel id="tickets-title" title={t("dashboards.admin.tickets")}>
              {data ? (
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
                  parts={[
                    { key: "open", label: t("dashboards.admin.ticketStatus.open"), value: data.tickets.open, color: "red", to: links.open },
                    { key: "inProgress", label: t("dashboards.admin.ticketStatus.inProgress"), value: data.tickets.inProgress, color: "yellow", to: links.inProgress },
                    { key: "resolved", label: t("dashboards.admin.ticketStatus.resolved"), value: data.tickets.resolved, color: "teal", to: links.resolved },
                    { key: "closed", label: t("dashboards.admin.ticketStatus.closed"), value: data.tickets.closed, color: "gray", to: links.closed },
                  ]}
                />
              ) : (
                <StatusSkeleton />
              )}
            </Panel>
            <Panel id="licenses-title" title={t("dashboards.admin.licenses")}>
              {data ? (
                <LicensesByStatus
                  licenses={data.licenses}
                  format={format}
                  labels={{ active: t("dashboards.admin.licenseStatus.active"), notActivated: t("dashboards.admin.licenseStatus.notActivated"), deactivated: t("dashboards.admin.licenseStatus.deactivated") }}
                  links={{ active: links.activeLicenses, notActivated: links.notActivatedLicenses, deactivated: links.deactivatedLicenses }}
                />
              ) : (
                <StatusSkeleton />
              )}
            </Panel>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Panel id="issued-title" title={t("dashboards.admin.issuedPerMonth")}>
              {months ? (
                <BarChart
                  testId="issued-chart"
                  points={months}
                  summary={seriesSummary(months, "dashboards.admin.issuedSummary")}
                  emptyText={t("dashboards.admin.issuedEmpty")}
                  labelHeader={t("dashboards.admin.month")}
                  valueHeader={t("dashboards.admin.count")}
                  format={format}
                />
              ) : (
                <ChartSkeleton />
              )}
            </Panel>
            <Panel id="validations-title" title={t("dashboards.admin.validationsPerDay")}>
              {days ? (
                <BarChart
                  testId="validations-chart"
                  points={days}
                  summary={seriesSummary(days, "dashboards.admin.validationsSummary")}
                  emptyText={t("dashboards.admin.validationsEmpty")}
                  labelHeader={t("dashboards.admin.day")}
                  valueHeader={t("dashboards.admin.count")}
                  format={format}
                />
              ) : (
                <ChartSkeleton />
              )}
            </Panel>
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
