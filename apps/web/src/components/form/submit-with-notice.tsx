import { Button, Group, Text, type ButtonProps } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A form's submit button and, beside it, the one sentence saying what is still missing (the forms
 * whose every field is required mark the empty ones and say it once: spec section 8).
 */
export function SubmitWithNotice({
  notice,
  noticeTestId,
  children,
  ...button
}: ButtonProps & { notice: string | null; noticeTestId: string; children: ReactNode; "data-testid"?: string }) {
  return (
    <Group justify="flex-end" gap="md" wrap="wrap">
      {notice && (
        <Text size="sm" c="red" role="alert" data-testid={noticeTestId}>
          {notice}
        </Text>
      )}
      <Button type="submit" {...button}>
        {children}
      </Button>
    </Group>
  );
}
