import { ActionIcon, Button, Group, Menu, Stack, Text, Tooltip } from "@mantine/core";
import { IconDots, IconPencil, IconTrash, type Icon } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { parseApiError } from "@/lib/errors";
import { notifyError, notifySuccess } from "@/lib/notify";

/** What a confirmation needs of a TanStack mutation hook's result. */
export interface ActionMutation<TVariables, TResult = unknown> {
  mutate: (variables: TVariables, callbacks: { onSuccess: (result: TResult) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
  reset?: () => void;
}

/** An action that asks first (a modal with the row's name), then runs a mutation. */
export interface RowConfirm<TRow, TVariables = string, TResult = unknown> {
  title: string;
  /** The question, naming the row. */
  message: (row: TRow) => string;
  /** More under the question (e.g. a warning when the row is the visitor's own account). */
  extra?: (row: TRow) => ReactNode;
  /** The confirm button: one text, or one per row. */
  confirmLabel: string | ((row: TRow) => string);
  cancelLabel?: string;
  /** Red confirm button. */
  danger?: boolean;
  /** Another colour of the confirm button (teal for an approval). */
  color?: string;
  /** The mutation hook (`useDeleteFeature`), called inside the dialog, and its variables for a row (default: the row's id). */
  useMutation: () => ActionMutation<TVariables, TResult>;
  variables?: (row: TRow) => TVariables;
  /** The success toast, which may tell what the server answered ("Licences issued: 3"). */
  done: (row: TRow, result: TResult) => string;
  /**
   * For some rows, a second way to go ahead beside the confirm button, with its own variables and
   * toast (an unverified account: "Approve only" beside "Approve and verify e-mail").
   */
  secondary?: (row: TRow) => { label: string; variables: TVariables; done: string; testId?: string } | undefined;
  /** After success, once the dialog has closed (e.g. leave the page of a deleted row). */
  after?: (row: TRow) => void;
  /**
   * "dialog" (default): a refusal (e.g. 409 in use) is shown in the dialog, which stays open so the
   * visitor reads why. "toast": the dialog closes and the parsed error is a toast.
   */
  errorIn?: "dialog" | "toast";
  testId?: string;
  confirmTestId?: string;
}

/**
 * One action of a row: a link (`to`), the form modal (`edit`), a confirmation (`confirm`) or any
 * `onClick`. Shown as an icon button (named "<label>: <row name>") or as a menu item.
 */
export interface RowAction<TRow> {
  id: string;
  label: string;
  /** Needed by icon buttons; a text button (`beside: "text"`) may go without. */
  icon?: Icon;
  color?: string;
  /** Only rows for which this is true offer the action (e.g. "Unlock" for locked accounts). */
  when?: (row: TRow) => boolean;
  /** Rows for which the action is offered but cannot run now (a download of a deactivated licence). */
  disabled?: (row: TRow) => boolean;
  /**
   * With `as: "menu"`, the action a row is mostly opened for stands beside the "…" button instead of
   * inside it: an icon button named by its label alone ("icon"; the menu button's name says the row)
   * or a small text button ("text"), in `variant` (default "subtle").
   */
  beside?: "icon" | "text";
  variant?: "light" | "subtle";
  to?: (row: TRow) => string;
  edit?: boolean;
  // The variables' and results' types differ per action; `any` keeps a list of them simple.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  confirm?: RowConfirm<TRow, any, any>;
  onClick?: (row: TRow) => void;
  testId?: string;
}

export interface RowActions<TRow> {
  /** "buttons" (default): icon buttons with tooltips; "menu": a "…" menu, for many or state-dependent actions. */
  as?: "buttons" | "menu";
  /** The column header (visually hidden for a menu). */
  header: string;
  /** Accessible name of the group or menu button, e.g. "Actions for Ada". */
  label: (row: TRow) => string;
  /** Test id of the menu button. */
  testId?: string;
  items: RowAction<TRow>[];
}

/** The usual edit action: opens the form modal on the row (it fits any row type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function editAction(label: string): RowAction<any> {
  return { id: "edit", label, icon: IconPencil, edit: true };
}

/** The usual delete action: red, asks first. */
export function deleteAction<TRow>(label: string, confirm: Omit<RowConfirm<TRow>, "confirmLabel" | "danger">): RowAction<TRow> {
  return { id: "delete", label, icon: IconTrash, color: "red", confirm: { confirmLabel: label, danger: true, ...confirm } };
}

export function RowActionsCell<TRow>({
  row,
  name,
  actions,
  onAction,
}: {
  row: TRow;
  name: string;
  actions: RowActions<TRow>;
  onAction: (action: RowAction<TRow>, row: TRow) => void;
}) {
  const items = actions.items.filter((action) => action.when?.(row) ?? true);
  if (actions.as === "menu") {
    const inMenu = items.filter((action) => !action.beside);
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        {items.map((action) => action.beside && <BesideButton key={action.id} action={action} row={row} onAction={onAction} />)}
        {/* A row whose every action stands beside (or that has none now) gets no empty menu. */}
        {inMenu.length > 0 && (
          <Menu position="bottom-end" withinPortal shadow="md" width={240}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={actions.label(row)} data-testid={actions.testId}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {inMenu.map((action) => {
                const ItemIcon = action.icon;
                const props = {
                  color: action.color,
                  disabled: action.disabled?.(row),
                  leftSection: ItemIcon && <ItemIcon size={16} aria-hidden />,
                  "data-testid": action.testId,
                  children: action.label,
                };
                return action.to ? (
                  <Menu.Item key={action.id} component={Link} to={action.to(row)} {...props} />
                ) : (
                  <Menu.Item key={action.id} onClick={() => onAction(action, row)} {...props} />
                );
              })}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={actions.label(row)}>
      {items.map((action) => {
        const ItemIcon = action.icon;
        const props = {
          variant: "subtle",
          color: action.color,
          disabled: action.disabled?.(row),
          "aria-label": `${action.label}: ${name}`,
          "data-testid": action.testId,
          children: ItemIcon && <ItemIcon size={18} aria-hidden />,
        };
        return (
          <Tooltip key={action.id} label={action.label}>
            {action.to ? <ActionIcon component={Link} to={action.to(row)} {...props} /> : <ActionIcon onClick={() => onAction(action, row)} {...props} />}
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** An action of a "menu" row that stands beside its "…" button (`beside`). */
function BesideButton<TRow>({ action, row, onAction }: { action: RowAction<TRow>; row: TRow; onAction: (action: RowAction<TRow>, row: TRow) => void }) {
  const ItemIcon = action.icon;
  const variant = action.variant ?? "subtle";
  const disabled = action.disabled?.(row);
  const onClick = () => onAction(action, row);
  if (action.beside === "icon") {
    const props = {
      variant,
      color: action.color,
      disabled,
      "aria-label": action.label,
      "data-testid": action.testId,
      children: ItemIcon && <ItemIcon size={16} aria-hidden />,
    };
    return (
      <Tooltip label={action.label} openDelay={300} withArrow>
        {action.to ? <ActionIcon component={Link} to={action.to(row)} {...props} /> : <ActionIcon onClick={onClick} {...props} />}
      </Tooltip>
    );
  }
  const props = {
    size: "compact-sm",
    variant,
    color: action.color,
    disabled,
    leftSection: ItemIcon && <ItemIcon size={14} aria-hidden />,
    "data-testid": action.testId,
    children: action.label,
  };
  return action.to ? <Button component={Link} to={action.to(row)} {...props} /> : <Button onClick={onClick} {...props} />;
}

/**
 * The confirmation of one action, open while `row` is set. It keeps showing the last row while it
 * fades out, and calls the action's mutation hook itself (one dialog per action with `confirm`).
 */
export function RowConfirmDialog<TRow extends { id: string }>({
  confirm,
  row,
  onClose,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  confirm: RowConfirm<TRow, any, any>;
  row: TRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mutation = confirm.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(row);
  // Which button's request runs, so only that one spins.
  const [running, setRunning] = useState<"confirm" | "secondary">("confirm");
  if (row !== null && row !== shown) setShown(row);
  const secondary = shown ? confirm.secondary?.(shown) : undefined;

  const close = () => {
    setError(null);
    mutation.reset?.();
    onClose();
  };
  const run = (choice: "confirm" | "secondary") => {
    if (!row) return;
    const other = choice === "secondary" ? confirm.secondary?.(row) : undefined;
    setError(null);
    setRunning(choice);
    const toast = confirm.errorIn === "toast";
    mutation.mutate(other ? other.variables : confirm.variables ? confirm.variables(row) : row.id, {
      onSuccess: (result) => {
        notifySuccess(other ? other.done : confirm.done(row, result));
        close();
        confirm.after?.(row);
      },
      onError: (failure) => {
        if (toast) {
          notifyError(failure);
          close();
        } else {
          setError(parseApiError(failure, t).message);
        }
      },
    });
  };

  return (
    <ConfirmDialog
      opened={row !== null}
      onClose={close}
      onConfirm={() => run("confirm")}
      title={confirm.title}
      confirmLabel={typeof confirm.confirmLabel === "function" ? (shown ? confirm.confirmLabel(shown) : "") : confirm.confirmLabel}
      cancelLabel={confirm.cancelLabel ?? t("commerce.common.cancel")}
      danger={confirm.danger}
      color={confirm.color}
      loading={mutation.isPending && running === "confirm"}
      secondary={
        secondary && { label: secondary.label, onConfirm: () => run("secondary"), loading: mutation.isPending && running === "secondary", testId: secondary.testId }
      }
      error={error}
      testId={confirm.testId}
      confirmTestId={confirm.confirmTestId}
    >
      {shown &&
        (confirm.extra ? (
          <Stack gap="md">
            <Text size="sm">{confirm.message(shown)}</Text>
            {confirm.extra(shown)}
          </Stack>
        ) : (
          confirm.message(shown)
        ))}
    </ConfirmDialog>
  );
}
