import { Card, Skeleton, Text, ThemeIcon, Group } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import { Link } from "react-router";
import classes from "./dashboard.module.css";

/**
 * One figure of a dashboard, a link to the list it counts. While the figures load, a skeleton of the
 * same size holds its place (the tile's height does not depend on the figure).
 */
export function FigureTile({ label, value, to, icon: TileIcon, color = "brand", testId }: { label: string; value: string | undefined; to: string; icon: Icon; color?: string; testId: string }) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md" className={classes.tile} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm" c="dimmed" fw={500} lh={1.3} className={classes.tileLabel}>
          {label}
        </Text>
        <ThemeIcon size={28} radius="md" variant="light" color={color} aria-hidden className={classes.tileIcon}>
          <TileIcon size={16} />
        </ThemeIcon>
      </Group>
      {value === undefined ? (
        <Skeleton height={30} width={56} mt={6} />
      ) : (
        <Text fz={26} fw={700} lh="36px" data-testid={`${testId}-value`}>
          {value}
        </Text>
      )}
    </Card>
  );
}
