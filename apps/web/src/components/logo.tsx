import { Group, Text, type GroupProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

interface LogoProps extends Omit<GroupProps, "children"> {
  /** Show the product name next to the mark. */
  withName?: boolean;
  /** Colour of the mark and name; the primary colour by default. */
  tone?: "primary" | "white";
  size?: number;
}

/** The product mark: a key inside a shield, drawn inline so it needs no request (CSP img-src 'self'). */
export function Logo({ withName = true, tone = "primary", size = 32, ...props }: LogoProps) {
  const { t } = useTranslation();
  const color = tone === "white" ? "#ffffff" : "var(--mantine-primary-color-filled)";
  return (
    <Group gap="xs" wrap="nowrap" {...props}>
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={withName ? undefined : t("app.name")} aria-hidden={withName || undefined}>
        <path
          d="M16 2 4 6.5v8.2c0 7.3 5 13.4 12 15.3 7-1.9 12-8 12-15.3V6.5L16 2Z"
          fill={color}
          opacity={tone === "white" ? 0.18 : 0.14}
        />
        <path d="M16 2 4 6.5v8.2c0 7.3 5 13.4 12 15.3 7-1.9 12-8 12-15.3V6.5L16 2Z" fill="none" stroke={color} strokeWidth="2" />
        <circle cx="13" cy="14" r="3.6" fill="none" stroke={color} strokeWidth="2.2" />
        <path d="M15.6 16.6 21 22m-2.4-2.4 1.9-1.9M20.2 21.2l1.6-1.6" stroke={color} strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      {withName && (
        <Text component="span" fw={700} fz="lg" c={tone === "white" ? "white" : undefined} style={{ whiteSpace: "nowrap" }}>
          {t("app.name")}
        </Text>
      )}
    </Group>
  );
}
