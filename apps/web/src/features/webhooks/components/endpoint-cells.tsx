import { Anchor, Code, Group, Stack, Text, Tooltip } from "@mantine/core";
import type { WebhookEndpoint } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/lib/paths";
import { subscribesToAll } from "../lib/event-groups";

/** The URL, the row's link, with the description under it. */
export function EndpointUrlCell({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <Stack gap={0} maw={360}>
      <Anchor component={Link} to={paths.admin.webhook(endpoint.id)} size="sm" fw={600} dir="ltr" ta="start" underline="hover" truncate="end" title={endpoint.url} data-testid="webhook-endpoint-link">
        {endpoint.url}
      </Anchor>
      {endpoint.description && (
        <Text size="xs" c="dimmed" truncate="end" title={endpoint.description} dir="auto">
          {endpoint.description}
        </Text>
      )}
    </Stack>
  );
}

/** "All events", or how many with the first two names and the rest in a tooltip. */
export function EventsSummary({ events }: { events: string[] }) {
  const { t } = useTranslation();
  if (subscribesToAll(events)) return <Text size="sm">{t("webhooks.events.allShort")}</Text>;
  const shown = events.slice(0, 2);
  return (
    <Tooltip label={events.join(", ")} multiline maw={360} withArrow disabled={events.length <= shown.length}>
      <Stack gap={2} data-testid="webhook-events-summary">
        <Text size="xs" c="dimmed">
          {t("webhooks.events.count", { count: events.length })}
        </Text>
        <Group gap={4} wrap="wrap">
          {shown.map((event) => (
            <Code key={event} fz="xs" dir="ltr" style={{ whiteSpace: "nowrap" }}>
              {event}
            </Code>
          ))}
          {events.length > shown.length && <Text size="xs">…</Text>}
        </Group>
      </Stack>
    </Tooltip>
  );
}
