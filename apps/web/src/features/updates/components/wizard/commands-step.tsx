import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconCheck, IconPlus, IconTrash } from "@tabler/icons-react";
import { UPDATE_LIMITS, type Update } from "@portal/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { parseApiError } from "@/lib/errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { useSendCommands } from "../../api/updates";
import { checkCommands, moveItem, WIZARD_TOAST, type CommandDraft, type CommandProblem } from "../../lib/wizard-rules";

let commandCounter = 0;
const newCommand = (text = ""): CommandDraft => ({ id: `command-${(commandCounter += 1)}`, text });

/** The two move buttons of a command. */
const moves = [
  { by: -1, control: "up", tooltip: "updates.wizard.moveUp", label: "updates.wizard.moveUpNamed" },
  { by: 1, control: "down", tooltip: "updates.wizard.moveDown", label: "updates.wizard.moveDownNamed" },
] as const;

/** Where focus goes after a change: a command's input, or one of its move buttons after it moved. */
type FocusTarget = { id: string; control: "input" | "up" | "down" };

/**
 * Step 2: the install commands, in order. Add, edit, move up or down (buttons, so the keyboard can
 * reorder; focus stays on the moved command's button and the new position is announced), remove;
 * then they are sent to the draft.
 */
export function CommandsStep({ update, onSent }: { update: Update; onSent: (update: Update) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const send = useSendCommands();
  const [commands, setCommands] = useState<CommandDraft[]>(() => update.commands.map((text) => newCommand(text)));
  const [problems, setProblems] = useState<Record<string, CommandProblem> | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const pendingFocus = useRef<FocusTarget | null>(null);
  const controls = useRef(new Map<string, HTMLElement>());
  /** A command's place as people count it (1, 2, …), in the interface's digits. */
  const number = (index: number) => (index + 1).toLocaleString(language);

  // After the render that moved, added or removed a command: focus where the visitor expects it.
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    // A move button that is now disabled (first or last place) hands focus to its sibling.
    const own = controls.current.get(`${focus.id}:${focus.control}`);
    const sibling = controls.current.get(`${focus.id}:${focus.control === "up" ? "down" : "up"}`);
    const target = own && !own.hasAttribute("disabled") ? own : sibling;
    target?.focus();
  });

  const register = (id: string, control: FocusTarget["control"]) => (element: HTMLElement | null) => {
    if (element) controls.current.set(`${id}:${control}`, element);
    else controls.current.delete(`${id}:${control}`);
  };

  const edit = (next: CommandDraft[]) => {
    setCommands(next);
    if (problems) setProblems(checkCommands(next).problems);
  };
  const add = () => {
    const command = newCommand();
    edit([...commands, command]);
    pendingFocus.current = { id: command.id, control: "input" };
  };
  const move = (index: number, by: -1 | 1) => {
    const command = commands[index];
    if (!command) return;
    const next = moveItem(commands, index, index + by);
    edit(next);
    setAnnouncement(t("updates.wizard.commandMoved", { position: number(index + by), total: next.length.toLocaleString(language) }));
    pendingFocus.current = { id: command.id, control: by < 0 ? "up" : "down" };
  };
  const remove = (index: number) => {
    const next = commands.filter((_, other) => other !== index);
    edit(next);
    setAnnouncement(t("updates.wizard.commandRemoved", { position: number(index) }));
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) pendingFocus.current = { id: neighbour.id, control: "input" };
  };

  const submit = () => {
    const checked = checkCommands(commands);
    setProblems(checked.problems);
    if (!checked.ok) {
      notifyMessage(checked.tooMany ? t("updates.wizard.tooManyCommands", { max: UPDATE_LIMITS.maxCommands }) : t("updates.wizard.fixCommands"), "warning", WIZARD_TOAST);
      return;
    }
    // mutateAsync, not mutate's callbacks: the saved draft re-renders the wizard, which may unmount this step first.
    send.mutateAsync({ id: update.id, commands: commands.map((command) => command.text.trim()) }).then(
      (sent) => {
        notifySuccess(t("updates.wizard.commandsSent"), WIZARD_TOAST);
        onSent(sent);
      },
      (error: unknown) => notifyMessage(t("updates.wizard.commandsFailed", { reason: parseApiError(error, t).message }), "error", WIZARD_TOAST),
    );
  };

  const problemText = (problem: CommandProblem | undefined) =>
    problem === "empty" ? t("updates.wizard.commandEmpty") : problem === "tooLong" ? t("updates.wizard.commandTooLong", { max: UPDATE_LIMITS.maxCommandLength }) : undefined;

  return (
    <Stack gap="md" data-testid="wizard-commands">
      <Text size="sm" c="dimmed">
        {t("updates.wizard.commandsHint")}
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {commands.length === 0 ? (
        <Paper withBorder radius="md" p="md" data-testid="commands-empty">
          <Text size="sm" c="dimmed">
            {t("updates.wizard.noCommands")}
          </Text>
        </Paper>
      ) : (
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: "none" }} aria-label={t("updates.wizard.commandsLabel")} data-testid="commands-list">
          {commands.map((command, index) => (
            <Paper key={command.id} withBorder radius="md" p="xs" component="li" data-testid="command-item">
              {/* On a phone the buttons wrap under the command rather than squeeze it. */}
              <Group gap="xs" wrap="wrap" align="flex-start">
                <Text size="sm" fw={600} c="dimmed" w={28} ta="center" pt={8} aria-hidden style={{ flexShrink: 0 }}>
                  {number(index)}
                </Text>
                <TextInput
                  ref={register(command.id, "input")}
                  aria-label={t("updates.wizard.commandLabel", { position: number(index) })}
                  placeholder={t("updates.wizard.commandPlaceholder")}
                  value={command.text}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    edit(commands.map((other) => (other.id === command.id ? { ...other, text } : other)));
                  }}
                  onKeyDown={(event) => {
                    if (event.key === "Enter" && !event.nativeEvent.isComposing) {
                      event.preventDefault();
                      if (index === commands.length - 1) add();
                    }
                  }}
                  error={problemText(problems?.[command.id])}
                  maxLength={UPDATE_LIMITS.maxCommandLength}
                  dir="ltr"
                  styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
                  disabled={send.isPending}
                  style={{ flex: "1 1 200px", minWidth: 0 }}
                  data-testid="command-input"
                />
                <Group gap={2} wrap="nowrap" ms="auto" style={{ flexShrink: 0 }}>
                  {moves.map((direction) => {
                    const up = direction.by < 0;
                    const Icon = up ? IconArrowUp : IconArrowDown;
                    return (
                      <Tooltip key={direction.control} label={t(direction.tooltip)} withArrow openDelay={300}>
                        <ActionIcon
                          ref={register(command.id, direction.control)}
                          variant="subtle"
                          size="lg"
                          disabled={(up ? index === 0 : index === commands.length - 1) || send.isPending}
                          onClick={() => move(index, direction.by)}
                          aria-label={t(direction.label, { position: number(index) })}
                          data-testid={`command-${direction.control}`}
                        >
                          <Icon size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    );
                  })}
                  <Tooltip label={t("updates.wizard.removeCommand")} withArrow openDelay={300}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      disabled={send.isPending}
                      onClick={() => remove(index)}
                      aria-label={t("updates.wizard.removeCommandNamed", { position: number(index) })}
                      data-testid="command-remove"
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={send.isPending || commands.length >= UPDATE_LIMITS.maxCommands}
          data-testid="command-add"
        >
          {t("updates.wizard.addCommand")}
        </Button>
        <Button onClick={submit} loading={send.isPending} leftSection={<IconCheck size={16} aria-hidden />} data-testid="commands-send">
          {t("updates.wizard.sendCommands")}
        </Button>
      </Group>
    </Stack>
  );
}
