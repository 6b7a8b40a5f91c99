import { ActionIcon, Code, Group, Tooltip } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { copyText } from "@/lib/clipboard";

/** Copies a licence key: "License key copied!" on success, "code copy failed." when the browser refuses (spec section 8). */
export function copyLicenseKey(key: string, t: (key: "licenses.key.copied" | "licenses.key.copyFailed") => string): Promise<boolean> {
  return copyText(key, { copied: t("licenses.key.copied"), failed: t("licenses.key.copyFailed") });
}

/**
 * A licence key in a monospace chip with a copy button. Keys are Latin groups (`K7Q2M-…`): they are
 * always laid out left to right, also in Persian.
 */
export function LicenseKey({ value, size = "sm" }: { value: string; size?: "xs" | "sm" }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" dir="ltr" style={{ display: "inline-flex" }}>
      <Code
        fz={size === "xs" ? 11 : 12}
        px={8}
        py={4}
        style={{ whiteSpace: "nowrap", borderRadius: "var(--mantine-radius-xl)", letterSpacing: "0.02em" }}
        data-testid="license-key"
      >
        {value}
      </Code>
      <Tooltip label={t("licenses.key.copy")} withArrow openDelay={300}>
        <ActionIcon
          variant="subtle"
          size={size === "xs" ? "sm" : "md"}
          aria-label={t("licenses.key.copyNamed", { key: value })}
          onClick={() => void copyLicenseKey(value, t)}
        >
          <IconCopy size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
