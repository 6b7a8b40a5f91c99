import { Checkbox, Code, Fieldset, Input, SimpleGrid, Stack, Text } from "@mantine/core";
import { WEBHOOK_ALL_EVENTS } from "@portal/contract";
import { useId } from "react";
import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useField } from "@/components/form/use-field";
import { groupState, subscribesToAll, toggleEvents, webhookEventGroups } from "../lib/event-groups";

/**
 * The events an endpoint subscribes to: "All events (*)", or event names in their groups, each group
 * with a box that takes or leaves all of it. The names stay as code; the group names are translated.
 */
export function EventsField({ control }: { control: Control<{ events: string[] }> }) {
  const { t } = useTranslation();
  const errorId = useId();
  const {
    field,
    bound: { ref, onBlur, error: message },
  } = useField({ control, name: "events" });
  const selected = (field.value as string[] | undefined) ?? [];
  const all = subscribesToAll(selected);
  const set = (next: string[]) => {
    field.onChange(next);
    onBlur();
  };
  return (
    <Fieldset
      legend={t("webhooks.form.events")}
      variant="unstyled"
      aria-describedby={message ? errorId : undefined}
      aria-invalid={message ? true : undefined}
      data-testid="webhook-events"
    >
      <Stack gap="sm">
        <Checkbox
          ref={ref}
          checked={all}
          onChange={(event) => set(event.currentTarget.checked ? [WEBHOOK_ALL_EVENTS] : [])}
          label={t("webhooks.events.all")}
          description={t("webhooks.events.allHint")}
          data-testid="webhook-events-all"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" style={{ opacity: all ? 0.55 : 1 }}>
          {webhookEventGroups.map(({ group, events }) => {
            const state = all ? "all" : groupState(selected, events);
            const label = t(`webhooks.events.groups.${group}`);
            return (
              <Stack key={group} gap={4} role="group" aria-label={label} data-testid={`webhook-event-group-${group}`}>
                <Checkbox
                  checked={state === "all"}
                  indeterminate={state === "some"}
                  disabled={all}
                  onChange={(event) => set(toggleEvents(selected, events, event.currentTarget.checked))}
                  label={<Text size="sm" fw={600}>{label}</Text>}
                  aria-label={t("webhooks.events.groupToggle", { group: label })}
                />
                <Stack gap={8} ps={28}>
                  {events.map((name) => (
                    <Checkbox
                      key={name}
                      size="sm"
                      checked={all || selected.includes(name)}
                      disabled={all}
                      onChange={(event) => set(toggleEvents(selected, [name], event.currentTarget.checked))}
                      label={
                        <Code dir="ltr" fz="xs">
                          {name}
                        </Code>
                      }
                      aria-label={name}
                      value={name}
                    />
                  ))}
                </Stack>
              </Stack>
            );
          })}
        </SimpleGrid>
        {message && (
          <Input.Error id={errorId} role="alert" data-testid="webhook-events-error">
            {message}
          </Input.Error>
        )}
      </Stack>
    </Fieldset>
  );
}
