import { DirectionProvider, localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { TOAST_AUTO_CLOSE_MS } from "@/lib/config";
import { directionOf, storedLanguage } from "@/lib/i18n";
import { storageKeys } from "@/lib/storage";
import { cssVariablesResolver, theme } from "@/lib/theme";

/** Mantine keeps the colour scheme ("light" | "dark") under the spec's `theme` key. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.theme });

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={directionOf(storedLanguage())} detectDirection>
      <MantineProvider
        theme={theme}
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
