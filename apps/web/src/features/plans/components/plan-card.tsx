import { Badge, Button, Card, Divider, Group, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconCircleCheckFilled, IconTools } from "@tabler/icons-react";
import type { Plan } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/lib/paths";
import { PlanPrice } from "./plan-price";
import { PlanTrial, type TrialAvailability } from "./plan-trial";
import classes from "./plan-card.module.css";

/**
 * One plan of the pricing carousel: price, terms, features and services, and "select plan" or
 * "current plan"; a plan that offers a free trial adds "Start N-day free trial" under it.
 */
export function PlanCard({ plan, current, trial = "available" }: { plan: Plan; current: boolean; trial?: TrialAvailability }) {
  const { t } = useTranslation();
  const headingId = `plan-${plan.id}-name`;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      className={classes.card}
      data-current={current || undefined}
      aria-labelledby={headingId}
      component="article"
      data-testid="plan-card"
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} fz="h3" id={headingId} className={classes.name} dir="auto">
            {plan.name}
          </Title>
          {current && (
            <Badge color="teal" variant="filled" leftSection={<IconCircleCheckFilled size={12} aria-hidden />} className={classes.currentBadge} data-testid="current-plan-badge">
              {t("commerce.pricing.currentPlan")}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} mih="2.6em" dir={plan.description ? "auto" : undefined}>
          {plan.description || t("commerce.common.noDescription")}
        </Text>
        <PlanPrice plan={plan} />
        <Group gap="xs">
          <Badge variant="light" color="gray" radius="sm">
            {t("commerce.pricing.validFor", { count: plan.durationDays })}
          </Badge>
          <Badge variant="light" color="gray" radius="sm">
            {t("commerce.pricing.activations", { count: plan.maxActivations })}
          </Badge>
        </Group>
        <Divider />
        <Stack gap={6} style={{ flex: 1 }}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {t("commerce.pricing.includes")}
          </Text>
          {plan.features.length > 0 ? (
            <List
              spacing={6}
              size="sm"
              center
              icon={
                <ThemeIcon size={20} radius="xl" variant="light">
                  <IconCheck size={13} aria-hidden />
                </ThemeIcon>
              }
            >
              {plan.features.map((feature) => (
                <List.Item key={feature.id}>
                  <bdi>{feature.name}</bdi>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {t("commerce.plans.noFeatures")}
            </Text>
          )}
          {plan.services.length > 0 && (
            <>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt="xs">
                {t("commerce.pricing.alsoIncluded")}
              </Text>
              <List
                spacing={6}
                size="sm"
                center
                icon={
                  <ThemeIcon size={20} radius="xl" variant="light" color="gray">
                    <IconTools size={12} aria-hidden />
                  </ThemeIcon>
                }
              >
                {plan.services.map((service) => (
                  <List.Item key={service.id}>
                    <bdi>{service.name}</bdi>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
        {/* The trial sits above the plan's own action, so every card's "Select plan" lines up at the bottom. */}
        {offersTrial(plan) && <PlanTrial plan={plan} availability={trial} describedBy={headingId} />}
        {current ? (
          <Button fullWidth variant="light" color="teal" disabled aria-describedby={headingId}>
            {t("commerce.pricing.currentPlan")}
          </Button>
        ) : (
          <Button fullWidth component={Link} to={paths.planConfirmation(plan.id)} aria-describedby={headingId}>
            {t("commerce.pricing.selectPlan")}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

const offersTrial = (plan: Plan): plan is Plan & { trialDays: number } => typeof plan.trialDays === "number" && plan.trialDays > 0;
