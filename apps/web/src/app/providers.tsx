import { DirectionProvider, localStorageColorSchemeManager, MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { directionOf, storedLanguage } from "@/lib/i18n";
import { isToastHostWanted, subscribeToastHostWanted } from "@/lib/notify";
import { storageKeys } from "@/lib/storage";
import { cssVariablesResolver, theme } from "@/lib/theme";

/**
 * The toast container (with its transitions and scroll-lock helpers, ~13 KB compressed) is fetched
 * when the first toast is asked for (lib/notify.ts), not on every page load.
 */
const NotificationsHost = lazy(() => import("./notifications-host").then((module) => ({ default: module.NotificationsHost })));

/** Mantine keeps the colour scheme ("light" | "dark") under the spec's `theme` key. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.theme });

/**
 * The theme, with a name in the reader's language for the close button of every modal and drawer
 * (Mantine's has none: axe button-name); a component that names its own keeps it.
 */
function useLocalizedTheme() {
  const { t } = useTranslation();
  const close = t("common.close");
  return useMemo(() => {
    const closeButtonProps = { "aria-label": close };
    return mergeThemeOverrides(theme, {
      components: { Modal: { defaultProps: { closeButtonProps } }, Drawer: { defaultProps: { closeButtonProps } } },
    });
  }, [close]);
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const localizedTheme = useLocalizedTheme();
  const toastHostWanted = useSyncExternalStore(subscribeToastHostWanted, isToastHostWanted);
  return (
    <DirectionProvider initialDirection={directionOf(storedLanguage())} detectDirection>
      <MantineProvider
        theme={localizedTheme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
      >
        {toastHostWanted && (
          <Suspense fallback={null}>
            <NotificationsHost />
          </Suspense>
        )}
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
