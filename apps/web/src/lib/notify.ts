import { notifications } from "@mantine/notifications";
import type { ErrorType } from "@portal/contract";
import { i18n } from "./i18n";
import { parseApiError, type ParsedError } from "./errors";

/** Toast colours by the error parser's type: danger, warning or info (spec section 8). */
const colorByType: Record<ErrorType | "success", string> = {
  error: "red",
  warning: "yellow",
  info: "blue",
  success: "teal",
};

/** Mantine's close button has no name of its own (axe button-name). */
const closeButtonProps = () => ({ "aria-label": i18n.t("common.close") });

export interface ToastOptions {
  /**
   * The flow the toast belongs to; one toast per flow: a toast with the id of one still showing
   * replaces it, so an earlier error does not stay beside the success that followed it. The new toast
   * closes after its own full time, whatever was left of the one it replaced.
   */
  id?: string;
}

type Toast = Omit<Parameters<typeof notifications.show>[0], "id" | "onClose">;

/**
 * The toast container (app/notifications-host.tsx, with its transitions and scroll-lock helpers,
 * ~13 KB compressed) is fetched only when the first toast is asked for: most visits to /auth/login
 * never show one. Until the container has mounted, toasts wait here in the order they were asked
 * for, and are shown once it is there, so the first one slides in like every later one (Mantine's
 * container shows a toast already in its store at mount without its enter transition).
 */
let hostMounted = false;
const waitingForHost: (() => void)[] = [];
const hostRequestListeners = new Set<() => void>();

/** Called by the container once mounted: shows what waited for it. */
export function toastHostMounted(): void {
  hostMounted = true;
  for (const action of waitingForHost.splice(0)) action();
}

/** Whether a toast has been asked for, so the container must be mounted (app/providers.tsx). */
export function isToastHostWanted(): boolean {
  return hostMounted || waitingForHost.length > 0;
}

export function subscribeToastHostWanted(listener: () => void): () => void {
  hostRequestListeners.add(listener);
  return () => hostRequestListeners.delete(listener);
}

function whenHostMounted(action: () => void): void {
  if (hostMounted) {
    action();
    return;
  }
  waitingForHost.push(action);
  if (waitingForHost.length === 1) for (const listener of hostRequestListeners) listener();
}

/** The Mantine id of the toast each flow shows now, while it shows (after `notifications.clean()` an entry may outlive its toast: hiding it then does nothing). */
const shownByFlow = new Map<string, string>();
let shownCount = 0;

/**
 * Shows `toast`, replacing the one `flow` shows. Each toast gets a Mantine id of its own: Mantine keys
 * a toast's element by its id, so a toast hidden and shown again under the same id in one tick keeps
 * the element, and with it the old toast's auto-close timer (the container restarts it only when the
 * duration changes): a success replacing a warning closed within what was left of the warning's time.
 * Under a new id the replaced toast leaves with its exit transition and the new one gets its full time.
 */
function show(toast: Toast, flow: string | undefined): void {
  whenHostMounted(() => showNow(toast, flow));
}

function showNow(toast: Toast, flow: string | undefined): void {
  if (flow === undefined) {
    notifications.show(toast);
    return;
  }
  const replaced = shownByFlow.get(flow);
  if (replaced !== undefined) notifications.hide(replaced);
  shownCount += 1;
  const id = `${flow}:${shownCount}`;
  shownByFlow.set(flow, id);
  notifications.show({
    ...toast,
    id,
    // Closed by its timer, by hand or by its replacement: the flow shows nothing any more.
    onClose: () => {
      if (shownByFlow.get(flow) === id) shownByFlow.delete(flow);
    },
  });
}

/** Work under way (a download): stays, without a close button, until a toast with the same id replaces it. */
export function notifyLoading(message: string, { id }: Required<ToastOptions>): void {
  show({ loading: true, message, autoClose: false, withCloseButton: false, withBorder: true }, id);
}

export function notifySuccess(message: string, { id }: ToastOptions = {}): void {
  show({ color: colorByType.success, message, withBorder: true, closeButtonProps: closeButtonProps() }, id);
}

export function notifyMessage(message: string, type: ErrorType, { id }: ToastOptions = {}): void {
  show(
    {
      color: colorByType[type],
      title: i18n.t(`errors.types.${type}`),
      message,
      withBorder: true,
      closeButtonProps: closeButtonProps(),
      style: { whiteSpace: "pre-line" },
      // Under a title Mantine greys the text to 3.3:1; the theme's dimmed colour is AA in both schemes.
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    },
    id,
  );
}

/** Parses any thrown value with the spec's parser and shows it as a toast; returns what it showed. */
export function notifyError(error: unknown, options: ToastOptions = {}): ParsedError {
  const parsed = parseApiError(error, i18n.t);
  notifyMessage(parsed.message, parsed.type, options);
  return parsed;
}
