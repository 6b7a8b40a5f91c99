import { Button, type ButtonProps } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyMessage } from "@/lib/notify";

/** Writes `text` to the clipboard; throws when the browser has no clipboard or refuses (insecure page, no permission). */
export async function copyToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error("Clipboard not available");
  await navigator.clipboard.writeText(text);
}

/**
 * Copies `value` to the clipboard; says "Copied" for two seconds, or shows a toast when it cannot
 * (`failedMessage`, by default the generic "Could not copy to the clipboard").
 */
export function CopyButton({
  value,
  label,
  copiedLabel,
  failedMessage,
  ...props
}: { value: string; label?: string; copiedLabel?: string; failedMessage?: string } & Omit<ButtonProps, "onClick" | "children">) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await copyToClipboard(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      notifyMessage(failedMessage ?? t("accounts.common.copyFailed"), "error");
    }
  };

  return (
    <Button
      variant="default"
      size="xs"
      leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
      color={copied ? "teal" : undefined}
      onClick={() => void copy()}
      {...props}
    >
      <span aria-live="polite">{copied ? (copiedLabel ?? t("accounts.common.copied")) : (label ?? t("accounts.common.copy"))}</span>
    </Button>
  );
}
