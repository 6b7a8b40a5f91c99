import { notifyMessage, notifySuccess } from "./notify";

/** Copies a text and says so in a toast: `copied` on success, `failed` when the browser refuses. */
export async function copyText(text: string, messages: { copied: string; failed: string }): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error("Clipboard not available");
    await navigator.clipboard.writeText(text);
    notifySuccess(messages.copied);
    return true;
  } catch {
    notifyMessage(messages.failed, "error");
    return false;
  }
}
