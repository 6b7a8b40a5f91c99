import { DirectionProvider, localStorageColorSchemeManager, MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TOAST_AUTO_CLOSE_MS } from "@/lib/config";
import { directionOf, storedLanguage } from "@/lib/i18n";
import { storageKeys } from "@/lib/storage";
import { cssVariablesResolver, theme } from "@/lib/theme";

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
  return (
    <DirectionProvider initialDirection={directionOf(storedLanguage())} detectDirection>
      <MantineProvider
        theme={localizedTheme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
      >
        {/* Spec section 9 toasts: 5000 ms, top-right, 16px from the edges (offset in global.css). */}
        <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
