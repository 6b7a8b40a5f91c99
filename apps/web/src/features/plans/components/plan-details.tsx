import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Plan } from "@portal/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";

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

/** A plan's terms and contents, as the admin view and the customer's confirmation show them. */
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
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="h4" mb="sm">
            {t("commerce.plans.features")}
          </Title>
          {plan.features.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t("commerce.plans.noFeatures")}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
              {plan.features.map((feature) => (
                <Group key={feature.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={500} dir="auto">{feature.name}</Text>
                    {feature.description && (
                      <Text size="sm" c="dimmed" lineClamp={2} dir="auto">
                        {feature.description}
                      </Text>
                    )}
                  </div>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="h4" mb="sm">
            {t("commerce.plans.services")}
          </Title>
          {plan.services.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t("commerce.plans.noServices")}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
              {plan.services.map((service) => (
                <li key={service.id}>
                  <Text fw={500} dir="auto">{service.name}</Text>
                  {service.description && (
                    <Text size="sm" c="dimmed" lineClamp={2} dir="auto">
                      {service.description}
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
