import { Badge, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Plan } from "@portal/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChannelBadges } from "@/components/release-channels";
import { formatDate, formatDuration, formatMoney, formatNumber } from "@/lib/format";

function Term({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" component="dt">
        {label}
      </Text>
      <Text fw={500} component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** What a plan holds (its features or its services): names and descriptions, or a line saying there are none. */
function ContentsCard({ title, empty, items }: { title: string; empty: string; items: { id: string; name: string; description: string | null }[] }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {items.map((item) => (
            <li key={item.id}>
              <Text fw={500} dir="auto">
                {item.name}
              </Text>
              {item.description && (
                <Text size="sm" c="dimmed" lineClamp={2} dir="auto">
                  {item.description}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The plan's licensing policy, term by term (the admin view; the list shows it as badges). */
function PolicyCard({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="plan-policy">
      <Title order={2} fz="h4" mb="md">
        {t("commerce.plans.formSections.policy")}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="lg" component="dl" m={0}>
        <Term label={t("commerce.plans.policy.trial")}>{plan.trialDays ? t("commerce.plans.durationValue", { count: plan.trialDays }) : t("commerce.plans.policy.none")}</Term>
        <Term label={t("commerce.plans.policy.seats")}>
          {plan.floating ? t("commerce.plans.policy.floatingEvery", { duration: formatDuration(plan.heartbeatSeconds, i18n.language) }) : t("commerce.plans.policy.nodeLocked")}
        </Term>
        <Term label={t("commerce.plans.policy.expirationStrategy")}>{t(`commerce.plans.policy.strategy.${plan.expirationStrategy}`)}</Term>
        <Term label={t("commerce.plans.policy.offline")}>
          {plan.offlineTtlDays ? t("commerce.plans.durationValue", { count: plan.offlineTtlDays }) : t("commerce.plans.policy.unlimited")}
        </Term>
        <Term label={t("commerce.entitlements.channels")}>
          <ChannelBadges channels={plan.channels} />
        </Term>
      </SimpleGrid>
    </Card>
  );
}

/** A plan's terms and contents, as the admin view and the customer's confirmation show them (the admin's with the licensing policy). */
export function PlanDetails({ plan, admin = false }: { plan: Plan; admin?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="h4" mb="md">
          {t("commerce.plans.details")}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" component="dl" m={0}>
          <Term label={t("commerce.common.price")}>{formatMoney(plan.price, plan.currency, i18n.language)}</Term>
          <Term label={t("commerce.plans.billingPeriod")}>{t(`commerce.plans.period.${plan.billingPeriod}`)}</Term>
          <Term label={t("commerce.plans.duration")}>{t("commerce.plans.durationValue", { count: plan.durationDays })}</Term>
          <Term label={t("commerce.plans.maxActivations")}>{formatNumber(plan.maxActivations, i18n.language)}</Term>
          {admin && <Term label={t("commerce.plans.maxReleases")}>{formatNumber(plan.maxReleasesPer30Days, i18n.language)}</Term>}
          {admin && (
            <Term label={t("commerce.plans.activeFilter")}>
              <Badge color={plan.active ? "teal" : "gray"} variant="light">
                {plan.active ? t("commerce.plans.active") : t("commerce.plans.inactive")}
              </Badge>
            </Term>
          )}
          {admin && <Term label={t("commerce.common.created")}>{formatDate(plan.createdAt, i18n.language)}</Term>}
        </SimpleGrid>
      </Card>
      {admin && <PolicyCard plan={plan} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <ContentsCard title={t("commerce.plans.features")} empty={t("commerce.plans.noFeatures")} items={plan.features} />
        <ContentsCard title={t("commerce.plans.services")} empty={t("commerce.plans.noServices")} items={plan.services} />
      </SimpleGrid>
    </Stack>
  );
}
