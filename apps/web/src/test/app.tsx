import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { mount } from "./dom";

/**
 * Mounts `element` as the app would show it: Mantine (with the toast container), a fresh query
 * client that does not retry, and a memory router at `url` whose route `path` renders the element.
 */
export function mountInApp(element: ReactNode, { url = "/", path = "*" }: { url?: string; path?: string } = {}): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  mount(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return queryClient;
}

/** Elements by test id, and the page's text, as the component tests read them. */
export const byTestId = (id: string, scope: ParentNode = document) => scope.querySelector<HTMLElement>(`[data-testid="${id}"]`);
export const allByTestId = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
export const pageText = () => document.body.textContent ?? "";
