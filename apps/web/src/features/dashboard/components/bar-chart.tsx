import { Box, Group, Text, VisuallyHidden } from "@mantine/core";
import classes from "./charts.module.css";

export interface ChartPoint {
  /** Stable key (an ISO day or month). */
  key: string;
  /** What the point is called in the interface language ("Nov 2026", "23 Nov"). */
  label: string;
  value: number;
}

/** The facts a reader takes from a bar chart, for its spoken summary: total, the highest bar, the last one. */
export function summarizeSeries(points: readonly ChartPoint[]): { total: number; peak: ChartPoint | undefined; latest: ChartPoint | undefined } {
  let peak: ChartPoint | undefined;
  let total = 0;
  for (const point of points) {
    total += point.value;
    if (point.value > 0 && (!peak || point.value > peak.value)) peak = point;
  }
  return { total, peak, latest: points.at(-1) };
}

export const CHART_HEIGHT = 140;

/**
 * A small bar chart drawn as SVG (no chart library on the dashboard): an image whose accessible name
 * is `summary`, a visually hidden table with every value for screen readers, and the first and last
 * labels under the bars. Its height is fixed, so the page does not move when it arrives.
 */
export function BarChart({
  points,
  summary,
  labelHeader,
  valueHeader,
  format,
  emptyText,
  testId,
}: {
  points: readonly ChartPoint[];
  summary: string;
  labelHeader: string;
  valueHeader: string;
  format: (value: number) => string;
  /** Said instead of the chart while every value is zero (a row of empty bars says nothing). */
  emptyText?: string;
  testId?: string;
}) {
  if (emptyText && points.every((point) => point.value === 0)) {
    return (
      <Box data-testid={testId} data-empty className={classes.empty} h={CHART_HEIGHT + 36}>
        <Text size="sm" c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Box>
    );
  }
  const max = Math.max(1, ...points.map((point) => point.value));
  const width = Math.max(1, points.length) * 10;
  return (
    <Box data-testid={testId} className={classes.chart}>
      <Group justify="space-between" gap={4} className={classes.scale} aria-hidden>
        <Text size="xs" c="dimmed">
          {format(max)}
        </Text>
      </Group>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" width="100%" height={CHART_HEIGHT} className={classes.svg}>
        <line x1={0} x2={width} y1={100} y2={100} className={classes.axis} vectorEffect="non-scaling-stroke" />
        {points.map((point, index) => {
          const height = (point.value / max) * 100;
          return (
            <rect key={point.key} x={index * 10 + 1.5} width={7} y={100 - height} height={height} rx={1} className={classes.bar}>
              <title>{`${point.label}: ${format(point.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <Group justify="space-between" gap={4} aria-hidden className={classes.labels}>
        <Text size="xs" c="dimmed">
          {points[0]?.label}
        </Text>
        <Text size="xs" c="dimmed">
          {points.at(-1)?.label}
        </Text>
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.key}>
                <th scope="row">{point.label}</th>
                <td>{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
