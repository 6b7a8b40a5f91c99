import { Anchor, Badge, Button, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import { IconClockHour4, IconShoppingCart } from "@tabler/icons-react";
import type { ExpiringLicense } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { daysLeft } from "@/lib/days-left";
import { formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { licenseLink } from "../lib/figure-links";
import classes from "./dashboard.module.css";

/**
 * The customer's running trials, ending soonest first: each with its days left, a link to the licence
 * and "Buy", which leads to the plan's order (the plan's confirmation) once its id is known, to the
 * pricing plans until then. Not drawn when there are none.
 */
export function TrialsCard({ trials, planOf, now }: { trials: ExpiringLicense[]; planOf?: (licenseId: string) => string | undefined; now?: number }) {
  const { t, i18n } = useTranslation();
  if (trials.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trials-title" data-testid="trials-card">
      <Title order={2} fz="h4" mb="sm" id="trials-title">
        {t("dashboards.trials.title")}
      </Title>
      <Stack gap="sm" component="ul" className={classes.plainList} data-testid="trials-list">
        {trials.map((trial) => {
          const planId = planOf?.(trial.id);
          return (
            <li key={trial.id} data-testid="trial-row">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600} dir="auto">
                      {trial.planName}
                    </Text>
                    <Badge color="blue" variant="light" radius="sm" leftSection={<IconClockHour4 size={12} aria-hidden />} data-testid="trial-days-left">
                      {t("dashboards.trials.daysLeft", { count: Math.max(1, daysLeft(trial.expiresAt, now)) })}
                    </Badge>
                  </Group>
                  <Group gap="xs" wrap="wrap">
                    <Anchor component={Link} to={licenseLink(trial.id)} size="sm">
                      <Code dir="ltr">{trial.key}</Code>
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t("dashboards.trials.endsOn", { date: formatDate(trial.expiresAt, i18n.resolvedLanguage ?? "en") })}
                    </Text>
                  </Group>
                </Stack>
                <Button
                  component={Link}
                  to={planId ? paths.planConfirmation(planId) : paths.pricingPlans}
                  size="xs"
                  variant="light"
                  leftSection={<IconShoppingCart size={14} aria-hidden />}
                  aria-label={t("dashboards.trials.buyPlan", { plan: trial.planName })}
                  data-testid="trial-buy"
                >
                  {t("dashboards.trials.buy")}
                </Button>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}
