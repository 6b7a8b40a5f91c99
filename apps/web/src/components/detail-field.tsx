import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A labelled value in a detail view (a drawer, a summary): a small upper-case label over its content. */
export function DetailField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: "0.03em" }}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}
