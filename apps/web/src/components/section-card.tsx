import { Card, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A bordered section of a settings-like page: an h2 title (`${id}-title`, which names the section),
 * a dimmed line under it, then its controls; `data-testid` is `testId`, else `id`.
 */
export function SectionCard({
  id,
  testId = id,
  title,
  description,
  children,
}: {
  id: string;
  testId?: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`${id}-title`} data-testid={testId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id={`${id}-title`}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}
