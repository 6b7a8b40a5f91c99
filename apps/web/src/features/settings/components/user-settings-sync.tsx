import { useMantineColorScheme } from "@mantine/core";
import { useEffect } from "react";
import { setDisplaySettings } from "@/lib/display-settings";
import { changeLanguage, currentLanguage } from "@/lib/i18n";
import { useSettings } from "../api/settings";

/**
 * Applies the user's saved settings when they arrive (after login, on a start with a token) and
 * whenever they change (a save, a rollback): theme, language, sidebar, density and time zone, each
 * remembered on this device so the next start paints with them. The page renders first; nothing
 * waits for this request. An account that never saved any keeps what this device shows.
 */
export function UserSettingsSync() {
  const { data } = useSettings();
  const settings = data?.saved ? data.settings : undefined;
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (!settings) return;
    setColorScheme(settings.theme);
    if (settings.language !== currentLanguage()) void changeLanguage(settings.language);
    setDisplaySettings({ tableDensity: settings.tableDensity, timeZone: settings.timeZone, sidebarCollapsed: settings.sidebarCollapsed });
  }, [settings, setColorScheme]);
  return null;
}
