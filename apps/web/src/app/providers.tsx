import { DirectionProvider, localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, type ReactNode } from "react";
import { directionOf, storedLanguage } from "@/lib/i18n";
import { storageKeys } from "@/lib/storage";
import { cssVariablesResolver, theme } from "@/lib/theme";

/**
 * The toast container (with its transitions and scroll-lock helpers, ~12 KB compressed) is fetched
 * after the first paint; a toast shown before it is there waits in Mantine's store.
 */
const NotificationsHost = lazy(() => import("./notifications-host").then((module) => ({ default: module.NotificationsHost })));

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
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
