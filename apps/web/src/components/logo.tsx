import { Group, Text, type GroupProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { logoMark } from "./logo-mark";

interface LogoMarkProps {
  color: string;
  size: number;
  /** Names the mark for assistive technology; without it the mark is decoration. */
  label?: string;
  shieldOpacity?: number;
  className?: string;
}

/** The product mark: a key inside a shield, drawn inline so it needs no request (CSP img-src 'self'). */
export function LogoMark({ color, size, label, shieldOpacity = 0.14, className }: LogoMarkProps) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={label} aria-hidden={label ? undefined : true}>
      <path d={logoMark.shield} fill={color} opacity={shieldOpacity} />
      <path d={logoMark.shield} fill="none" stroke={color} strokeWidth="2" />
      <circle {...logoMark.keyRing} fill="none" stroke={color} strokeWidth="2.2" />
      <path d={logoMark.keyBit} stroke={color} strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

interface LogoProps extends Omit<GroupProps, "children"> {
  /** Show the product name next to the mark. */
  withName?: boolean;
  /** Colour of the mark and name; the primary colour by default. */
  tone?: "primary" | "white";
  size?: number;
}

/** The mark, and by default the product name beside it. */
export function Logo({ withName = true, tone = "primary", size = 32, ...props }: LogoProps) {
  const { t } = useTranslation();
  const white = tone === "white";
  return (
    <Group gap="xs" wrap="nowrap" {...props}>
      <LogoMark
        color={white ? "#ffffff" : "var(--mantine-primary-color-filled)"}
        size={size}
        label={withName ? undefined : t("app.name")}
        shieldOpacity={white ? 0.18 : 0.14}
      />
      {withName && (
        <Text component="span" fw={700} fz="lg" c={white ? "white" : undefined} style={{ whiteSpace: "nowrap" }}>
          {t("app.name")}
        </Text>
      )}
    </Group>
  );
}
