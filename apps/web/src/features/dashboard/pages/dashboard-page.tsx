import { Anchor, Card, Code, Group, ScrollArea, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCertificate,
  IconCertificateOff,
  IconClockHour4,
  IconCircleCheck,
  IconFileCertificate,
  IconFileInvoice,
  IconFileUpload,
  IconHourglass,
  IconLifebuoy,
  IconMessageCircle,
  IconReceipt,
  IconShoppingCart,
  IconTicket,
  type Icon,
} from "@tabler/icons-react";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AfterFirstPaint } from "@/components/after-first-paint";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/lib/auth";
import { formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useCustomerDashboard } from "../api/dashboard";
import { useTrialPlans } from "../api/lookups";
import { DashboardError } from "../components/dashboard-error";
import { FigureTile } from "../components/figure-tile";
import { RecentActivity } from "../components/recent-activity";
import { LicensesByStatus } from "../components/status-bar";
import { TrialsCard } from "../components/trials-card";
import { customerFigureLinks, licenseLink } from "../lib/figure-links";
import { numberFormatter } from "../lib/format";
import classes from "../components/dashboard.module.css";

type CustomerFigure = keyof typeof customerFigureLinks;

const tiles: { figure: CustomerFigure; icon: Icon; color: string }[] = [
  { figure: "active", icon: IconCertificate, color: "green" },
  { figure: "notActivated", icon: IconHourglass, color: "gray" },
  { figure: "expiringIn30Days", icon: IconAlertTriangle, color: "orange" },
  { figure: "pendingRequests", icon: IconFileCertificate, color: "blue" },
  { figure: "deactivated", icon: IconCertificateOff, color: "red" },
  { figure: "open", icon: IconTicket, color: "blue" },
  { figure: "inProgress", icon: IconClockHour4, color: "yellow" },
  { figure: "resolved", icon: IconCircleCheck, color: "teal" },
  // Four to a row: the orders' two figures make the last row of their own.
  { figure: "openOrders", icon: IconReceipt, color: "indigo" },
  { figure: "awaitingMe", icon: IconFileInvoice, color: "orange" },
];

const quickActions: { label: ParseKeys; to: string; icon: Icon }[] = [
  { label: "dashboards.actions.requestLicense", to: paths.customLicense, icon: IconFileCertificate },
  { label: "dashboards.actions.buyLicense", to: paths.pricingPlans, icon: IconShoppingCart },
  { label: "dashboards.actions.openTicket", to: paths.createTicket, icon: IconMessageCircle },
  { label: "dashboards.actions.uploadReq", to: paths.updates, icon: IconFileUpload },
  { label: "pages.dashboard.links.faq", to: paths.faq, icon: IconLifebuoy },
];

/**
 * The customer's dashboard. The header renders at once (it is the page's largest paint); every
 * figure, the status bar and the lists have places of fixed size that skeletons hold while the one
 * dashboard call runs, so nothing moves when the figures arrive.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const dashboard = useCustomerDashboard();
  const name = user ? user.firstname || user.userName : "";
  const data = dashboard.data;
  const trialPlans = useTrialPlans(user?.id, Boolean(data?.trials.length));
  const format = numberFormatter(i18n.resolvedLanguage);
  const figures: Record<CustomerFigure, number> | undefined = data && {
    ...data.licenses,
    pendingRequests: data.requests.pending,
    ...data.tickets,
    openOrders: data.orders.open,
    awaitingMe: data.orders.awaitingMe,
  };

  return (
    <>
      <PageHeader title={t("pages.dashboard.welcome", { name })} description={t("pages.dashboard.subtitle")} />
      {dashboard.isError && <DashboardError onRetry={() => void dashboard.refetch()} />}
      <AfterFirstPaint>
        <Stack gap="lg">
          <section aria-labelledby="overview-title">
            <Title order={2} fz="h4" mb="sm" id="overview-title">
              {t("dashboards.overview")}
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {tiles.map((tile) => (
                <FigureTile
                  key={tile.figure}
                  testId={`figure-${tile.figure}`}
                  label={t(`dashboards.figures.${tile.figure}`)}
                  value={figures && format(figures[tile.figure])}
                  to={customerFigureLinks[tile.figure]}
                  icon={tile.icon}
                  color={tile.color}
                />
              ))}
            </SimpleGrid>
          </section>
          {data && <TrialsCard trials={data.trials} planOf={(id) => trialPlans.data?.get(id)} />}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="by-status-title" className={classes.statusPanel}>
              <Title order={2} fz="h4" mb="md" id="by-status-title">
                {t("dashboards.licensesByStatus")}
              </Title>
              {data ? (
                <LicensesByStatus
                  licenses={data.licenses}
                  format={format}
                  labels={{ active: t("dashboards.figures.active"), notActivated: t("dashboards.figures.notActivated"), deactivated: t("dashboards.figures.deactivated") }}
                  links={customerFigureLinks}
                />
              ) : (
                <>
                  <Skeleton height={14} radius="xl" />
                  <Skeleton height={20} mt="sm" width="70%" />
                </>
              )}
            </Card>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="expiring-title">
              <Title order={2} fz="h4" mb="sm" id="expiring-title">
                {t("dashboards.expiringTitle")}
              </Title>
              <ScrollArea.Autosize mah={180} type="auto" className={classes.expiringSlot}>
                {!data ? (
                  <Stack gap="xs">
                    <Skeleton height={40} />
                    <Skeleton height={40} />
                  </Stack>
                ) : data.expiring.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("dashboards.expiringEmpty")}
                  </Text>
                ) : (
                  <Stack gap="xs" component="ul" className={classes.plainList} data-testid="expiring-list">
                    {data.expiring.map((license) => (
                      <li key={license.id}>
                        <Group justify="space-between" wrap="wrap" gap={4}>
                          <Anchor component={Link} to={licenseLink(license.id)} size="sm" data-testid="expiring-link">
                            <Code dir="ltr">{license.key}</Code>
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {license.planName} · {t("dashboards.expiresOn", { date: formatDate(license.expiresAt, i18n.resolvedLanguage ?? "en") })}
                          </Text>
                        </Group>
                      </li>
                    ))}
                  </Stack>
                )}
              </ScrollArea.Autosize>
            </Card>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quick-actions-title">
              <Title order={2} fz="h4" mb="sm" id="quick-actions-title">
                {t("dashboards.quickActions")}
              </Title>
              <Stack gap={6}>
                {quickActions.map((action) => (
                  <Card key={action.to} component={Link} to={action.to} withBorder radius="md" padding="sm" className={classes.linkCard}>
                    <Group wrap="nowrap" gap="sm">
                      <ThemeIcon size={32} radius="md" variant="light" aria-hidden>
                        <action.icon size={18} />
                      </ThemeIcon>
                      <Text fw={500} size="sm">
                        {t(action.label)}
                      </Text>
                    </Group>
                  </Card>
                ))}
              </Stack>
            </Card>
            <RecentActivity entries={data?.recentActivity} />
          </SimpleGrid>
        </Stack>
      </AfterFirstPaint>
    </>
  );
}

export { DashboardPage as Component };
