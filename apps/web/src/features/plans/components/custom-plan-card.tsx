import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheckFilled, IconPuzzle } from "@tabler/icons-react";
import type { Plan } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/lib/paths";
import { PlanPrice } from "./plan-price";
import classes from "./plan-card.module.css";

/** The last card of the carousel: build a plan from features; shows the customer's custom plan when it is the current one. */
export function CustomPlanCard({ currentCustomPlan }: { currentCustomPlan: Plan | null }) {
  const { t } = useTranslation();
  const current = Boolean(currentCustomPlan);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      className={`${classes.card} ${classes.custom}`}
      data-current={current || undefined}
      component="article"
      aria-labelledby="custom-plan-name"
      data-testid="custom-plan-card"
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon size={40} radius="md" variant="filled">
              <IconPuzzle size={22} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="h3" id="custom-plan-name">
              {t("commerce.pricing.customTitle")}
            </Title>
          </Group>
          {current && (
            <Badge color="teal" variant="filled" leftSection={<IconCircleCheckFilled size={12} aria-hidden />} className={classes.currentBadge} data-testid="current-plan-badge">
              {t("commerce.pricing.currentPlan")}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ flex: 1 }}>
          {t("commerce.pricing.customDescription")}
        </Text>
        {currentCustomPlan && (
          <Stack gap={4}>
            <PlanPrice plan={currentCustomPlan} size="lg" />
            <Text size="sm" c="dimmed">
              {t("commerce.pricing.customCurrent", { features: currentCustomPlan.features.map((feature) => feature.name).join(", ") })}
            </Text>
          </Stack>
        )}
        <Button fullWidth variant={current ? "light" : "filled"} component={Link} to={paths.customLicense}>
          {t("commerce.pricing.customAction")}
        </Button>
      </Stack>
    </Card>
  );
}
