import { List, ThemeIcon } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";

/** The rules a value must meet (a new password's), each ticked off in teal as it is met while typing. */
export function RuleChecklist({ id, label, rules }: { id?: string; label: string; rules: { key: string; text: string; met: boolean }[] }) {
  return (
    <List id={id} size="sm" spacing={4} center aria-label={label} mt={6}>
      {rules.map((rule) => (
        <List.Item
          key={rule.key}
          c={rule.met ? "teal" : "dimmed"}
          icon={
            <ThemeIcon size={16} radius="xl" color={rule.met ? "teal" : "gray"} variant={rule.met ? "filled" : "light"}>
              {rule.met ? <IconCheck size={11} aria-hidden /> : <IconX size={11} aria-hidden />}
            </ThemeIcon>
          }
        >
          {rule.text}
        </List.Item>
      ))}
    </List>
  );
}
