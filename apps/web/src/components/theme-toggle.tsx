import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Light/dark switch; Mantine stores the choice under the `theme` key (see app/providers.tsx). */
export function useThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  return { scheme, toggle: () => setColorScheme(scheme === "dark" ? "light" : "dark") };
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const { scheme, toggle } = useThemeToggle();
  const label = scheme === "dark" ? t("theme.switchToLight") : t("theme.switchToDark");
  return (
    <ActionIcon variant="default" size="lg" onClick={toggle} aria-label={label} title={label} data-testid="theme-toggle">
      {scheme === "dark" ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}
