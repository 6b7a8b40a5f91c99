import { errorCodeOf, parseApiError } from "@/lib/errors";
import { i18n } from "@/lib/i18n";
import { notifyMessage } from "@/lib/notify";

/**
 * A refused ticket call as a toast: a catalogue code (`ticket/closed`, `ticket/attachment_type`, …)
 * shows its own translated message; anything else shows the spec's text for the operation ("Error
 * sending message.") with the server's explanation, if it gave one, on the next line.
 */
export function notifyTicketError(error: unknown, operationFailed: string): void {
  const parsed = parseApiError(error, i18n.t);
  if (errorCodeOf(error)) {
    notifyMessage(parsed.message, parsed.type);
    return;
  }
  const explained = parsed.status !== undefined && parsed.status < 500 && parsed.message !== i18n.t("errors.unexpected");
  notifyMessage(explained ? `${operationFailed}\n${parsed.message}` : operationFailed, "error");
}
