import { Card, Grid, Stack, Title } from "@mantine/core";
import type { Order } from "@portal/contract";
import type { ReactNode } from "react";
import { OrderLines, OrderTotals } from "./order-lines";
import { OrderTimeline } from "./order-timeline";

/**
 * One order's page body, the customer's and the team's alike: the summary and what follows it on the
 * left (lines and totals last), the timeline on the right; each side names its own cards.
 */
export function OrderLayout({
  order,
  summary,
  linesTitle,
  timelineTitle,
}: {
  order: Order;
  /** The summary card and anything shown between it and the lines (the issued licences). */
  summary: ReactNode;
  linesTitle: string;
  timelineTitle: string;
}) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="lg">
          {summary}
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-lines-title">
            <Stack gap="md">
              <Title order={2} fz="h4" id="order-lines-title">
                {linesTitle}
              </Title>
              <OrderLines order={order} />
              <OrderTotals order={order} />
            </Stack>
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-timeline-title">
          <Title order={2} fz="h4" id="order-timeline-title" mb="md">
            {timelineTitle}
          </Title>
          <OrderTimeline order={order} />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
