import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCertificate, IconHelpCircle, IconShoppingCart, IconTicket, type Icon } from "@tabler/icons-react";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/lib/auth";
import { paths } from "@/lib/paths";
import classes from "./dashboard-page.module.css";

const quickLinks: { label: ParseKeys; hint: ParseKeys; to: string; icon: Icon }[] = [
  { label: "pages.dashboard.links.myLicenses", hint: "pages.dashboard.links.myLicensesHint", to: paths.myLicenses, icon: IconCertificate },
  { label: "pages.dashboard.links.pricingPlans", hint: "pages.dashboard.links.pricingPlansHint", to: paths.pricingPlans, icon: IconShoppingCart },
  { label: "pages.dashboard.links.myTickets", hint: "pages.dashboard.links.myTicketsHint", to: paths.myTickets, icon: IconTicket },
  { label: "pages.dashboard.links.faq", hint: "pages.dashboard.links.faqHint", to: paths.faq, icon: IconHelpCircle },
];

/** The user's dashboard: a greeting, quick links, and the activity list (empty until licences exist). */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const name = user ? user.firstname || user.userName : "";

  return (
    <>
      <PageHeader title={t("pages.dashboard.welcome", { name })} description={t("pages.dashboard.subtitle")} />
      <Stack gap="xl">
        <section aria-labelledby="quick-links-title">
          <Title order={2} fz="h4" mb="sm" id="quick-links-title">
            {t("pages.dashboard.quickLinks")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {quickLinks.map((link) => (
              <Card key={link.to} component={Link} to={link.to} withBorder radius="md" padding="lg" className={classes.linkCard}>
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon size={40} radius="md" variant="light">
                    <link.icon size={22} aria-hidden />
                  </ThemeIcon>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{t(link.label)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(link.hint)}
                    </Text>
                  </div>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="activity-title">
          <Title order={2} fz="h4" mb="sm" id="activity-title">
            {t("pages.dashboard.activityTitle")}
          </Title>
          <EmptyPanel title={t("pages.dashboard.emptyTitle")} description={t("pages.dashboard.emptyDescription")} />
        </section>
      </Stack>
    </>
  );
}

export { DashboardPage as Component };
