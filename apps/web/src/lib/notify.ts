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
   * One toast per flow: a toast with the id of one still showing replaces it, so an earlier error
   * does not stay beside the success that followed it.
   */
  id?: string;
}

function show(toast: Parameters<typeof notifications.show>[0]): void {
  if (toast.id) notifications.hide(toast.id);
  notifications.show(toast);
}

/** Work under way (a download): stays, without a close button, until a toast with the same id replaces it. */
export function notifyLoading(message: string, { id }: Required<ToastOptions>): void {
  show({ id, loading: true, message, autoClose: false, withCloseButton: false, withBorder: true });
}

export function notifySuccess(message: string, { id }: ToastOptions = {}): void {
  show({ id, color: colorByType.success, message, withBorder: true, closeButtonProps: closeButtonProps() });
}

export function notifyMessage(message: string, type: ErrorType, { id }: ToastOptions = {}): void {
  show({
    id,
    color: colorByType[type],
    title: i18n.t(`errors.types.${type}`),
    message,
    withBorder: true,
    closeButtonProps: closeButtonProps(),
    style: { whiteSpace: "pre-line" },
    // Under a title Mantine greys the text to 3.3:1; the theme's dimmed colour is AA in both schemes.
    styles: { description: { color: "var(--mantine-color-dimmed)" } },
  });
}

/** Parses any thrown value with the spec's parser and shows it as a toast; returns what it showed. */
export function notifyError(error: unknown, options: ToastOptions = {}): ParsedError {
  const parsed = parseApiError(error, i18n.t);
  notifyMessage(parsed.message, parsed.type, options);
  return parsed;
}
